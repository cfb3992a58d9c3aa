//! `--gen-vt`: the machine value types of `ValueTypes.td` as X-macro lists (`GET_VT_ATTR`,
//! `GET_VT_RANGES`, `GET_VT_VECATTR`, `GET_VT_EVT`), numbered by their `Value` (LLVM's
//! VTEmitter.cpp).

use crate::common::emit::source_file_header;
use crate::common::records::Fields;
use crate::{all_derived_definitions, Backend, BackendError, BackendOptions, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::types::RecId;
use tdq_core::{ByRelease, Evaluation};

pub struct GenVt;

impl Backend for GenVt {
    fn name(&self) -> &'static str {
        "gen-vt"
    }
    fn help(&self) -> &'static str {
        "Generate ValueType"
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<()> {
        let text = emit(input, options)?;
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

type Result<T> = std::result::Result<T, BackendError>;

/// What a release's value types are and how it lists them.
#[derive(Clone, Copy)]
struct Form {
    /// LLVM 19: each type's number is its `Value` (a `uint8_t`) and is printed; later
    /// releases number the types in definition order, from 1, and print no number.
    numbered_by_value: bool,
    /// LLVM 22 on: RISC-V vector tuples (`isRISCVVecTuple`, `NF`) and CHERI capabilities
    /// have their own columns and ranges.
    tuples: bool,
    /// How many numbers the table has room for (numbers are below it).
    limit: i64,
}

const FORM_19: Form = Form { numbered_by_value: true, tuples: false, limit: 256 };
const FORM_22: Form = Form { numbered_by_value: false, tuples: true, limit: 512 };
const FORM: ByRelease<Form> = ByRelease { v19: FORM_19, v22: FORM_22, v23: FORM_22 };

/// A named range of value types that must be contiguous in numbering (`FIRST_X`/`LAST_X`).
#[derive(Default)]
struct Range {
    first: &'static str,
    last: &'static str,
    closed: bool,
}

/// What one value type def says, read once.
struct ValueType {
    def: RecId,
    name: &'static str,
    value: i64,
    size: i64,
    is_overloaded: bool,
    is_integer: bool,
    is_fp: bool,
    is_vector: bool,
    is_scalable: bool,
    is_normal: bool,
    is_tuple: bool,
    is_cheri: bool,
    nf: i64,
    n_elem: i64,
    element: Option<RecId>,
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String> {
    let f = Fields { input };
    let form = *FORM.get(options.release);
    // The value types by number: the output's order. LLVM only asserts that numbers fit its
    // table and (in LLVM 19) are distinct: its release builds let the def last in name order
    // take a number given twice, and so does tdq. A number outside the table, undefined
    // behaviour in LLVM, is an error here.
    let mut defs = all_derived_definitions(input, "ValueType")?;
    if !form.numbered_by_value {
        defs.sort_unstable();
    }
    let mut numbered: BTreeMap<i64, RecId> = BTreeMap::new();
    for (i, &def) in defs.iter().enumerate() {
        let number = if form.numbered_by_value { f.int(def, "Value")? } else { i as i64 + 1 };
        if !(0..form.limit).contains(&number) {
            let message = if form.numbered_by_value {
                format!("ValueType '{}' has an out-of-range Value {number}", f.name(def))
            } else {
                format!("ValueType '{}' is value type number {number}: too many value types", f.name(def))
            };
            return Err(BackendError::fatal(&input.records.get(def).locs, message));
        }
        numbered.insert(number, def);
    }
    let by_number =
        numbered.into_iter().map(|(number, def)| read(&f, form, def, number)).collect::<Result<Vec<_>>>()?;
    let mut s = String::new();
    source_file_header(&mut s, "ValueTypes Source Fragment", Some(&options.input_filename));
    let mut ranges: BTreeMap<&'static str, Range> = BTreeMap::new();
    let mut update = |key: &'static str, name: &'static str, valid: bool| {
        if valid {
            let range = ranges.entry(key).or_insert_with(|| Range { first: name, ..Range::default() });
            range.last = name;
        } else if let Some(range) = ranges.get_mut(key) {
            range.closed = true;
        }
    };
    s.push_str(if form.tuples {
        "#ifdef GET_VT_ATTR // (Ty, sz, Any, Int, FP, Vec, Sc, Tup, NF, NElem, EltTy)\n"
    } else {
        "#ifdef GET_VT_ATTR // (Ty, n, sz, Any, Int, FP, Vec, Sc)\n"
    });
    for vt in &by_number {
        let name = vt.name;
        update("INTEGER_FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_integer && vt.is_vector && !vt.is_scalable);
        update("INTEGER_SCALABLE_VECTOR_VALUETYPE", name, vt.is_integer && vt.is_scalable);
        update("FP_FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_fp && vt.is_vector && !vt.is_scalable);
        update("FP_SCALABLE_VECTOR_VALUETYPE", name, vt.is_fp && vt.is_scalable);
        update("FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_vector && !vt.is_scalable);
        update("SCALABLE_VECTOR_VALUETYPE", name, vt.is_scalable);
        if form.tuples {
            update("RISCV_VECTOR_TUPLE_VALUETYPE", name, vt.is_tuple);
        }
        update("VECTOR_VALUETYPE", name, vt.is_vector);
        update("INTEGER_VALUETYPE", name, vt.is_integer && !vt.is_vector);
        update("FP_VALUETYPE", name, vt.is_fp && !vt.is_vector);
        update("VALUETYPE", name, vt.is_normal);
        if form.tuples {
            update("CHERI_CAPABILITY_VALUETYPE", name, vt.is_cheri);
        }
        let kind = |is: bool, letter: u8| match (is, name.as_bytes().first() == Some(&letter)) {
            (false, _) => 0,
            (true, true) => 3,
            (true, false) => 1,
        };
        let element = vt.element.map_or("INVALID_SIMPLE_VALUE_TYPE", |e| f.name(e));
        let _ = write!(s, "  GET_VT_ATTR({name}, ");
        if form.numbered_by_value {
            let _ = write!(s, "{}, ", vt.value);
        }
        let _ = write!(
            s,
            "{}, {}, {}, {}, {}, {}, ",
            vt.size,
            u8::from(vt.is_overloaded),
            kind(vt.is_integer, b'i'),
            kind(vt.is_fp, b'f'),
            u8::from(vt.is_vector),
            u8::from(vt.is_scalable),
        );
        if form.tuples {
            let _ = write!(s, "{}, {}, ", u8::from(vt.is_tuple), vt.nf);
        }
        let _ = writeln!(s, "{}, {element})", vt.n_elem);
    }
    s.push_str("#endif\n\n");

    s.push_str("#ifdef GET_VT_RANGES\n");
    for (key, range) in &ranges {
        let _ = writeln!(s, "  FIRST_{key} = {},\n  LAST_{key} = {},", range.first, range.last);
    }
    s.push_str("#endif\n\n");

    s.push_str(if form.tuples {
        "#ifdef GET_VT_VECATTR // (Ty, Sc, Tup, nElem, ElTy)\n"
    } else {
        "#ifdef GET_VT_VECATTR // (Ty, Sc, nElem, ElTy)\n"
    });
    for vt in by_number.iter().filter(|vt| vt.is_vector) {
        let element = vt.element.map_or("", |e| f.name(e));
        let _ = write!(s, "  GET_VT_VECATTR({}, {}, ", vt.name, u8::from(vt.is_scalable));
        if form.tuples {
            let _ = write!(s, "{}, ", u8::from(vt.is_tuple));
        }
        let _ = writeln!(s, "{}, {element})", vt.n_elem);
    }
    s.push_str("#endif\n\n");

    s.push_str("#ifdef GET_VT_EVT\n");
    for vt in by_number.iter().filter(|vt| vt.is_integer || vt.is_vector || vt.is_fp || vt.is_tuple) {
        let _ = writeln!(s, "  GET_VT_EVT({}, {})", vt.name, llvm_type(&f, vt)?);
    }
    s.push_str("#endif\n\n");
    Ok(s)
}

fn read(f: &Fields, form: Form, def: RecId, value: i64) -> Result<ValueType> {
    // In the order LLVM reads them, for which error comes first.
    let name = f.string(def, "LLVMName")?;
    let is_integer = f.bit(def, "isInteger")?;
    let is_fp = f.bit(def, "isFP")?;
    let is_vector = f.bit(def, "isVector")?;
    let is_scalable = f.bit(def, "isScalable")?;
    let (is_tuple, is_cheri, nf) = if form.tuples {
        (f.bit(def, "isRISCVVecTuple")?, f.bit(def, "isCheriCapability")?, f.int(def, "NF")?)
    } else {
        (false, false, 0)
    };
    let is_normal = f.bit(def, "isNormalValueType")?;
    let n_elem = if is_vector { f.int(def, "nElem")? } else { 0 };
    let element = if is_vector { Some(f.def(def, "ElementType")?) } else { None };
    let size = f.int(def, "Size")?;
    let is_overloaded = f.bit(def, "isOverloaded")?;
    Ok(ValueType {
        def,
        name,
        value,
        size,
        is_overloaded,
        is_integer,
        is_fp,
        is_vector,
        is_scalable,
        is_normal,
        is_tuple,
        is_cheri,
        nf,
        n_elem,
        element,
    })
}

/// `VTtoGetLLVMTyString`: the C++ that makes the IR type of a value type.
fn llvm_type(f: &Fields, vt: &ValueType) -> Result<String> {
    if vt.is_tuple {
        // A tuple of NF scalable i8 vectors filling its size; LLVM divides as unsigned.
        let per_field = (vt.size as u32).checked_div((vt.nf as u32).wrapping_mul(8)).ok_or_else(|| {
            BackendError::fatal(&f.input.records.get(vt.def).locs, "a vector tuple's NF must not be 0")
        })?;
        return Ok(format!(
            "TargetExtType::get(Context, \"riscv.vector.tuple\", ScalableVectorType::get(Type::getInt8Ty(Context), {per_field}), {})",
            vt.nf as u32
        ));
    }
    let scalar = vt.element.unwrap_or(vt.def);
    let size = f.int(scalar, "Size")?;
    let unhandled = || BackendError::fatal(&f.input.records.get(vt.def).locs, "Unhandled case");
    let scalar_type = if f.bit(scalar, "isFP")? {
        let name = f.string(scalar, "LLVMName")?;
        let ty = match size {
            16 if name == "bf16" => "BFloatTy",
            16 => "HalfTy",
            32 => "FloatTy",
            64 => "DoubleTy",
            80 => "X86_FP80Ty",
            128 if name == "ppcf128" => "PPC_FP128Ty",
            128 => "FP128Ty",
            _ => return Err(unhandled()),
        };
        format!("Type::get{ty}(Context)")
    } else if f.bit(scalar, "isInteger")? {
        if size == 1 || ((8..=128).contains(&size) && (size as u64).is_power_of_two()) {
            format!("Type::getInt{size}Ty(Context)")
        } else {
            format!("Type::getIntNTy(Context, {size})")
        }
    } else {
        return Err(unhandled());
    };
    Ok(match vt.element {
        Some(_) => {
            let kind = if vt.is_scalable { "Scalable" } else { "Fixed" };
            format!("{kind}VectorType::get({scalar_type}, {})", vt.n_elem)
        }
        None => scalar_type,
    })
}
