//! The target model's SQL tables, run as a user runs them on LLVM 23's Lanai target, checked
//! against what the backends print from the same model (each byte-identical to llvm-tblgen's
//! output in the conformance ratchet): register and class numbers against
//! `--gen-register-info`'s enums, opcodes against `--gen-instr-info`'s, fixed encoding bits
//! against `--gen-emitter`'s `InstBits`, each processor's micro-ops against `--gen-subtarget`'s
//! class table. Then what a store without a target gives, what `tdq export` writes, and that a
//! query naming no model table builds none.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn llvm() -> PathBuf {
    let llvm = tdq_tests::workspace_dir().join("../shared/corpus/llvm-23.1.1/llvm");
    assert!(llvm.join("include/llvm/Target/Target.td").is_file(), "no LLVM 23 corpus at {}", llvm.display());
    llvm
}

fn lanai_args(llvm: &Path) -> Vec<String> {
    let dir = llvm.join("lib/Target/Lanai");
    vec![
        "--td".into(),
        dir.join("Lanai.td").display().to_string(),
        "-I".into(),
        llvm.join("include").display().to_string(),
        "-I".into(),
        dir.display().to_string(),
        "--llvm-version".into(),
        "23".into(),
    ]
}

fn tdq(cache: &Path, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tdq")).env("TDQ_CACHE_DIR", cache).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The rows of a query, as tab-separated fields (the header left out).
fn query(cache: &Path, source: &[String], sql: &str) -> Vec<Vec<String>> {
    let mut args = source.to_vec();
    args.extend(["--format".into(), "tsv".into(), sql.into()]);
    let o = tdq(cache, &args);
    assert!(o.status.success(), "{sql}: {}", text(&o.stderr));
    text(&o.stdout).lines().skip(1).map(|l| l.split('\t').map(str::to_owned).collect()).collect()
}

/// What `tdq tblgen ACTION` writes for Lanai, in `dir` (`Lanai.inc` and any files beside it).
fn tblgen(llvm: &Path, dir: &Path, action: &str) {
    let target = llvm.join("lib/Target/Lanai");
    let o = Command::new(env!("CARGO_BIN_EXE_tdq"))
        .env("TDQ_TBLGEN_CACHE", "off")
        .args(["tblgen", "--llvm-version", "23", action, "-I"])
        .arg(llvm.join("include"))
        .arg("-I")
        .arg(&target)
        .arg(target.join("Lanai.td"))
        .arg("-o")
        .arg(dir.join("Lanai.inc"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{action}: {}", text(&o.stderr));
}

/// `  NAME = N,` lines of an enum, in order.
fn enumerators(source: &str) -> Vec<(String, i64)> {
    source
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.trim().split_once('=')?;
            let number = rest.trim().trim_end_matches(|c: char| c != ',' && !c.is_ascii_digit());
            let number = number.split(',').next()?.trim().parse().ok()?;
            let name = name.trim();
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_').then(|| (name.to_owned(), number))
        })
        .collect()
}

#[test]
fn lanai_model_tables_agree_with_the_backends() {
    let llvm = llvm();
    let cache = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let source = lanai_args(&llvm);

    // Registers and register classes: the numbers of --gen-register-info's enums.
    tblgen(&llvm, out.path(), "--gen-register-info");
    let enums = std::fs::read_to_string(out.path().join("LanaiEnums.inc")).unwrap();
    let numbers: HashMap<String, i64> = enumerators(&enums).into_iter().collect();
    let registers = query(cache.path(), &source, "select name, enum from registers order by enum");
    assert_eq!(registers.len(), 40, "{registers:?}");
    for r in &registers {
        assert_eq!(numbers.get(&r[0]), Some(&r[1].parse().unwrap()), "register {}", r[0]);
    }
    let classes = query(cache.path(), &source, "select name, enum, members from register_classes order by enum");
    assert!(classes.iter().any(|c| c[0] == "GPR_with_sub_32"), "an inferred class: {classes:?}");
    for c in &classes {
        assert_eq!(numbers.get(&format!("{}RegClassID", c[0])), Some(&c[1].parse().unwrap()), "class {}", c[0]);
    }
    let members = query(cache.path(), &source, "select count(*) from register_class_members where class = 'GPR'");
    let gpr = classes.iter().find(|c| c[0] == "GPR").unwrap();
    assert_eq!(members[0][0], gpr[2]);
    // DataFusion reads the same tables.
    let mut datafusion = source.clone();
    datafusion.extend(["--engine".into(), "datafusion".into()]);
    let counted =
        query(cache.path(), &datafusion, "select count(*) from registers r join register_units u on true limit 1");
    assert!(counted[0][0].parse::<i64>().unwrap() > 0, "{counted:?}");
    // Every register has a unit; two registers overlap exactly when they share one.
    let no_units = query(cache.path(), &source, "select name from registers where units = '[]'");
    assert!(no_units.is_empty(), "{no_units:?}");

    // Instructions: --gen-instr-info's opcodes; operands as written.
    tblgen(&llvm, out.path(), "--gen-instr-info");
    let info = std::fs::read_to_string(out.path().join("Lanai.inc")).unwrap();
    let opcodes: HashMap<String, i64> = enumerators(&info).into_iter().collect();
    let instructions = query(cache.path(), &source, "select name, opcode from instructions");
    assert!(instructions.len() > 300, "{}", instructions.len());
    for i in &instructions {
        assert_eq!(opcodes.get(&i[0]), Some(&i[1].parse().unwrap()), "instruction {}", i[0]);
    }
    let add = query(
        cache.path(),
        &source,
        "select name, kind, operand, operand_type from instruction_operands where instruction = 'ADD_R' order by position",
    );
    assert_eq!(
        add,
        [
            ["Rd", "def", "GPR", "MCOI::OPERAND_REGISTER"],
            ["Rs1", "use", "GPR", "MCOI::OPERAND_REGISTER"],
            ["Rs2", "use", "GPR", "MCOI::OPERAND_REGISTER"],
            ["DDDI", "use", "pred", "MCOI::OPERAND_UNKNOWN"],
        ]
    );

    // Flags: after pattern inference, as --gen-instr-info's descriptors have them.
    // Each descriptor line starts with the opcode: `{ 30,\t1,\t...|(1ULL<<MCID::MayLoad)|..., 0x0ULL },  // NAME`.
    let mut descriptor_flags: HashMap<i64, [bool; 3]> = HashMap::new();
    for line in info.lines().filter(|l| l.contains("ULL },  // ")) {
        let opcode = line.trim().trim_start_matches("{ ").split(',').next().unwrap().trim().parse().unwrap();
        let has = |f: &str| line.contains(&format!("(1ULL<<MCID::{f})"));
        descriptor_flags.insert(opcode, [has("MayLoad"), has("MayStore"), has("UnmodeledSideEffects")]);
    }
    let flags =
        query(cache.path(), &source, "select instruction, flag, value, source, pattern, opcode from instruction_flags");
    assert_eq!(flags.len(), 3 * instructions.len(), "three flags of every instruction");
    for row in &flags {
        let position = ["mayLoad", "mayStore", "hasSideEffects"].iter().position(|f| *f == row[1]).unwrap();
        let opcode: i64 = row[5].parse().unwrap();
        let expected = descriptor_flags.get(&opcode).unwrap_or_else(|| panic!("{} in the descriptors", row[0]));
        assert_eq!(row[2] == "1", expected[position], "{} {} ({})", row[0], row[1], row[3]);
        assert!(["written", "inferred", "guessed"].contains(&row[3].as_str()), "{row:?}");
        if row[3] == "inferred" {
            assert!(!row[4].is_empty() && row[4] != "NULL", "an inferred flag names its pattern: {row:?}");
        }
    }
    let inferred = flags.iter().filter(|r| r[3] == "inferred").count();
    assert!(inferred > 20, "Lanai leaves flags of selected instructions to inference: {inferred}");
    let selected = query(
        cache.path(),
        &source,
        "select source, result from selection_patterns where record = 'ADD_R' or instruction = 'ADD_R'",
    );
    assert!(
        !selected.is_empty() && selected.iter().all(|r| r[0].starts_with("(") && r[1].contains("ADD_R")),
        "{selected:?}"
    );
    assert!(query(cache.path(), &source, "select * from flag_conflicts").is_empty());

    // Encodings: each instruction's fixed bits are --gen-emitter's InstBits constant.
    tblgen(&llvm, out.path(), "--gen-emitter");
    let emitter = std::fs::read_to_string(out.path().join("Lanai.inc")).unwrap();
    let inst_bits: HashMap<String, u64> = emitter
        .lines()
        .filter_map(|l| {
            let (value, name) = l.trim().split_once("),\t// ")?;
            Some((name.to_owned(), value.strip_prefix("UINT64_C(")?.parse().ok()?))
        })
        .collect();
    let encodings = query(cache.path(), &source, "select instruction, fixed_value, bits from encodings");
    assert_eq!(encodings.len(), inst_bits.len(), "every instruction the emitter encodes, and only those");
    for e in &encodings {
        let value = u64::from_str_radix(e[1].trim_start_matches("0x"), 16).unwrap();
        assert_eq!(inst_bits.get(&e[0]), Some(&value), "instruction {} ({})", e[0], e[2]);
    }

    // Scheduling: each class's micro-ops on LanaiSchedModel, as --gen-subtarget's table has them.
    tblgen(&llvm, out.path(), "--gen-subtarget");
    let subtarget = std::fs::read_to_string(out.path().join("Lanai.inc")).unwrap();
    let table = subtarget.split("LanaiSchedModelSchedClasses[] = {").nth(1).unwrap();
    let table = &table[..table.find("};").unwrap()];
    let mut micro_ops = HashMap::new();
    for line in table.lines() {
        let Some((_, k)) = line.rsplit_once("// #") else { continue };
        let fields = line.split(')').nth(1).unwrap();
        micro_ops.insert(k.trim().parse::<i64>().unwrap(), fields.split(',').next().unwrap().trim().to_owned());
    }
    let rows = query(
        cache.path(),
        &source,
        "select class, supported, micro_ops from sched_class_processors where model = 'LanaiSchedModel'",
    );
    assert_eq!(rows.len(), micro_ops.len(), "every class (the table's invalid entry has no `// #`)");
    for r in &rows {
        let expected = &micro_ops[&r[0].parse::<i64>().unwrap()];
        match r[1].as_str() {
            "1" => assert_eq!(&r[2], expected, "class {}", r[0]),
            _ => assert_eq!(expected, "8191", "class {} is unsupported", r[0]),
        }
    }
    let scheduled = query(
        cache.path(),
        &source,
        "select count(*) from instruction_sched_classes i join sched_class_processors p on p.class = i.class \
         where p.model = 'LanaiSchedModel' and p.supported = 0",
    );
    assert!(scheduled[0][0].parse::<i64>().unwrap() > 0, "Lanai leaves some instructions unscheduled");
}

#[test]
fn model_tables_are_built_only_when_named_and_explain_a_store_without_a_target() {
    let cache = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let td = work.path().join("plain.td");
    std::fs::write(&td, "class C { int x = 1; }\ndef a : C;\n").unwrap();
    let source = vec!["--td".to_string(), td.display().to_string()];
    let rows = query(cache.path(), &source, "select name from C");
    assert_eq!(rows, [["a"]]);
    assert!(cache.path().read_dir().unwrap().next().is_some(), "the store is in the cache");
    assert!(!cache.path().join("model").exists(), "no model table was named, none was built");

    let mut args = source.clone();
    args.push("select * from registers".into());
    let o = tdq(cache.path(), &args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let stderr = text(&o.stderr);
    assert!(stderr.contains("the registers tables need the target model, which these records do not give"), "{stderr}");
    // llvm-tblgen's message for the same records (`--gen-register-info plain.td`).
    assert!(stderr.contains("error: The class 'HwMode' is not defined"), "{stderr}");
}

#[test]
fn export_writes_the_model_tables_with_their_docs() {
    let llvm = llvm();
    let cache = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("lanai.db");
    let mut args = vec!["export".to_string()];
    args.extend(lanai_args(&llvm));
    args.extend(["--db".into(), db.display().to_string()]);
    let o = tdq(cache.path(), &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let conn = rusqlite::Connection::open(&db).unwrap();
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(count("select count(*) from registers"), 40);
    assert!(count("select count(*) from sched_class_processors") > 0);
    assert!(count("select count(*) from schema_docs where object = 'register_classes' and col = 'sub_classes'") == 1);
    // A query on the export reads the copied tables, not a model file.
    let rows = query(cache.path(), &["--db".into(), db.display().to_string()], "select count(*) from encodings");
    assert!(rows[0][0].parse::<i64>().unwrap() > 50);
}
