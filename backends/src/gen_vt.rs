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
use tdq_core::{Evaluation, Release};

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
    n_elem: i64,
    element: Option<RecId>,
}

fn emit(input: &Evaluation, options: &BackendOptions) -> Result<String> {
    let f = Fields { input };
    // The value types by number: the output's order. LLVM only asserts that numbers fit its
    // table (uint8_t in LLVM 19, 16 bits since 20) and are distinct: its release builds let
    // the def last in name order take a number given twice, and so does tdq. A number
    // outside the table, undefined behaviour in LLVM, is an error here.
    let limit = if options.release >= Release::V22 { 1 << 16 } else { 256 };
    let mut by_number: BTreeMap<i64, ValueType> = BTreeMap::new();
    for def in all_derived_definitions(input, "ValueType")? {
        let number = f.int(def, "Value")?;
        if !(0..limit).contains(&number) {
            let message = format!("ValueType '{}' has an out-of-range Value {number}", f.name(def));
            return Err(BackendError::fatal(&input.records.get(def).locs, message));
        }
        by_number.insert(number, read(&f, def, number)?);
    }
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
    s.push_str("#ifdef GET_VT_ATTR // (Ty, n, sz, Any, Int, FP, Vec, Sc)\n");
    for vt in by_number.values() {
        let name = vt.name;
        update("INTEGER_FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_integer && vt.is_vector && !vt.is_scalable);
        update("INTEGER_SCALABLE_VECTOR_VALUETYPE", name, vt.is_integer && vt.is_scalable);
        update("FP_FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_fp && vt.is_vector && !vt.is_scalable);
        update("FP_SCALABLE_VECTOR_VALUETYPE", name, vt.is_fp && vt.is_scalable);
        update("FIXEDLEN_VECTOR_VALUETYPE", name, vt.is_vector && !vt.is_scalable);
        update("SCALABLE_VECTOR_VALUETYPE", name, vt.is_scalable);
        update("VECTOR_VALUETYPE", name, vt.is_vector);
        update("INTEGER_VALUETYPE", name, vt.is_integer && !vt.is_vector);
        update("FP_VALUETYPE", name, vt.is_fp && !vt.is_vector);
        update("VALUETYPE", name, vt.is_normal);
        let kind = |is: bool, letter: u8| match (is, name.as_bytes().first() == Some(&letter)) {
            (false, _) => 0,
            (true, true) => 3,
            (true, false) => 1,
        };
        let element = vt.element.map_or("INVALID_SIMPLE_VALUE_TYPE", |e| f.name(e));
        let _ = writeln!(
            s,
            "  GET_VT_ATTR({name}, {}, {}, {}, {}, {}, {}, {}, {}, {element})",
            vt.value,
            vt.size,
            u8::from(vt.is_overloaded),
            kind(vt.is_integer, b'i'),
            kind(vt.is_fp, b'f'),
            u8::from(vt.is_vector),
            u8::from(vt.is_scalable),
            vt.n_elem,
        );
    }
    s.push_str("#endif\n\n");

    s.push_str("#ifdef GET_VT_RANGES\n");
    for (key, range) in &ranges {
        let _ = writeln!(s, "  FIRST_{key} = {},\n  LAST_{key} = {},", range.first, range.last);
    }
    s.push_str("#endif\n\n");

    s.push_str("#ifdef GET_VT_VECATTR // (Ty, Sc, nElem, ElTy)\n");
    for vt in by_number.values().filter(|vt| vt.is_vector) {
        let element = vt.element.map_or("", |e| f.name(e));
        let _ = writeln!(s, "  GET_VT_VECATTR({}, {}, {}, {element})", vt.name, u8::from(vt.is_scalable), vt.n_elem);
    }
    s.push_str("#endif\n\n");

    s.push_str("#ifdef GET_VT_EVT\n");
    for vt in by_number.values().filter(|vt| vt.is_integer || vt.is_vector || vt.is_fp) {
        let _ = writeln!(s, "  GET_VT_EVT({}, {})", vt.name, llvm_type(&f, vt)?);
    }
    s.push_str("#endif\n\n");
    Ok(s)
}

fn read(f: &Fields, def: RecId, value: i64) -> Result<ValueType> {
    // In the order LLVM reads them, for which error comes first.
    let name = f.string(def, "LLVMName")?;
    let is_integer = f.bit(def, "isInteger")?;
    let is_fp = f.bit(def, "isFP")?;
    let is_vector = f.bit(def, "isVector")?;
    let is_scalable = f.bit(def, "isScalable")?;
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
        n_elem,
        element,
    })
}

/// `VTtoGetLLVMTyString`: the C++ that makes the IR type of a value type.
fn llvm_type(f: &Fields, vt: &ValueType) -> Result<String> {
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
