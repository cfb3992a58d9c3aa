//! The registers of a target (LLVM's `CodeGenRegBank`), numbered as LLVM numbers them: the
//! `Register` defs in register order (`LessRecordRegister`: `PositionOrder`, then names
//! compared part by part, numbers by value), then the registers each `RegisterTuples` def
//! synthesizes, tuple by tuple (X86 sorts both together).
//!
//! This is the bank's first stage: its registers and their names. Sub-register indices,
//! sub- and super-registers, register units, lane masks and register classes are computed on
//! it next, in LLVM's order (`CodeGenRegBank::CodeGenRegBank`).

use crate::records::{derived_definitions, Fatal, Fields};
use crate::set_theory::{Member, SetTheory, TupleRegister};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;
use tdq_core::types::RecId;
use tdq_core::Evaluation;

/// One register: a `Register` def, or one a `RegisterTuples` def synthesized.
#[derive(Clone, Debug)]
pub struct Register {
    /// Which register it is.
    pub member: Member,
    /// Its name (`Record::getName`): the def's, or its sub-registers' joined with `_`.
    pub name: String,
    /// The def whose fields it has (itself, or a synthesized register's prototype) for the
    /// fields a tuple does not replace, such as `Namespace`.
    pub fields: RecId,
    /// Its `Namespace`.
    pub namespace: &'static str,
}

impl Register {
    /// LLVM's `getQualifiedName`: `Namespace::Name`, or the name alone.
    pub fn qualified_name(&self) -> String {
        if self.namespace.is_empty() {
            self.name.clone()
        } else {
            format!("{}::{}", self.namespace, self.name)
        }
    }
}

/// LLVM's `CodeGenRegBank`: the target's registers, in enum order (the first is number 1).
#[derive(Debug)]
pub struct RegBank {
    pub registers: Vec<Register>,
    /// The registers `RegisterTuples` defs synthesized, by [`Member::Tuple`] number.
    pub tuples: Vec<TupleRegister>,
    by_name: HashMap<String, usize>,
}

impl RegBank {
    /// The register bank of `input`, computed once.
    pub fn get(input: &Evaluation) -> Result<Arc<RegBank>, Fatal> {
        crate::computed(input, || RegBank::compute(input))
    }

    fn compute(input: &Evaluation) -> Result<RegBank, Fatal> {
        let f = Fields { input };
        let mut sets =
            SetTheory::new(input, &[("RegisterClass", "MemberList"), ("CalleeSavedRegs", "SaveList")]).expand_tuples();
        let defs = if input.records.class("Register").is_some() {
            derived_definitions(input, "Register")?.to_vec()
        } else {
            Vec::new()
        };
        let tuple_defs = if input.records.class("RegisterTuples").is_some() {
            derived_definitions(input, "RegisterTuples")?.to_vec()
        } else {
            Vec::new()
        };
        let mut members: Vec<Member> = defs.iter().map(|&d| Member::Record(d)).collect();
        let x86 = defs.first().is_some_and(|&d| f.is_a(d, "X86Reg"));
        let sort = |sets: &SetTheory, members: &mut Vec<Member>| -> Result<(), Fatal> {
            let mut keyed = Vec::with_capacity(members.len());
            for &m in members.iter() {
                keyed.push((f.int(sets.fields_of(m), "PositionOrder")?, sets.name(m), m));
            }
            keyed.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| compare_register_names(&a.1, &b.1)));
            *members = keyed.into_iter().map(|(_, _, m)| m).collect();
            Ok(())
        };
        if x86 {
            // X86 lists new registers and tuples later by sorting them together.
            for &tuple in &tuple_defs {
                members.extend(sets.expand(tuple)?.unwrap_or_default().iter());
            }
            sort(&sets, &mut members)?;
        } else {
            sort(&sets, &mut members)?;
            for &tuple in &tuple_defs {
                let mut synthesized: Vec<Member> = sets.expand(tuple)?.unwrap_or_default().to_vec();
                sort(&sets, &mut synthesized)?;
                members.extend(synthesized);
            }
        }
        let mut registers = Vec::with_capacity(members.len());
        let mut by_name = HashMap::with_capacity(members.len());
        for member in members {
            let fields = sets.fields_of(member);
            let name = sets.name(member);
            let namespace = if f.value(fields, "Namespace").is_some() { f.string(fields, "Namespace")? } else { "" };
            by_name.entry(name.clone()).or_insert(registers.len());
            registers.push(Register { member, name, fields, namespace });
        }
        // The bank goes on with sub-registers and units (not computed yet), then reads the
        // register classes, of which there must be some.
        if input.records.class("RegisterClass").is_none() || derived_definitions(input, "RegisterClass")?.is_empty() {
            return Err(Fatal::new(&[], "No 'RegisterClass' subclasses defined!"));
        }
        Ok(RegBank { registers, tuples: sets.tuples, by_name })
    }

    /// The register named `name` (a def's name, or a synthesized register's).
    pub fn by_name(&self, name: &str) -> Option<&Register> {
        self.by_name.get(name).map(|&i| &self.registers[i])
    }
}

/// LLVM's `LessRecordRegister` on names: names split into runs of digits and of other
/// characters; fewer runs first; then the non-digit runs compared as strings, then the digit
/// runs by length and value.
pub fn compare_register_names(a: &str, b: &str) -> Ordering {
    let (pa, pb) = (parts(a), parts(b));
    if pa.len() != pb.len() {
        return pa.len().cmp(&pb.len());
    }
    for (x, y) in pa.iter().zip(&pb).step_by(2) {
        match x.as_bytes().cmp(y.as_bytes()) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    for (x, y) in pa.iter().zip(&pb).skip(1).step_by(2) {
        if x.len() != y.len() {
            return x.len().cmp(&y.len());
        }
        // Runs of equal length compare by value as strings of digits do.
        match x.as_bytes().cmp(y.as_bytes()) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// The runs of digits and of other characters in a name, in order.
fn parts(name: &str) -> Vec<&str> {
    let bytes = name.as_bytes();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..bytes.len() {
        if bytes[i].is_ascii_digit() != bytes[i - 1].is_ascii_digit() {
            parts.push(&name[start..i]);
            start = i;
        }
    }
    if !name.is_empty() {
        parts.push(&name[start..]);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_names_compare_by_parts() {
        let mut names = vec!["R10", "R9", "R1", "SP", "R8_R9", "R10_R11", "F0", "X"];
        names.sort_by(|a, b| compare_register_names(a, b));
        // One run (SP, X) before two (F0, R1, ...) before four (R8_R9 ...).
        assert_eq!(names, ["SP", "X", "F0", "R1", "R9", "R10", "R8_R9", "R10_R11"]);
    }
}
