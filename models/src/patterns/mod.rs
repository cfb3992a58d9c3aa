//! LLVM's DAG pattern model (`CodeGenDAGPatterns`), computed once per evaluation over the
//! target model ([`crate::target`]): what instruction selection, the inferred instruction
//! flags and the SelectionDAG node tables are built from.
//!
//! - [`properties`] (`Basic/SDNodeProperties`): the `SDNP*` properties of SelectionDAG nodes,
//!   intrinsics and pattern fragments;
//! - [`sd_nodes`] (`SDNodeInfo`, `SDTypeConstraint`): every `SDNode` def with its opcode,
//!   results and operands, properties, flags and type constraints, and the check that splits
//!   a target node's opcode into its namespace and name.
//!
//! Next, in the order `CodeGenDAGPatterns`' constructor computes them: the node transforms,
//! complex patterns and pattern fragments (`PatFrags`, their trees and predicates), type
//! inference over the HW-mode type sets (each node's constraints applied to a tree), then the
//! instructions' patterns and `Pat`s with their variants. Each is a module here, reading the
//! nodes of [`sd_nodes::SdNodes`].

pub mod complex_patterns;
pub mod dag_patterns;
pub mod fragments;
pub mod infer;
pub mod predicates;
pub mod properties;
pub mod sd_nodes;
pub mod tree;
pub mod types;
pub mod variants;
