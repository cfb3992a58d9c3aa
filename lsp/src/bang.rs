//! The bang operators' signatures and one-line docs (after ProgRef, "Bang operators"), for
//! hover, completion and signature help. Which operators a release has is core's table
//! (`BangOp::ALL`, `BangOp::since`); the match below is exhaustive, so an operator added there
//! must be documented here.

use tdq_core::lexer::BangOp;
use tdq_core::Release;

/// The signature and doc of `op`.
pub fn doc(op: BangOp) -> (&'static str, &'static str) {
    use BangOp::*;
    match op {
        Eq => ("!eq(a, b)", "1 if `a` equals `b`, else 0 (bit, int, string or record values)."),
        Ne => ("!ne(a, b)", "1 if `a` is not equal to `b`, else 0."),
        Le => ("!le(a, b)", "1 if `a` is less than or equal to `b`, else 0."),
        Lt => ("!lt(a, b)", "1 if `a` is less than `b`, else 0."),
        Ge => ("!ge(a, b)", "1 if `a` is greater than or equal to `b`, else 0."),
        Gt => ("!gt(a, b)", "1 if `a` is greater than `b`, else 0."),
        If => ("!if(test, then, else)", "`then` if the integer `test` is nonzero, else `else`."),
        Cond => ("!cond(cond1 : val1, cond2 : val2, ..., condn : valn)", "The value of the first condition that is true; an error if none is."),
        Switch => ("!switch(key, case1 : val1, ..., default)", "The value of the first case equal to `key`, else `default`."),
        IsA => ("!isa<type>(a)", "1 if the type of `a` is a subtype of `type`, else 0."),
        Head => ("!head(a)", "The first element of the list `a`."),
        Tail => ("!tail(a)", "The list `a` without its first element."),
        Size => ("!size(a)", "The number of elements of the list, string or dag `a`."),
        Con => ("!con(a, b, ...)", "The dags concatenated: their operators must be the same."),
        Dag => ("!dag(op, arguments, names)", "A dag with operator `op`, the arguments of the list `arguments` and the names of the list `names`."),
        Add => ("!add(a, b, ...)", "The sum of the integers."),
        Sub => ("!sub(a, b)", "`a` minus `b`."),
        Mul => ("!mul(a, b, ...)", "The product of the integers."),
        Div => ("!div(a, b)", "`a` divided by `b`, rounded toward zero; an error if `b` is 0."),
        Not => ("!not(a)", "Logical negation: 1 if `a` is 0, else 0."),
        LogTwo => ("!logtwo(a)", "The base-2 logarithm of `a`, rounded down; an error if `a` is not positive."),
        And => ("!and(a, b, ...)", "Bitwise AND of the integers."),
        Or => ("!or(a, b, ...)", "Bitwise OR of the integers."),
        Xor => ("!xor(a, b, ...)", "Bitwise XOR of the integers."),
        Shl => ("!shl(a, count)", "`a` shifted left by `count` bits (64-bit)."),
        Sra => ("!sra(a, count)", "`a` shifted right arithmetically by `count` bits."),
        Srl => ("!srl(a, count)", "`a` shifted right logically by `count` bits."),
        Cast => ("!cast<type>(a)", "`a` converted to `type`: a string to the record of that name, a record to its name, between numeric types."),
        Empty => ("!empty(a)", "1 if the string, list or dag `a` is empty, else 0."),
        Subst => ("!subst(target, repl, value)", "`value` with `target` replaced by `repl` (strings, or a record in a dag)."),
        Foldl => ("!foldl(init, list, acc, var, expr)", "A left fold of `list`: `acc` starts as `init` and becomes `expr` for each element `var`."),
        ForEach => ("!foreach(var, sequence, expr)", "The list or dag with each element `var` replaced by `expr`."),
        Filter => ("!filter(var, list, predicate)", "The elements `var` of `list` for which `predicate` is true."),
        ListConcat => ("!listconcat(list1, list2, ...)", "The lists concatenated."),
        ListFlatten => ("!listflatten(list)", "A list of lists flattened one level."),
        ListSplat => ("!listsplat(value, count)", "A list of `count` copies of `value`."),
        ListRemove => ("!listremove(list1, list2)", "`list1` without the elements that are in `list2`."),
        Range => ("!range([start,] end[, step])", "The integers from `start` (default 0) up to `end`, exclusive, by `step`; or the indexes of a list."),
        Sort => ("!sort(var, list, key)", "The list sorted by the integer or string `key` of each element `var`."),
        StrConcat => ("!strconcat(str1, str2, ...)", "The strings concatenated."),
        Initialized => ("!initialized(a)", "1 if `a` is not the uninitialized value `?`, else 0."),
        Interleave => ("!interleave(list, delim)", "The strings or integers of `list` joined with `delim`."),
        Instances => ("!instances<type>([regex])", "The defs of class `type` defined so far, optionally whose names match `regex`."),
        Substr => ("!substr(string, start[, length])", "The substring of `string` from `start`, of `length` characters (default: to the end)."),
        Find => ("!find(string1, string2[, start])", "Where `string2` occurs in `string1` (from `start`), or -1."),
        SetDagOp => ("!setdagop(dag, op)", "The dag with its operator replaced by `op`."),
        GetDagOp => ("!getdagop(dag)", "The operator of the dag (`!getdagop<type>(dag)` casts it)."),
        SetDagOpName => ("!setdagopname(dag, name)", "The dag with its operator's name set to `name`."),
        GetDagOpName => ("!getdagopname(dag)", "The name of the dag's operator."),
        GetDagArg => ("!getdagarg<type>(dag, key)", "The argument of the dag at index or name `key`, cast to `type`."),
        GetDagName => ("!getdagname(dag, index)", "The name of the dag's argument at `index`."),
        SetDagArg => ("!setdagarg(dag, key, arg)", "The dag with the argument at index or name `key` replaced by `arg`."),
        SetDagName => ("!setdagname(dag, key, name)", "The dag with the name of the argument at `key` replaced by `name`."),
        Exists => ("!exists<type>(name)", "1 if a record of class `type` named `name` exists, else 0."),
        ToLower => ("!tolower(a)", "The string `a` in lower case."),
        ToUpper => ("!toupper(a)", "The string `a` in upper case."),
        Repr => ("!repr(value)", "The value printed as a string (for debugging)."),
        Match => ("!match(string, regex)", "1 if `string` matches the regular expression `regex`, else 0."),
    }
}

/// The operators `release` knows, by their canonical spelling.
pub fn of_release(release: Release) -> impl Iterator<Item = BangOp> {
    BangOp::ALL.iter().copied().filter(move |op| op.since() <= release)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_differ() {
        let names = |r| of_release(r).map(|op| op.name()).collect::<Vec<_>>();
        assert!(!names(Release::V19).contains(&"listflatten"));
        assert!(names(Release::V22).contains(&"listflatten"));
        assert!(!names(Release::V22).contains(&"sort"));
        assert!(names(Release::V23).contains(&"sort"));
        for op in BangOp::ALL {
            assert!(doc(*op).0.starts_with(&format!("!{}", op.name())), "{op:?}");
        }
    }
}
