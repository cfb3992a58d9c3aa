//! `tdq graph`: the class hierarchy around a def or class — every class it derives from, by
//! direct edges up to the roots, and the records deriving directly from it — as Graphviz dot or
//! Mermaid.

use crate::{Cell, Engine, Param, QueryError};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// At most this many records deriving from the one asked about are drawn.
pub const MAX_CHILDREN: usize = 40;

/// The nodes and `(from, to)` edges, each edge from a record to a direct superclass.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Graph {
    pub center: String,
    pub nodes: BTreeSet<String>,
    pub edges: BTreeSet<(String, String)>,
    /// Records deriving directly from the center that were left out.
    pub children_left_out: usize,
}

fn texts(engine: &mut dyn Engine, sql: &str, name: &str) -> Result<Vec<String>, QueryError> {
    let p = Param { name: "name".into(), value: Cell::Text(name.to_owned()) };
    Ok(engine.run(sql, &[p])?.into_iter().flat_map(|rs| rs.first_column_texts()).collect())
}

/// The hierarchy around `name`, or `None` when no def or class has that name.
pub fn around(engine: &mut dyn Engine, name: &str) -> Result<Option<Graph>, QueryError> {
    if texts(engine, "SELECT name FROM tdq_records WHERE name = :name", name)?.is_empty() {
        return Ok(None);
    }
    let mut g = Graph { center: name.to_owned(), ..Graph::default() };
    g.nodes.insert(name.to_owned());
    let mut todo = vec![name.to_owned()];
    while let Some(node) = todo.pop() {
        let sql = "SELECT superclass FROM superclasses WHERE record = :name AND direct = 1 ORDER BY position";
        for sup in texts(engine, sql, &node)? {
            g.edges.insert((node.clone(), sup.clone()));
            if g.nodes.insert(sup.clone()) {
                todo.push(sup);
            }
        }
    }
    let sql = "SELECT record FROM superclasses WHERE superclass = :name AND direct = 1 ORDER BY record";
    let children = texts(engine, sql, name)?;
    g.children_left_out = children.len().saturating_sub(MAX_CHILDREN);
    for child in children.into_iter().take(MAX_CHILDREN) {
        g.edges.insert((child.clone(), name.to_owned()));
        g.nodes.insert(child);
    }
    Ok(Some(g))
}

fn dot_id(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Graphviz: `tdq graph X | dot -Tsvg > x.svg`. Superclasses above, the center filled.
pub fn dot(g: &Graph) -> String {
    let mut out = format!("digraph {} {{\n  rankdir=BT;\n  node [shape=box];\n", dot_id(&g.center));
    let _ = writeln!(out, "  {} [style=filled, fillcolor=lightgrey];", dot_id(&g.center));
    for (from, to) in &g.edges {
        let _ = writeln!(out, "  {} -> {};", dot_id(from), dot_id(to));
    }
    if g.children_left_out > 0 {
        let _ = writeln!(out, "  \"... {} more\" -> {};", g.children_left_out, dot_id(&g.center));
    }
    out.push_str("}\n");
    out
}

/// Mermaid (GitHub renders it in Markdown): node ids are numbers, labels the names.
pub fn mermaid(g: &Graph) -> String {
    let ids: Vec<&String> = g.nodes.iter().collect();
    let id = |n: &str| ids.iter().position(|x| *x == n).unwrap_or(0);
    let mut out = String::from("graph BT\n");
    for (i, n) in ids.iter().enumerate() {
        let _ = writeln!(out, "  n{i}[\"{}\"]", n.replace('"', "#quot;"));
    }
    for (from, to) in &g.edges {
        let _ = writeln!(out, "  n{} --> n{}", id(from), id(to));
    }
    if g.children_left_out > 0 {
        let _ = writeln!(out, "  more[\"... {} more\"] --> n{}", g.children_left_out, id(&g.center));
    }
    let _ = writeln!(out, "  style n{} stroke-width:3px", id(&g.center));
    out
}
