//! Evaluation to the end and `--print-records`, as `tdq tblgen` runs them: records are printed
//! only when the parse did not stop at an error, as llvm-tblgen does.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tdq_fuzz::evaluate(data.to_vec(), |eval| {
        if !eval.parse_failed {
            let mut out = Vec::new();
            let _ = eval.records.print(&mut out);
        }
    })
});
