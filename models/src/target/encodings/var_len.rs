//! LLVM's `VarLenInst` (VarLenCodeEmitterGen.cpp): a variable-length encoding's `Inst` dag,
//! `(ascend ...)`/`(descend ...)` of fixed bits and `(operand "$name", N)`/`(slice "$name", hi,
//! lo)` references, each reference with an optional `(encoder "fn")`/`(decoder "fn")`, read
//! as segments, lowest bits first. The code emitter and the decoder read it.

use crate::records::{Fatal, Fields};
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::Loc;

type Result<T> = std::result::Result<T, Fatal>;

/// One segment of an encoding, lowest bits first.
#[derive(Clone, Debug)]
pub struct Segment {
    pub width: u32,
    pub value: SegmentValue,
    /// `(encoder "fn")`, or empty.
    pub encoder: &'static str,
    /// `(decoder "fn")`, or empty.
    pub decoder: &'static str,
}

/// What a segment holds.
#[derive(Clone, Debug)]
pub enum SegmentValue {
    /// Fixed bits (`BitsInit`, all set) or one fixed bit.
    Bits(&'static [Init]),
    Bit(bool),
    /// `(operand "$name", N)`.
    Operand(&'static str),
    /// `(slice "$name", hi, lo)`, with `lo` the lower bit whichever order it was written in.
    Slice(&'static str, u32),
}

/// LLVM's `VarLenInst`: an encoding's segments.
#[derive(Debug)]
pub struct VarLenInst {
    pub segments: Vec<Segment>,
    /// Some segment is an operand (`isFixedValueOnly` is false).
    pub has_dynamic_segment: bool,
}

impl VarLenInst {
    /// Each bit: its value where a segment fixes it (`getBitsField` of LLVM 19).
    pub fn known_bits(&self) -> Vec<Option<bool>> {
        let mut bits = Vec::new();
        for segment in &self.segments {
            match segment.value {
                SegmentValue::Bits(b) => bits.extend(b.iter().map(|b| match b.kind() {
                    InitKind::Bit(v) => Some(*v),
                    _ => None,
                })),
                SegmentValue::Bit(b) => bits.push(Some(b)),
                SegmentValue::Operand(_) | SegmentValue::Slice(..) => {
                    bits.extend(std::iter::repeat_n(None, segment.width as usize))
                }
            }
        }
        bits
    }

    /// The number of bits (`size`).
    pub fn width(&self) -> u32 {
        self.segments.iter().map(|s| s.width).sum()
    }
}

impl VarLenInst {
    /// The segments of `encoding`'s `Inst` dag (`VarLenInst::buildRec`).
    pub fn of(f: &Fields, encoding: RecId) -> Result<VarLenInst> {
        let value = f.init(encoding, "Inst")?;
        if !matches!(value.kind(), InitKind::Dag(..)) {
            return Err(f.wrong_kind(encoding, "Inst", "dag"));
        }
        let loc = f.value(encoding, "Inst").map(|v| v.loc).unwrap_or(Loc::NONE);
        let mut inst = VarLenInst { segments: Vec::new(), has_dynamic_segment: false };
        build(&mut inst, value, loc)?;
        Ok(inst)
    }
}

fn build(inst: &mut VarLenInst, dag: Init, loc: Loc) -> Result<()> {
    let InitKind::Dag(operator, _, args) = dag.kind() else { return Ok(()) };
    let op = operator.to_string();
    let fail = |message: String| Fatal::new(&[loc], message);
    let int = |value: Init| match value.kind() {
        InitKind::Int(v) => Some(*v),
        _ => None,
    };
    match op.as_str() {
        "ascend" | "descend" => {
            let ordered: Box<dyn Iterator<Item = &(Init, Option<&str>)>> =
                if op == "descend" { Box::new(args.iter().rev()) } else { Box::new(args.iter()) };
            for &(arg, _) in ordered {
                match arg.kind() {
                    InitKind::Bits(bits) => {
                        if !arg.is_complete() {
                            return Err(fail(format!("Expecting complete bits init in `{op}`")));
                        }
                        inst.segments.push(Segment {
                            width: bits.len() as u32,
                            value: SegmentValue::Bits(bits),
                            encoder: "",
                            decoder: "",
                        });
                    }
                    InitKind::Bit(b) => {
                        inst.segments.push(Segment {
                            width: 1,
                            value: SegmentValue::Bit(*b),
                            encoder: "",
                            decoder: "",
                        });
                    }
                    InitKind::Dag(..) => build(inst, arg, loc)?,
                    _ => return Err(fail(format!("Unrecognized type of argument in `{op}`: {arg}"))),
                }
            }
        }
        "operand" => {
            if args.len() < 2 {
                return Err(fail("Expecting at least 2 arguments for `operand`".into()));
            }
            inst.has_dynamic_segment = true;
            let (Some(name), Some(width)) = (args[0].0.as_str(), int(args[1].0)) else {
                return Err(fail("Invalid argument types for `operand`".into()));
            };
            if width <= 0 {
                return Err(fail("Invalid number of bits for `operand`".into()));
            }
            let (encoder, decoder) = custom_coders(&args[2..])?;
            inst.segments.push(Segment { width: width as u32, value: SegmentValue::Operand(name), encoder, decoder });
        }
        "slice" => {
            if args.len() < 3 {
                return Err(fail("Expecting at least 3 arguments for `slice`".into()));
            }
            inst.has_dynamic_segment = true;
            let (Some(name), Some(hi), Some(lo)) = (args[0].0.as_str(), int(args[1].0), int(args[2].0)) else {
                return Err(fail("Invalid argument types for `slice`".into()));
            };
            if hi < 0 || lo < 0 {
                return Err(fail("Invalid bit range for `slice`".into()));
            }
            let (low, width) = if hi < lo { (hi, lo - hi + 1) } else { (lo, hi - lo + 1) };
            let (encoder, decoder) = custom_coders(&args[3..])?;
            inst.segments.push(Segment {
                width: width as u32,
                value: SegmentValue::Slice(name, low as u32),
                encoder,
                decoder,
            });
        }
        _ => {}
    }
    Ok(())
}

/// `getCustomCoders`: the functions `(encoder "fn")` and `(decoder "fn")` arguments name (the
/// last of each wins), or empty.
fn custom_coders(args: &[(Init, Option<&'static str>)]) -> Result<(&'static str, &'static str)> {
    let (mut encoder, mut decoder) = ("", "");
    for &(arg, _) in args {
        let InitKind::Dag(operator, _, dag_args) = arg.kind() else { continue };
        if operator.as_def().is_none() {
            continue;
        }
        let def_name = operator.to_string();
        if def_name != "encoder" && def_name != "decoder" {
            continue;
        }
        let Some(function) = dag_args.first().and_then(|(a, _)| a.as_str()) else {
            return Err(Fatal::new(
                &[],
                format!("expected '{def_name}' directive to be followed by a custom function name."),
            ));
        };
        if def_name == "encoder" {
            encoder = function;
        } else {
            decoder = function;
        }
    }
    Ok((encoder, decoder))
}
