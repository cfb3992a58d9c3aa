//! The store loader: the input is a SQLite file, opened as `tdq tblgen --from-db` opens one and
//! loaded; a store that loads is printed (`--print-records`). The seeds are stores written by
//! `tdq export --db`, so mutations reach the loader's decoding of damaged rows and values, which
//! must end in an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let mut file = tempfile::Builder::new().suffix(".db").tempfile().expect("temporary file");
    file.write_all(data).expect("write");
    file.flush().expect("flush");
    let path = file.path().to_path_buf();
    tdq_fuzz::on_evaluation_stack(move || {
        let Ok(conn) = tdq_store::open_read_only(&path) else { return };
        if let Ok(eval) = tdq_store::load_evaluation(&conn) {
            let mut out = Vec::new();
            let _ = eval.records.print(&mut out);
            for d in &eval.diags.list {
                let _ = tdq_core::diag::render_bytes(&eval.sm, d);
            }
        }
    });
    drop(file);
});
