//! The model tables' rows, read from the target model of an evaluation.

use super::Group;
use rusqlite::types::Value;
use rusqlite::Transaction;
use serde_json::json;
use tdq_core::init::{Init, InitKind};
use tdq_core::types::RecId;
use tdq_core::Evaluation;
use tdq_models::patterns::dag_patterns::{DagPatterns, FlagSource, InferableFlag};
use tdq_models::patterns::types::MvtTable;
use tdq_models::records::Fields;
use tdq_models::target::encodings::{Encodings, InstEncoding};
use tdq_models::target::instructions::{Constraint, Instructions};
use tdq_models::target::registers::derived::RegisterInfo;
use tdq_models::target::sched_tables::{SchedClassTables, INVALID_MICRO_OPS, VARIANT_MICRO_OPS};
use tdq_models::target::schedule::SchedModels;
use tdq_models::target::Target;
use tdq_models::Fatal;

/// The rows of one group's tables, computed before the file is opened.
pub struct Rows {
    tables: Vec<(&'static str, Vec<Vec<Value>>)>,
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

fn int(i: impl Into<i64>) -> Value {
    Value::Integer(i.into())
}

fn flag(b: bool) -> Value {
    Value::Integer(b as i64)
}

fn opt_flag(b: Option<bool>) -> Value {
    b.map_or(Value::Null, flag)
}

fn opt_text(s: Option<impl Into<String>>) -> Value {
    s.map_or(Value::Null, |s| text(s))
}

fn json_text(v: serde_json::Value) -> Value {
    Value::Text(v.to_string())
}

impl Rows {
    pub(super) fn of(eval: &Evaluation, group: Group) -> Result<Rows, Fatal> {
        let mut rows = Rows { tables: Vec::new() };
        match group {
            Group::Registers => rows.registers(eval)?,
            Group::Instructions => rows.instructions(eval)?,
            Group::Schedule => rows.schedule(eval)?,
            Group::Patterns => rows.patterns(eval)?,
        }
        Ok(rows)
    }

    pub(super) fn insert(&self, tx: &Transaction<'_>) -> rusqlite::Result<()> {
        for (table, rows) in &self.tables {
            let Some(width) = rows.first().map(Vec::len) else { continue };
            let marks = vec!["?"; width].join(", ");
            let mut st = tx.prepare(&format!("INSERT INTO {table} VALUES ({marks})"))?;
            for row in rows {
                st.execute(rusqlite::params_from_iter(row.iter()))?;
            }
        }
        Ok(())
    }

    fn table(&mut self, name: &'static str) -> &mut Vec<Vec<Value>> {
        self.tables.push((name, Vec::new()));
        &mut self.tables.last_mut().expect("just pushed").1
    }

    fn registers(&mut self, eval: &Evaluation) -> Result<(), Fatal> {
        let target = Target::get(eval)?;
        let info = RegisterInfo::get(eval)?;
        let bank = &info.bank;
        let modes = &target.hw_modes;
        let reg_name = |r: usize| bank.registers[r].name.clone();
        let class_name = |c: usize| bank.classes[c].name.clone();
        let index_name = |i: usize| bank.sub_reg_indices[i].name.clone();

        let t = self.table("hw_modes");
        t.push(vec![int(0), text("DefaultMode"), Value::Null, Value::Null]);
        for (i, m) in modes.modes.iter().enumerate() {
            let features = if m.features.is_empty() { m.condition.clone() } else { m.features.to_owned() };
            t.push(vec![int(i as i64 + 1), text(m.name), int(m.def.0), text(features)]);
        }

        let t = self.table("registers");
        for (i, r) in bank.registers.iter().enumerate() {
            t.push(vec![
                int(i as i64 + 1),
                text(r.name.clone()),
                text(r.namespace),
                text(r.asm_name),
                r.member.record().map_or(Value::Null, |d| int(d.0)),
                flag(r.member.record().is_none()),
                flag(r.artificial),
                flag(r.constant),
                flag(r.covered_by_sub_regs),
                flag(r.has_disjunct_sub_regs),
                json_text(json!(r.cost_per_use)),
                json_text(json!(r.reg_units.iter().collect::<Vec<_>>())),
                json_text(json!(r.native_reg_units.iter().collect::<Vec<_>>())),
                json_text(json!(r.super_regs.iter().map(|&s| reg_name(s)).collect::<Vec<_>>())),
                int(r.topo_sig),
            ]);
        }

        let t = self.table("register_units");
        for (u, unit) in bank.reg_units.iter().enumerate() {
            t.push(vec![
                int(u as i64),
                flag(u < bank.num_native_reg_units),
                int(unit.weight),
                json_text(json!(unit.roots.iter().map(|&r| reg_name(r)).collect::<Vec<_>>())),
                flag(unit.artificial),
            ]);
        }

        let t = self.table("sub_register_indices");
        for (i, idx) in bank.sub_reg_indices.iter().enumerate() {
            let range = idx.range.has_default().then(|| idx.range.get(0));
            let known = |v: u32| if v == u32::MAX || v == u16::MAX as u32 { Value::Null } else { int(v) };
            t.push(vec![
                int(i as i64 + 1),
                text(idx.name.clone()),
                text(idx.namespace),
                idx.def.map_or(Value::Null, |d| int(d.0)),
                range.map_or(Value::Null, |r| known(r.size)),
                range.map_or(Value::Null, |r| known(r.offset)),
                text(format!("{:#x}", idx.lane_mask)),
                flag(idx.artificial),
            ]);
        }

        let t = self.table("sub_registers");
        for (r, reg) in bank.registers.iter().enumerate() {
            for (&idx, &sub) in &reg.sub_regs {
                t.push(vec![
                    text(reg_name(r)),
                    text(index_name(idx)),
                    text(reg_name(sub)),
                    int(r as i64 + 1),
                    int(idx as i64 + 1),
                    int(sub as i64 + 1),
                ]);
            }
        }

        let vts = |c: &tdq_models::target::registers::classes::RegisterClass, mode: u32| -> serde_json::Value {
            json!(c.value_types.iter().map(|vt| vt.get(mode).name).collect::<Vec<_>>())
        };
        let t = self.table("register_classes");
        for (c, class) in bank.classes.iter().enumerate() {
            let size = class.rsi.has_default().then(|| class.rsi.get(0));
            t.push(vec![
                int(c as i64),
                text(class.name.clone()),
                text(class.namespace),
                class.def.map_or(Value::Null, |d| int(d.0)),
                opt_text(class.inferred_from.map(|(_, from)| class_name(from))),
                opt_text(class.inferred_from.map(|(idx, _)| index_name(idx))),
                int(class.members.len() as i64),
                json_text(vts(class, 0)),
                size.map_or(Value::Null, |s| int(s.reg_size)),
                size.map_or(Value::Null, |s| int(s.spill_size)),
                size.map_or(Value::Null, |s| int(s.spill_alignment)),
                int(class.copy_cost),
                flag(class.allocatable),
                int(class.allocation_priority),
                flag(class.artificial),
                text(format!("{:#x}", class.lane_mask)),
                json_text(json!(class.sub_classes.ones().map(class_name).collect::<Vec<_>>())),
                json_text(json!(class.super_classes.iter().map(|&s| class_name(s)).collect::<Vec<_>>())),
            ]);
        }

        let t = self.table("register_class_members");
        for (c, class) in bank.classes.iter().enumerate() {
            for (p, &r) in class.members.iter().enumerate() {
                t.push(vec![text(class_name(c)), text(reg_name(r)), int(p as i64), int(c as i64), int(r as i64 + 1)]);
            }
        }

        let t = self.table("register_class_modes");
        for (c, class) in bank.classes.iter().enumerate() {
            for (mode, size) in class.rsi.iter() {
                t.push(vec![
                    text(class_name(c)),
                    text(modes.mode_name(mode)),
                    int(size.reg_size),
                    int(size.spill_size),
                    int(size.spill_alignment),
                    json_text(vts(class, mode)),
                    int(c as i64),
                    int(mode),
                ]);
            }
        }
        Ok(())
    }

    fn instructions(&mut self, eval: &Evaluation) -> Result<(), Fatal> {
        let target = Target::get(eval)?;
        let insts = Instructions::get(eval)?;
        let f = Fields { input: eval };
        let name = |d: RecId| f.name(d).to_string();

        let t = self.table("instructions");
        for (opcode, inst) in insts.in_enum_order().enumerate() {
            let ops = &inst.operands;
            t.push(vec![
                int(opcode as i64),
                text(inst.name),
                text(inst.namespace),
                int(inst.def.0),
                int(ops.num_defs),
                int(ops.operands.iter().map(|o| o.mi_num_operands).sum::<u32>()),
                flag(ops.is_variadic),
                opt_flag(inst.may_load),
                opt_flag(inst.may_store),
                opt_flag(inst.has_side_effects),
                json_text(json!(inst.implicit_defs.iter().map(|&d| name(d)).collect::<Vec<_>>())),
                json_text(json!(inst.implicit_uses.iter().map(|&d| name(d)).collect::<Vec<_>>())),
                text(inst.asm_string),
            ]);
        }

        let t = self.table("instruction_operands");
        for (opcode, inst) in insts.in_enum_order().enumerate() {
            let ops = &inst.operands;
            for (p, op) in ops.operands.iter().enumerate() {
                let tied_to = op.constraints.iter().find_map(|c| match c {
                    Constraint::Tied(flat) => ops.sub_operand_number(*flat).map(|(i, _)| ops.operands[i].name),
                    Constraint::None | Constraint::EarlyClobber => None,
                });
                let early_clobber = op.constraints.iter().any(|c| matches!(c, Constraint::EarlyClobber));
                t.push(vec![
                    text(inst.name),
                    int(p as i64),
                    text(op.name),
                    text(if (p as u32) < ops.num_defs { "def" } else { "use" }),
                    text(name(op.rec)),
                    text(op.operand_type.clone()),
                    int(op.mi_operand_no),
                    int(op.mi_num_operands),
                    opt_text(tied_to),
                    flag(early_clobber),
                    text(op.print_method),
                    json_text(json!(op.encoder_methods)),
                    int(opcode as i64),
                ]);
            }
        }

        let encodings = Encodings::get(eval)?;
        let modes = &target.hw_modes;
        let t = self.table("encodings");
        for (opcode, inst) in insts.in_enum_order().enumerate() {
            // What the code emitter encodes: no pseudo, no target-independent instruction.
            if inst.variable_length_encoding || inst.flags.is_pseudo || inst.namespace == "TargetOpcode" {
                continue;
            }
            let by_mode: Vec<(u32, RecId)> = match encodings.of(eval, inst.def)? {
                InstEncoding::Own(def) => vec![(0, def)],
                InstEncoding::ByMode(map) => map.iter().map(|(m, &d)| (m, d)).collect(),
            };
            for (mode, def) in by_mode {
                let has_bits =
                    f.value(def, "Inst").is_some_and(|v| matches!(v.value.kind(), InitKind::Bits(b) if !b.is_empty()));
                if !has_bits {
                    continue;
                }
                let bits = encodings.inst_bits(eval, def)?;
                let (pattern, mask, value) = describe_bits(&bits);
                let namespace = f.value(def, "DecoderNamespace").and_then(|v| v.value.as_str().map(|s| s.to_string()));
                t.push(vec![
                    text(inst.name),
                    text(modes.mode_name(mode)),
                    text(name(def)),
                    int(bits.len() as i64),
                    text(pattern),
                    text(mask),
                    text(value),
                    opt_text(namespace),
                    int(opcode as i64),
                    int(mode),
                ]);
            }
        }
        Ok(())
    }

    fn patterns(&mut self, eval: &Evaluation) -> Result<(), Fatal> {
        let insts = Instructions::get(eval)?;
        let model = DagPatterns::with_conflicts(eval)?;
        let table = MvtTable::read(eval)?;
        let f = Fields { input: eval };
        let name = |d: RecId| f.name(d).to_string();
        let opcodes: std::collections::HashMap<RecId, i64> =
            insts.in_enum_order().enumerate().map(|(i, inst)| (inst.def, i as i64)).collect();

        let t = self.table("selection_patterns");
        for (n, p) in model.patterns.iter().enumerate() {
            let made = p.dst.instructions(eval);
            t.push(vec![
                int(n as i64),
                text(name(p.src_record)),
                int(p.src_record.0),
                match made[..] {
                    [only] => text(name(only)),
                    _ => Value::Null,
                },
                json_text(json!(made.iter().map(|&d| name(d)).collect::<Vec<_>>())),
                text(p.src.text(eval)),
                text(p.dst.text(eval)),
                json_text(json!(p.predicates.iter().map(|i| i.to_string()).collect::<Vec<_>>())),
                text(p.hw_mode_features.clone()),
                int(p.complexity(eval, &model.complex_patterns, &table)),
                int(p.added_complexity),
            ]);
        }

        let t = self.table("instruction_flags");
        for inst in insts.in_enum_order() {
            let Some(flags) = model.flags.get(&inst.def) else { continue };
            for which in InferableFlag::ALL {
                let source = match model.flag_source(inst, which) {
                    FlagSource::Written => "written",
                    FlagSource::Inferred(_) => "inferred",
                    FlagSource::Guessed => "guessed",
                    FlagSource::Unresolved => "unresolved",
                };
                let first = flags.first_pattern;
                t.push(vec![
                    text(inst.name),
                    text(which.field()),
                    opt_flag(which.written(inst)),
                    flag(flags.value(which)),
                    text(source),
                    opt_text(first.map(|p| name(p.record))),
                    first.map_or(Value::Null, |p| int(p.record.0)),
                    first.map_or(Value::Null, |p| flag(p.says(which))),
                    int(opcodes[&inst.def]),
                ]);
            }
        }

        let t = self.table("flag_conflicts");
        for c in &model.conflicts {
            t.push(vec![
                text(name(c.instruction)),
                text(c.flag.field()),
                flag(c.written),
                text(name(c.pattern)),
                int(c.pattern.0),
                int(opcodes[&c.instruction]),
            ]);
        }
        Ok(())
    }

    fn schedule(&mut self, eval: &Evaluation) -> Result<(), Fatal> {
        let m = SchedModels::get(eval)?;
        let insts = Instructions::get(eval)?;
        let f = Fields { input: eval };
        let name = |d: RecId| f.name(d).to_string();

        let t = self.table("sched_models");
        for pm in &m.proc_models {
            t.push(vec![
                int(pm.index),
                text(pm.model_name.clone()),
                int(pm.model_def.0),
                text(name(pm.itins_def)),
                flag(pm.has_instr_sched_model()),
                flag(pm.has_itineraries()),
                json_text(json!(pm.proc_resource_defs.iter().map(|&d| name(d)).collect::<Vec<_>>())),
            ]);
        }

        let mut counts = vec![0i64; m.sched_classes.len()];
        let mut pairs = Vec::new();
        for (opcode, inst) in insts.in_enum_order().enumerate() {
            let class = m.sched_class_index(inst.def);
            counts[class as usize] += 1;
            pairs.push((inst.name, class, opcode));
        }
        let t = self.table("sched_classes");
        for class in &m.sched_classes {
            let writes: Vec<&str> = class.writes.iter().map(|&w| m.rw(w, false).name.as_str()).collect();
            let reads: Vec<&str> = class.reads.iter().map(|&r| m.rw(r, true).name.as_str()).collect();
            let mut variant_models: Vec<&str> =
                class.transitions.iter().map(|tr| m.proc_models[tr.proc_index as usize].model_name.as_str()).collect();
            variant_models.dedup();
            t.push(vec![
                int(class.index),
                text(class.name.clone()),
                opt_text(class.itin_class.map(name)),
                json_text(json!(writes)),
                json_text(json!(reads)),
                flag(class.is_inferred()),
                json_text(json!(variant_models)),
                int(counts[class.index as usize]),
            ]);
        }

        let t = self.table("instruction_sched_classes");
        for (inst, class, opcode) in pairs {
            t.push(vec![
                text(inst),
                text(m.sched_classes[class as usize].name.clone()),
                int(opcode as i64),
                int(class),
            ]);
        }

        let tables = SchedClassTables::get(eval)?;
        let t = self.table("sched_class_processors");
        for pm in &m.proc_models {
            let Some(descs) = tables.classes.get(pm.index as usize + 1).filter(|d| !d.is_empty()) else { continue };
            for (k, d) in descs.iter().enumerate().skip(1) {
                let variant = d.micro_ops == VARIANT_MICRO_OPS;
                let supported = d.micro_ops != INVALID_MICRO_OPS;
                let slice = |(start, len): (usize, usize)| start..start + len;
                let latencies: Vec<i16> =
                    tables.write_latencies[slice(d.write_latency)].iter().map(|l| l.cycles).collect();
                let resources: Vec<serde_json::Value> = tables.write_proc_res[slice(d.write_proc_res)]
                    .iter()
                    .map(|e| {
                        let resource = pm.proc_resource_defs.get(e.resource as usize - 1).map(|&d| name(d));
                        json!({"resource": resource, "release": e.release, "acquire": e.acquire})
                    })
                    .collect();
                let advances: Vec<serde_json::Value> = tables.read_advances[slice(d.read_advance)]
                    .iter()
                    .map(|a| {
                        let write = (a.write != 0).then(|| m.rw(a.write, false).name.clone());
                        json!({"use": a.use_index, "write": write, "cycles": a.cycles})
                    })
                    .collect();
                let plain = supported && !variant;
                t.push(vec![
                    text(m.sched_classes[k].name.clone()),
                    text(pm.model_name.clone()),
                    flag(supported),
                    flag(variant),
                    if plain { int(d.micro_ops) } else { Value::Null },
                    latencies.iter().max().map_or(Value::Null, |&l| int(l)),
                    flag(d.begin_group),
                    flag(d.end_group),
                    flag(d.retire_ooo),
                    json_text(json!(latencies)),
                    json_text(json!(resources)),
                    json_text(json!(advances)),
                    int(k as i64),
                    int(pm.index),
                ]);
            }
        }
        Ok(())
    }
}

/// An encoding's bits, most significant first (`0`, `1`, `-` for an operand's, `?` unset),
/// and its fixed bits as hexadecimal mask and value.
fn describe_bits(bits: &[Init]) -> (String, String, String) {
    let mut pattern = String::with_capacity(bits.len());
    let mut mask = vec![false; bits.len()];
    let mut value = vec![false; bits.len()];
    for (i, bit) in bits.iter().enumerate().rev() {
        pattern.push(match bit.kind() {
            InitKind::Bit(b) => {
                mask[i] = true;
                value[i] = *b;
                if *b {
                    '1'
                } else {
                    '0'
                }
            }
            InitKind::Unset => '?',
            _ => '-',
        });
    }
    (pattern, hex(&mask), hex(&value))
}

/// Bits (lowest first) as a hexadecimal number.
fn hex(bits: &[bool]) -> String {
    let mut digits = String::new();
    for chunk in (0..bits.len().div_ceil(4)).rev() {
        let nibble = (0..4).filter(|&k| bits.get(chunk * 4 + k).copied().unwrap_or(false)).fold(0, |n, k| n | (1 << k));
        digits.push(char::from_digit(nibble, 16).expect("a nibble is a hex digit"));
    }
    let trimmed = digits.trim_start_matches('0');
    format!("0x{}", if trimmed.is_empty() { "0" } else { trimmed })
}
