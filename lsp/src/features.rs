//! What the server answers from a document's text alone, without an evaluation: its outline
//! (document symbols) and folding ranges.

use crate::syntax::{DeclKind, Syntax};
use crate::text::{Encoding, LineIndex};
use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

/// The LSP kind of a declaration.
pub fn symbol_kind(kind: DeclKind) -> SymbolKind {
    match kind {
        DeclKind::Class => SymbolKind::CLASS,
        DeclKind::Multiclass => SymbolKind::MODULE,
        DeclKind::Def | DeclKind::Defm => SymbolKind::OBJECT,
        DeclKind::Defset => SymbolKind::ARRAY,
        DeclKind::Defvar => SymbolKind::VARIABLE,
        DeclKind::TemplateArg => SymbolKind::TYPE_PARAMETER,
        DeclKind::Foreach => SymbolKind::VARIABLE,
    }
}

/// The outline: classes, multiclasses (with the defs and defms in them), defsets, defs, defms
/// and top-level defvars, nested by where they are written.
pub fn document_symbols(syntax: &Syntax, text: &[u8], encoding: Encoding) -> Vec<DocumentSymbol> {
    let ix = LineIndex::new(text, encoding);
    let decls: Vec<_> = syntax
        .decls
        .iter()
        .filter(|d| !d.kind.is_local() && (d.kind != DeclKind::Defvar || d.scope.is_none()))
        .collect();
    // Each declaration's parent: the innermost other one whose statement holds it.
    let mut roots: Vec<DocumentSymbol> = Vec::new();
    let mut stack: Vec<(DocumentSymbol, u32)> = Vec::new();
    #[allow(deprecated)]
    let symbol = |d: &crate::syntax::Decl| DocumentSymbol {
        name: d.name.clone(),
        detail: Some(d.kind.keyword().to_string()),
        kind: symbol_kind(d.kind),
        tags: None,
        deprecated: None,
        range: ix.range(d.full.0, d.full.1),
        selection_range: ix.range(d.name_at.0, d.name_at.1),
        children: None,
    };
    fn close(stack: &mut Vec<(DocumentSymbol, u32)>, roots: &mut Vec<DocumentSymbol>, upto: u32) {
        while stack.last().is_some_and(|(_, end)| *end < upto) {
            let (done, _) = stack.pop().expect("not empty");
            match stack.last_mut() {
                Some((parent, _)) => parent.children.get_or_insert_with(Vec::new).push(done),
                None => roots.push(done),
            }
        }
    }
    for d in decls {
        close(&mut stack, &mut roots, d.full.0);
        stack.push((symbol(d), d.full.1));
    }
    close(&mut stack, &mut roots, u32::MAX);
    roots
}

/// Multi-line bodies, code fragments and comments.
pub fn folding(syntax: &Syntax, text: &[u8], encoding: Encoding) -> Vec<FoldingRange> {
    let ix = LineIndex::new(text, encoding);
    let mut out: Vec<FoldingRange> = syntax
        .blocks
        .iter()
        .filter_map(|&(a, b)| {
            let (start, end) = (ix.line_of(a), ix.line_of(b));
            (end > start).then_some(FoldingRange {
                start_line: start,
                end_line: end,
                kind: Some(FoldingRangeKind::Region),
                ..Default::default()
            })
        })
        .collect();
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out.dedup_by_key(|f| (f.start_line, f.end_line));
    out
}
