//! `-gen-riscv-vector-builtin-sema`, `-gen-riscv-sifive-vector-builtin-sema` and (LLVM 22 on)
//! `-gen-riscv-andes-vector-builtin-sema` (`*_builtin_sema.inc`, for SemaRISCV.cpp): the
//! table of descriptors every def's prototype and suffixes index, and one compact record per
//! def, from which clang makes the intrinsics when `riscv_vector.h` asks for them.

use crate::BackendOptions;
use std::fmt::Write as _;
use tdq_core::{ByRelease, Evaluation};
use tdq_models::clang::rvv_intrinsics::{PolicyScheme, RvvModel, SemaRecord, SignatureTable};
use tdq_models::Fatal;

pub struct GenRiscvVectorBuiltinSema;
pub struct GenRiscvSifiveVectorBuiltinSema;
pub struct GenRiscvAndesVectorBuiltinSema;

/// An `RVVIntrinsicRecord`'s fields (the variants' names are the fields' own, which the
/// commented form prints).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Name,
    OverloadedName,
    RequiredExtensions,
    PrototypeIndex,
    SuffixIndex,
    OverloadedSuffixIndex,
    PrototypeLength,
    SuffixLength,
    OverloadedSuffixSize,
    TypeRangeMask,
    Log2LMULMask,
    NF,
    HasMasked,
    HasVL,
    HasMaskedOffOperand,
    HasTailPolicy,
    HasMaskPolicy,
    HasFRMRoundModeOp,
    AltFmt,
    IsTuple,
    UnMaskedPolicyScheme,
    MaskedPolicyScheme,
}

/// How a release prints an `RVVIntrinsicRecord`.
struct Form {
    fields: &'static [Field],
    /// Each value after its `/*Field=*/` comment, followed by `, ` (`,` after `AltFmt`), the
    /// schemes by name (LLVM 20 on); else bare values each followed by `,`, schemes as numbers.
    commented: bool,
}

use Field::*;

const FORM: ByRelease<Form> = ByRelease {
    v19: Form {
        fields: &[
            Name,
            OverloadedName,
            PrototypeIndex,
            SuffixIndex,
            OverloadedSuffixIndex,
            PrototypeLength,
            SuffixLength,
            OverloadedSuffixSize,
            RequiredExtensions,
            TypeRangeMask,
            Log2LMULMask,
            NF,
            HasMasked,
            HasVL,
            HasMaskedOffOperand,
            HasTailPolicy,
            HasMaskPolicy,
            HasFRMRoundModeOp,
            IsTuple,
            UnMaskedPolicyScheme,
            MaskedPolicyScheme,
        ],
        commented: false,
    },
    v22: FORM_22,
    v23: FORM_22,
};

const FORM_22: Form = Form {
    fields: &[
        Name,
        OverloadedName,
        RequiredExtensions,
        PrototypeIndex,
        SuffixIndex,
        OverloadedSuffixIndex,
        PrototypeLength,
        SuffixLength,
        OverloadedSuffixSize,
        TypeRangeMask,
        Log2LMULMask,
        NF,
        HasMasked,
        HasVL,
        HasMaskedOffOperand,
        HasTailPolicy,
        HasMaskPolicy,
        HasFRMRoundModeOp,
        AltFmt,
        IsTuple,
        UnMaskedPolicyScheme,
        MaskedPolicyScheme,
    ],
    commented: true,
};

/// One record: `{` each field `},`.
fn record(s: &mut String, r: &SemaRecord, table: &SignatureTable, model: &RvvModel, form: &Form) -> Result<(), Fatal> {
    let index =
        |l| table.index(l).ok_or_else(|| Fatal::new(&[], "a sema record's signature is not in the signature table"));
    let indices = [index(&r.prototype)?, index(&r.suffix)?, index(&r.overloaded_suffix)?];
    let scheme = |p: PolicyScheme| if form.commented { p.name().to_string() } else { p.value().to_string() };
    s.push('{');
    for &field in form.fields {
        let value = match field {
            Name => format!("\"{}\"", r.name),
            OverloadedName if r.overloaded_name.is_empty() => "nullptr".to_string(),
            OverloadedName => format!("\"{}\"", r.overloaded_name),
            RequiredExtensions if form.commented => format!("\"{}\"", r.required_extensions(&model.rules)),
            RequiredExtensions => r.required_extensions(&model.rules),
            PrototypeIndex => indices[0].to_string(),
            SuffixIndex => indices[1].to_string(),
            OverloadedSuffixIndex => indices[2].to_string(),
            PrototypeLength => r.prototype.len().to_string(),
            SuffixLength => r.suffix.len().to_string(),
            OverloadedSuffixSize => r.overloaded_suffix.len().to_string(),
            TypeRangeMask => r.type_range_mask.to_string(),
            Log2LMULMask => (r.log2_lmul_mask & 0xff).to_string(),
            NF => (r.nf & 0xff).to_string(),
            HasMasked => u8::from(r.has_masked).to_string(),
            HasVL => u8::from(r.has_vl).to_string(),
            HasMaskedOffOperand => u8::from(r.has_masked_off_operand).to_string(),
            HasTailPolicy => u8::from(r.has_tail_policy).to_string(),
            HasMaskPolicy => u8::from(r.has_mask_policy).to_string(),
            HasFRMRoundModeOp => u8::from(r.has_frm_round_mode_op).to_string(),
            AltFmt => u8::from(r.alt_fmt).to_string(),
            IsTuple => u8::from(r.is_tuple).to_string(),
            UnMaskedPolicyScheme => scheme(r.unmasked_policy_scheme),
            MaskedPolicyScheme => scheme(r.masked_policy_scheme),
        };
        if form.commented {
            let _ = write!(s, "/*{field:?}=*/{value}{}", if field == AltFmt { "," } else { ", " });
        } else {
            let _ = write!(s, "{value},");
        }
    }
    s.push_str("},\n");
    Ok(())
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String, Fatal> {
    let model = RvvModel::sema_records_only(input, options.release)?;
    let form = FORM.get(options.release);
    let table = SignatureTable::new(&model.sema_records);
    let mut s = String::from("#ifdef DECL_SIGNATURE_TABLE\n");
    for d in &table.table {
        let _ =
            writeln!(s, "PrototypeDescriptor({}, {}, {}),", d.base as u32, d.vector.code(&model.rules), d.modifiers);
    }
    s += "#endif\n#ifdef DECL_INTRINSIC_RECORDS\n";
    for r in &model.sema_records {
        record(&mut s, r, &table, &model, form)?;
    }
    s += "#endif\n";
    Ok(s)
}

string_backend!(
    GenRiscvVectorBuiltinSema,
    "gen-riscv-vector-builtin-sema",
    "Generate riscv_vector_builtin_sema.inc for clang",
    emit
);
string_backend!(
    GenRiscvSifiveVectorBuiltinSema,
    "gen-riscv-sifive-vector-builtin-sema",
    "Generate riscv_sifive_vector_builtin_sema.inc for clang",
    emit
);
string_backend!(
    GenRiscvAndesVectorBuiltinSema,
    "gen-riscv-andes-vector-builtin-sema",
    "Generate riscv_andes_vector_builtin_sema.inc for clang",
    emit
);
