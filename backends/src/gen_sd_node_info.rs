//! `--gen-sd-node-info` (LLVM 22 on): the target's own SelectionDAG nodes, those whose opcode is
//! in the target's namespace (`<Target>ISD`, or `-sdnode-namespace`), as an opcode enum and
//! the tables of `SDNodeInfo` (names, type constraints, value types by hardware mode, each
//! node's description), from the nodes of the pattern model ([`SdNodes`]; LLVM's
//! SDNodeInfoEmitter.cpp). Nodes that share an opcode share its entry when their descriptions
//! agree, and lose their constraints when those differ. LLVM 22 and 23 write the same.

use crate::common::emit::{ifdef_block, namespace, source_file_header, SequenceToOffsetTable, StringToOffsetTable};
use crate::{AnyOption, Backend, BackendError, BackendOptions, Opt, Output};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use tdq_core::{Evaluation, Release};
use tdq_models::patterns::properties::Property;
use tdq_models::patterns::sd_nodes::{ConstraintKind, SdNodeInfo, SdNodes, TypeConstraint};
use tdq_models::target::info_by_hw_mode::VtByMode;
use tdq_models::target::Target;

pub struct GenSdNodeInfo;

const CATEGORY: &str = "Options for -gen-sdnode-info";

/// `-sdnode-namespace`: the namespace of the target's nodes, when it is not `<Target>ISD`.
pub static SDNODE_NAMESPACE: Opt<&str> = Opt {
    name: "sdnode-namespace",
    help: "Specify target SDNode namespace (default=<Target>ISD)",
    value_desc: "",
    category: CATEGORY,
    default: "",
    since: Release::V22,
};

/// `-warn-on-skipped-nodes`: a warning for each node left out, and why.
pub static WARN_ON_SKIPPED_NODES: Opt<bool> = Opt {
    name: "warn-on-skipped-nodes",
    help: "Explain why a node was skipped (default=true)",
    value_desc: "",
    category: CATEGORY,
    default: true,
    since: Release::V22,
};

impl Backend for GenSdNodeInfo {
    fn name(&self) -> &'static str {
        "gen-sd-node-info"
    }
    fn help(&self) -> &'static str {
        "Generate target SDNode descriptions"
    }
    fn options(&self) -> &'static [&'static dyn AnyOption] {
        static OPTIONS: [&dyn AnyOption; 2] = [&SDNODE_NAMESPACE, &WARN_ON_SKIPPED_NODES];
        &OPTIONS
    }
    fn emit(&self, input: &Evaluation, options: &BackendOptions, out: &mut Output) -> Result<(), BackendError> {
        let target = Target::get(input)?;
        let nodes = SdNodes::get(input)?;
        let ns = match options.is_given(&SDNODE_NAMESPACE) {
            true => options.get(&SDNODE_NAMESPACE).to_string(),
            false => format!("{}ISD", target.name),
        };
        let warn = options.get(&WARN_ON_SKIPPED_NODES);
        let mut skipped = |node: &SdNodeInfo, reason: &str| {
            if warn {
                out.diags.warning_at(&input.records.get(node.def).locs, format!("skipped node: {reason}"));
            }
        };
        // The target's nodes by enumerator; a name is usually one node's, sometimes several's.
        let mut by_name: BTreeMap<&str, Vec<&SdNodeInfo>> = BTreeMap::new();
        for node in nodes.iter() {
            let node = node?;
            match node.namespace_and_name() {
                None => skipped(node, "invalid enum name"),
                Some((node_ns, name)) if node_ns == ns => by_name.entry(name).or_default().push(node),
                Some(_) => {}
            }
        }
        by_name.retain(|_, nodes| {
            let compatible = nodes[1..].iter().all(|other| compatible(other, nodes[0]));
            if !compatible {
                for node in nodes.iter() {
                    skipped(node, "incompatible description");
                }
            }
            compatible
        });
        let mut s = String::new();
        source_file_header(&mut s, "Target SDNode descriptions", Some(&options.input_filename));
        emit_enum(&mut s, &ns, &by_name);
        ifdef_block(&mut s, "GET_SDNODE_DESC", false, |s| {
            namespace(s, "llvm", |s| emit_descs(s, target.name, &ns, &by_name));
        });
        out.write_all(s.as_bytes())?;
        Ok(())
    }
}

/// The properties nodes that share an enumerator must agree on (and the descriptions show):
/// the others (`SDNPCommutative`, ...) say nothing of a node's operands.
const SHARED_PROPERTIES: &[Property] = &[
    Property::HasChain,
    Property::OutGlue,
    Property::InGlue,
    Property::OptInGlue,
    Property::MemOperand,
    Property::Variadic,
];

/// `haveCompatibleDescriptions`: the same numbers of results and operands, flags and
/// [`SHARED_PROPERTIES`]; the type constraints may differ.
fn compatible(a: &SdNodeInfo, b: &SdNodeInfo) -> bool {
    (a.num_results, a.num_operands, a.is_strict_fp, a.ts_flags)
        == (b.num_results, b.num_operands, b.is_strict_fp, b.ts_flags)
        && a.properties.masked(SHARED_PROPERTIES) == b.properties.masked(SHARED_PROPERTIES)
}

/// `GET_SDNODE_ENUM`: the enumerators from `ISD::BUILTIN_OP_END` on, in name order.
fn emit_enum(s: &mut String, ns: &str, by_name: &BTreeMap<&str, Vec<&SdNodeInfo>>) {
    ifdef_block(s, "GET_SDNODE_ENUM", false, |s| {
        namespace(s, &format!("llvm::{ns}"), |s| {
            let (Some(first), Some(last)) = (by_name.keys().next(), by_name.keys().next_back()) else {
                s.push_str("static constexpr unsigned GENERATED_OPCODE_END = ISD::BUILTIN_OP_END;\n");
                return;
            };
            s.push_str("enum GenNodeType : unsigned {\n");
            let _ = writeln!(s, "  {first} = ISD::BUILTIN_OP_END,");
            for name in by_name.keys().skip(1) {
                let _ = writeln!(s, "  {name},");
            }
            s.push_str("};\n\n");
            let _ = writeln!(s, "static constexpr unsigned GENERATED_OPCODE_END = {last} + 1;");
        });
    });
}

/// `GET_SDNODE_DESC`'s body: the names, the value types by mode, the constraints and a
/// description per node.
fn emit_descs(s: &mut String, target: &str, ns: &str, by_name: &BTreeMap<&str, Vec<&SdNodeInfo>>) {
    let mut names = StringToOffsetTable::starting_empty();
    let name_offsets: Vec<u32> = by_name.keys().map(|name| names.get_or_add(&format!("{ns}::{name}"))).collect();
    names.emit_string_table_def(&format!("{target}SDNodeNames"), s);
    s.push('\n');
    let constraints = emit_type_constraints(s, target, by_name);
    let _ = writeln!(s, "static const SDNodeDesc {target}SDNodeDescs[] = {{");
    for (((name, nodes), name_offset), (offset, count)) in by_name.iter().zip(name_offsets).zip(constraints) {
        emit_desc(s, name, nodes[0], name_offset, offset, count);
    }
    s.push_str("};\n\n");
    let _ = writeln!(
        s,
        "static const SDNodeInfo {target}GenSDNodeInfo(\n    /*NumOpcodes=*/{}, {target}SDNodeDescs, {target}SDNodeNames,\n    {target}VTByHwModeTable, {target}SDTypeConstraints);",
        by_name.len()
    );
}

/// The constraints of the nodes of one enumerator, unless they differ between them (then the
/// enumerator gets none).
fn shared_constraints<'a>(nodes: &[&'a SdNodeInfo]) -> Option<&'a [TypeConstraint]> {
    let constraints = &nodes[0].type_constraints;
    nodes[1..].iter().all(|other| other.type_constraints == *constraints).then_some(constraints.as_slice())
}

/// `emitTypeConstraints`: the value types by mode that constraints name (each once, in order)
/// and the constraint sequences, each reversed (a shared prefix is likelier than a shared
/// suffix, which the table stores once); returns each enumerator's (offset, count).
fn emit_type_constraints(
    s: &mut String,
    target: &str,
    by_name: &BTreeMap<&str, Vec<&SdNodeInfo>>,
) -> Vec<(u32, usize)> {
    let mut vts_by_mode: BTreeMap<&VtByMode, usize> = BTreeMap::new();
    let mut table = SequenceToOffsetTable::unterminated();
    for nodes in by_name.values() {
        let Some(constraints) = shared_constraints(nodes).filter(|c| !c.is_empty()) else { continue };
        for vt in constraints.iter().filter_map(|c| c.kind.value_type()) {
            if !vt.is_simple() {
                vts_by_mode.insert(vt, 0);
            }
        }
        table.add(&reversed(constraints));
    }
    table.layout();
    let _ = writeln!(s, "static const VTByHwModePair {target}VTByHwModeTable[] = {{");
    let mut next = 0;
    for (vt, offset) in &mut vts_by_mode {
        let _ = write!(s, "  /* {next} */ ");
        for (mode, t) in vt.iter() {
            let _ = write!(s, "{{{mode}, {}}}, ", t.enum_name());
        }
        s.push('\n');
        *offset = next;
        next += vt.iter().count();
    }
    if vts_by_mode.is_empty() {
        s.push_str("  /* dummy */ {0, MVT::INVALID_SIMPLE_VALUE_TYPE}\n");
    }
    s.push_str("};\n\n");
    let _ = writeln!(s, "static const SDTypeConstraint {target}SDTypeConstraints[] = {{");
    let print = |s: &mut String, c: &TypeConstraint| print_constraint(s, c, &vts_by_mode);
    // The dummy entry of an empty table is a value-initialized `SDTypeConstraint`.
    table.emit_unterminated(s, print, "{SDTCisVT, 0, 0, 0, MVT::INVALID_SIMPLE_VALUE_TYPE}");
    s.push_str("};\n\n");
    by_name
        .values()
        .map(|nodes| match shared_constraints(nodes).filter(|c| !c.is_empty()) {
            Some(constraints) => (table.get(&reversed(constraints)), constraints.len()),
            None => (0, 0),
        })
        .collect()
}

fn reversed(constraints: &[TypeConstraint]) -> Vec<TypeConstraint> {
    constraints.iter().rev().cloned().collect()
}

/// `emitTypeConstraint`: `{Kind, OperandNo, OtherOpNo, NumHwModes, VT or offset}`.
fn print_constraint(s: &mut String, c: &TypeConstraint, vts_by_mode: &BTreeMap<&VtByMode, usize>) {
    let other = c.kind.other_operand().unwrap_or(0);
    let _ = write!(s, "{{{}, {}, {other}, ", c.kind.name(), c.operand);
    match &c.kind {
        ConstraintKind::IsVt(vt) | ConstraintKind::VecEltIsVt(vt) if !vt.is_simple() => {
            let _ = write!(s, "{}, {}", vt.iter().count(), vts_by_mode[vt]);
        }
        ConstraintKind::IsVt(vt) | ConstraintKind::VecEltIsVt(vt) => {
            let _ = write!(s, "0, {}", vt.first().enum_name());
        }
        _ => s.push_str("0, MVT::INVALID_SIMPLE_VALUE_TYPE"),
    }
    s.push('}');
}

/// `emitDesc`: one enumerator's description, its properties and flags spelt out.
fn emit_desc(s: &mut String, name: &str, node: &SdNodeInfo, name_offset: u32, offset: u32, count: usize) {
    let _ = write!(s, "    {{{}, {}, 0", node.num_results, node.num_operands);
    let spelt = [
        (Property::HasChain, "SDNPHasChain"),
        (Property::OutGlue, "SDNPOutGlue"),
        (Property::InGlue, "SDNPInGlue"),
        (Property::OptInGlue, "SDNPOptInGlue"),
        (Property::Variadic, "SDNPVariadic"),
        (Property::MemOperand, "SDNPMemOperand"),
    ];
    for (property, spelling) in spelt {
        if node.properties.has(property) {
            let _ = write!(s, "|1<<{spelling}");
        }
    }
    s.push_str(", 0");
    if node.is_strict_fp {
        s.push_str("|1<<SDNFIsStrictFP");
    }
    let _ = writeln!(s, ", {}, {name_offset}, {offset}, {count}}}, // {name}", node.ts_flags);
}
