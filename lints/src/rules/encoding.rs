//! An instruction's fixed encoding bits (its `bits<N> Inst`), shared by the encoding lints.

use crate::context::Context;
use tdq_core::init::InitKind;
use tdq_core::types::RecId;

/// The `Inst` field as a bit pattern, most significant bit first: `0`, `1`, or `x` for a bit
/// taken from an operand or left unset. `None` without a `bits<N> Inst`.
pub fn pattern(ctx: &Context, id: RecId) -> Option<String> {
    let InitKind::Bits(bits) = ctx.field(id, "Inst")?.value.kind() else { return None };
    Some(
        bits.iter()
            .rev()
            .map(|b| match b.kind() {
                InitKind::Bit(false) => '0',
                InitKind::Bit(true) => '1',
                _ => 'x',
            })
            .collect(),
    )
}
