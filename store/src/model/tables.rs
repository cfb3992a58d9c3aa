//! The model tables' SQL and documentation (`tdq schema` shows it after the store's tables).

use super::Group;
use crate::schema::TableDoc;

/// Every model table and its group.
pub const MODEL_TABLE_GROUPS: &[(&str, Group)] = &[
    ("hw_modes", Group::Registers),
    ("registers", Group::Registers),
    ("register_units", Group::Registers),
    ("sub_register_indices", Group::Registers),
    ("sub_registers", Group::Registers),
    ("register_classes", Group::Registers),
    ("register_class_members", Group::Registers),
    ("register_class_modes", Group::Registers),
    ("instructions", Group::Instructions),
    ("instruction_operands", Group::Instructions),
    ("encodings", Group::Instructions),
    ("sched_models", Group::Schedule),
    ("sched_classes", Group::Schedule),
    ("instruction_sched_classes", Group::Schedule),
    ("sched_class_processors", Group::Schedule),
    ("selection_patterns", Group::Patterns),
    ("instruction_flags", Group::Patterns),
    ("flag_conflicts", Group::Patterns),
];

/// Each table's columns, in order (the DDL).
const COLUMNS: &[(&str, &str)] = &[
    ("hw_modes", "mode INTEGER NOT NULL, name TEXT NOT NULL, record_id INTEGER, features TEXT"),
    (
        "registers",
        "enum INTEGER PRIMARY KEY, name TEXT NOT NULL, namespace TEXT NOT NULL, asm_name TEXT NOT NULL, \
         record_id INTEGER, tuple INTEGER NOT NULL, artificial INTEGER NOT NULL, constant INTEGER NOT NULL, \
         covered_by_sub_regs INTEGER NOT NULL, has_disjunct_sub_regs INTEGER NOT NULL, cost_per_use TEXT NOT NULL, \
         units TEXT NOT NULL, native_units TEXT NOT NULL, super_registers TEXT NOT NULL, topo_sig INTEGER NOT NULL",
    ),
    (
        "register_units",
        "unit INTEGER PRIMARY KEY, native INTEGER NOT NULL, weight INTEGER NOT NULL, roots TEXT NOT NULL, \
         artificial INTEGER NOT NULL",
    ),
    (
        "sub_register_indices",
        "enum INTEGER PRIMARY KEY, name TEXT NOT NULL, namespace TEXT NOT NULL, record_id INTEGER, \
         size INTEGER, offset INTEGER, lane_mask TEXT NOT NULL, artificial INTEGER NOT NULL",
    ),
    (
        "sub_registers",
        "register TEXT NOT NULL, sub_index TEXT NOT NULL, sub_register TEXT NOT NULL, register_enum INTEGER NOT NULL, \
         sub_index_enum INTEGER NOT NULL, sub_register_enum INTEGER NOT NULL",
    ),
    (
        "register_classes",
        "enum INTEGER PRIMARY KEY, name TEXT NOT NULL, namespace TEXT NOT NULL, record_id INTEGER, \
         inferred_from_class TEXT, inferred_from_index TEXT, members INTEGER NOT NULL, value_types TEXT NOT NULL, \
         size INTEGER, spill_size INTEGER, spill_alignment INTEGER, copy_cost INTEGER NOT NULL, \
         allocatable INTEGER NOT NULL, allocation_priority INTEGER NOT NULL, artificial INTEGER NOT NULL, \
         lane_mask TEXT NOT NULL, sub_classes TEXT NOT NULL, super_classes TEXT NOT NULL",
    ),
    (
        "register_class_members",
        "class TEXT NOT NULL, register TEXT NOT NULL, position INTEGER NOT NULL, class_enum INTEGER NOT NULL, \
         register_enum INTEGER NOT NULL",
    ),
    (
        "register_class_modes",
        "class TEXT NOT NULL, hw_mode TEXT NOT NULL, size INTEGER NOT NULL, spill_size INTEGER NOT NULL, \
         spill_alignment INTEGER NOT NULL, value_types TEXT NOT NULL, class_enum INTEGER NOT NULL, mode INTEGER NOT NULL",
    ),
    (
        "instructions",
        "opcode INTEGER PRIMARY KEY, name TEXT NOT NULL, namespace TEXT NOT NULL, record_id INTEGER NOT NULL, \
         num_defs INTEGER NOT NULL, num_operands INTEGER NOT NULL, variadic INTEGER NOT NULL, \
         may_load INTEGER, may_store INTEGER, has_side_effects INTEGER, implicit_defs TEXT NOT NULL, \
         implicit_uses TEXT NOT NULL, asm_string TEXT NOT NULL",
    ),
    (
        "instruction_operands",
        "instruction TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, \
         operand TEXT NOT NULL, operand_type TEXT NOT NULL, mi_operand INTEGER NOT NULL, mi_operands INTEGER NOT NULL, \
         tied_to TEXT, early_clobber INTEGER NOT NULL, print_method TEXT NOT NULL, encoder_methods TEXT NOT NULL, \
         opcode INTEGER NOT NULL",
    ),
    (
        "encodings",
        "instruction TEXT NOT NULL, hw_mode TEXT NOT NULL, encoding TEXT NOT NULL, size INTEGER NOT NULL, \
         bits TEXT NOT NULL, fixed_mask TEXT NOT NULL, fixed_value TEXT NOT NULL, decoder_namespace TEXT, \
         opcode INTEGER NOT NULL, mode INTEGER NOT NULL",
    ),
    (
        "sched_models",
        "model INTEGER PRIMARY KEY, name TEXT NOT NULL, record_id INTEGER, itineraries TEXT, \
         has_instr_sched_model INTEGER NOT NULL, has_itineraries INTEGER NOT NULL, resources TEXT NOT NULL",
    ),
    (
        "sched_classes",
        "class INTEGER PRIMARY KEY, name TEXT NOT NULL, itinerary TEXT, writes TEXT NOT NULL, reads TEXT NOT NULL, \
         inferred INTEGER NOT NULL, variant_models TEXT NOT NULL, instructions INTEGER NOT NULL",
    ),
    (
        "instruction_sched_classes",
        "instruction TEXT NOT NULL, sched_class TEXT NOT NULL, opcode INTEGER NOT NULL, class INTEGER NOT NULL",
    ),
    (
        "sched_class_processors",
        "sched_class TEXT NOT NULL, model TEXT NOT NULL, supported INTEGER NOT NULL, variant INTEGER NOT NULL, \
         micro_ops INTEGER, latency INTEGER, begin_group INTEGER NOT NULL, end_group INTEGER NOT NULL, \
         retire_ooo INTEGER NOT NULL, latencies TEXT NOT NULL, resources TEXT NOT NULL, read_advances TEXT NOT NULL, \
         class INTEGER NOT NULL, model_index INTEGER NOT NULL",
    ),
    (
        "selection_patterns",
        "pattern INTEGER PRIMARY KEY, record TEXT NOT NULL, record_id INTEGER NOT NULL, instruction TEXT, \
         instructions TEXT NOT NULL, source TEXT NOT NULL, result TEXT NOT NULL, predicates TEXT NOT NULL, \
         hw_mode_condition TEXT NOT NULL, complexity INTEGER NOT NULL, added_complexity INTEGER NOT NULL",
    ),
    (
        "instruction_flags",
        "instruction TEXT NOT NULL, flag TEXT NOT NULL, written INTEGER, value INTEGER NOT NULL, \
         source TEXT NOT NULL, pattern TEXT, pattern_record_id INTEGER, pattern_value INTEGER, opcode INTEGER NOT NULL",
    ),
    (
        "flag_conflicts",
        "instruction TEXT NOT NULL, flag TEXT NOT NULL, written INTEGER NOT NULL, pattern TEXT NOT NULL, \
         pattern_record_id INTEGER NOT NULL, opcode INTEGER NOT NULL",
    ),
];

fn columns(table: &str) -> &'static str {
    COLUMNS.iter().find(|(t, _)| *t == table).map(|(_, c)| *c).expect("every model table has columns")
}

/// The DDL of a model file of `group`: its tables and `tdq_model_meta`.
pub(super) fn ddl(group: Group) -> String {
    format!("CREATE TABLE tdq_model_meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;\n{}", ddl_in(group, "main"))
}

/// The CREATE TABLE statements of `group`'s tables in `schema`.
pub(super) fn ddl_in(group: Group, schema: &str) -> String {
    group.tables().map(|t| format!("CREATE TABLE {schema}.{t}({});\n", columns(t))).collect()
}

/// What users read about the model tables (`tdq schema`, an export's `schema_docs`).
pub const MODEL_TABLES: &[TableDoc] = &[
    TableDoc {
        name: "hw_modes",
        about: "The target's HW modes (model tables: computed from the target model the first time a query names one, then cached). Mode 0 is DefaultMode; the others are numbered from 1 in name order.",
        columns: &[
            ("mode", "its number"),
            ("name", "the HwMode def (DefaultMode for 0)"),
            ("record_id", "the def's record id"),
            ("features", "its Features string (LLVM 19), or the predicates' conditions joined by ` && `"),
        ],
    },
    TableDoc {
        name: "registers",
        about: "Every register in enum order (RegisterTuples' synthesized registers included), with what the register bank derives.",
        columns: &[
            ("enum", "its number in the target's register enum (from 1; 0 is NoRegister)"),
            ("name, namespace, asm_name", "as the records say"),
            ("record_id", "its def (NULL for a register a RegisterTuples def synthesized)"),
            ("tuple", "1 when RegisterTuples synthesized it"),
            ("artificial, constant, covered_by_sub_regs", "its flags as stated"),
            ("has_disjunct_sub_regs", "as computed (some sub-registers do not overlap)"),
            ("cost_per_use", "JSON array of CostPerUse"),
            ("units", "JSON array of its register units (registers overlap when they share one)"),
            ("native_units", "JSON array of the units it was given itself, not inherited from sub-registers"),
            ("super_registers", "JSON array of its super-registers' names, in topological order"),
            ("topo_sig", "topological signature: registers with one have the same sub-register shape"),
        ],
    },
    TableDoc {
        name: "register_units",
        about: "The register units: the native ones (a leaf register's, or two registers' alias), then the adopted ones.",
        columns: &[
            ("unit", "its number"),
            ("native", "1 for a native unit"),
            ("weight", "its register-pressure weight"),
            ("roots", "JSON array of the registers it was made for"),
            ("artificial", "1 when a root is artificial"),
        ],
    },
    TableDoc {
        name: "sub_register_indices",
        about: "Every sub-register index, the synthesized ones (`A_then_B`, `A_B`) included.",
        columns: &[
            ("enum", "its number (from 1)"),
            ("name, namespace", "as the records say, or as synthesized"),
            ("record_id", "its def (NULL when synthesized)"),
            ("size, offset", "its bit range in the default mode (NULL where unknown)"),
            ("lane_mask", "its lane mask, hexadecimal"),
            ("artificial", "1 when only artificial registers are reached by it"),
        ],
    },
    TableDoc {
        name: "sub_registers",
        about: "Every (register, index, sub-register), explicit, inherited and composed: what `TRI->getSubReg(register, index)` gives.",
        columns: &[
            ("register, sub_index, sub_register", "names"),
            ("register_enum, sub_index_enum, sub_register_enum", "their numbers"),
        ],
    },
    TableDoc {
        name: "register_classes",
        about: "Every register class in enum (topological) order, the inferred ones (`_with_`, `_and_`) included.",
        columns: &[
            ("enum", "its number (its ID)"),
            ("name, namespace", "as the records say, or as inferred"),
            ("record_id", "its def (NULL for an inferred class)"),
            ("inferred_from_class, inferred_from_index", "for a class inferred from a sub-register index: the class and index"),
            ("members", "how many registers it has"),
            ("value_types", "JSON array of its value types (default mode)"),
            ("size, spill_size, spill_alignment", "in bits, in the default mode (NULL when it has no default; see register_class_modes)"),
            ("copy_cost, allocatable, allocation_priority, artificial", "as the records say or the class inherits"),
            ("lane_mask", "the lanes its registers' sub-registers cover, hexadecimal"),
            ("sub_classes", "JSON array of its sub-classes (itself included), as the model computes them"),
            ("super_classes", "JSON array of its super-classes"),
        ],
    },
    TableDoc {
        name: "register_class_members",
        about: "Each class's registers, in allocation order.",
        columns: &[
            ("class, register", "names"),
            ("position", "order in the class"),
            ("class_enum, register_enum", "numbers"),
        ],
    },
    TableDoc {
        name: "register_class_modes",
        about: "Each class's register size, spill size and alignment, and value types, in each HW mode it gives them for.",
        columns: &[
            ("class", "the class"),
            ("hw_mode", "the mode's name"),
            ("size, spill_size, spill_alignment", "in bits"),
            ("value_types", "JSON array of the value types in that mode"),
            ("class_enum, mode", "numbers"),
        ],
    },
    TableDoc {
        name: "instructions",
        about: "Every instruction in the target's enum order (the target-independent ones first), as CodeGenInstruction reads it. Flags are as the records state them (NULL: left `?` for pattern inference).",
        columns: &[
            ("opcode", "its number in the instruction enum"),
            ("name, namespace", "the def and its Namespace"),
            ("record_id", "the def's record id"),
            ("num_defs", "how many operands are outputs"),
            ("num_operands", "how many machine operands (sub-operands counted)"),
            ("variadic", "1 for variable_ops"),
            ("may_load, may_store, has_side_effects", "as stated; NULL when `?`"),
            ("implicit_defs, implicit_uses", "JSON arrays of Defs and Uses"),
            ("asm_string", "AsmString"),
        ],
    },
    TableDoc {
        name: "instruction_operands",
        about: "Every operand of every instruction: outputs, then inputs.",
        columns: &[
            ("instruction", "the instruction"),
            ("position", "its place in the operand list"),
            ("name", "its name (without `$`)"),
            ("kind", "`def` or `use`"),
            ("operand", "its def: a register class, RegisterOperand or Operand"),
            ("operand_type", "OperandType (e.g. MCOI::OPERAND_REGISTER)"),
            ("mi_operand, mi_operands", "its first machine operand and how many it has"),
            ("tied_to", "the operand it is tied to (`$src = $dst`), if any"),
            ("early_clobber", "1 for `@earlyclobber`"),
            ("print_method, encoder_methods", "PrintMethod; JSON array of each machine operand's EncoderMethod"),
            ("opcode", "the instruction's opcode"),
        ],
    },
    TableDoc {
        name: "encodings",
        about: "Each instruction's encoding, one row per HW mode for an instruction with EncodingInfos, as the code emitter and disassembler see its `Inst` bits (reversed for little-endian encodings). Pseudo and target-independent instructions, and those with no `Inst` bits (or a variable-length dag), have no row.",
        columns: &[
            ("instruction", "the instruction"),
            ("hw_mode", "the mode (DefaultMode for an instruction encoded the same in every mode)"),
            ("encoding", "the def giving the encoding: the instruction, or an InstructionEncoding"),
            ("size", "the number of bits"),
            ("bits", "most significant first: `0`/`1` fixed, `-` filled by an operand, `?` unset"),
            ("fixed_mask, fixed_value", "the fixed bits as hexadecimal mask and value: two rows collide when their masks' common bits hold the same values"),
            ("decoder_namespace", "DecoderNamespace"),
            ("opcode, mode", "numbers"),
        ],
    },
    TableDoc {
        name: "sched_models",
        about: "The processor scheduling models (0: NoSchedModel).",
        columns: &[
            ("model", "its index"),
            ("name", "the SchedMachineModel (or itinerary) name"),
            ("record_id", "the model def"),
            ("itineraries", "its ProcessorItineraries def"),
            ("has_instr_sched_model", "1 when it describes instructions' resources and latencies"),
            ("has_itineraries", "1 when it has itineraries"),
            ("resources", "JSON array of its processor resources, in index order (from 1)"),
        ],
    },
    TableDoc {
        name: "sched_classes",
        about: "The scheduling classes: each instruction's (itinerary and SchedRWs), those InstRW defs split off, and those inferred from SchedVariants.",
        columns: &[
            ("class", "its index"),
            ("name", "its name"),
            ("itinerary", "its InstrItinClass (NULL for an inferred class)"),
            ("writes, reads", "JSON arrays of its SchedWrites and SchedReads"),
            ("inferred", "1 for a class inferred from a variant"),
            ("variant_models", "JSON array of the models on which it resolves to another class"),
            ("instructions", "how many instructions have it"),
        ],
    },
    TableDoc {
        name: "instruction_sched_classes",
        about: "Each instruction's scheduling class.",
        columns: &[("instruction, sched_class", "names"), ("opcode, class", "numbers")],
    },
    TableDoc {
        name: "sched_class_processors",
        about: "Each scheduling class on each processor model with instruction scheduling (`MCSchedClassDesc`), resolved through InstRW, ItinRW, aliases and sequences as llvm-tblgen resolves it.",
        columns: &[
            ("sched_class, model", "names"),
            ("supported", "0 when the model does not support the class (no resources, or Unsupported)"),
            ("variant", "1 when the class resolves to another one on this model"),
            ("micro_ops", "number of micro-ops (NULL when unsupported or variant)"),
            ("latency", "the longest write latency"),
            ("begin_group, end_group, retire_ooo", "flags"),
            ("latencies", "JSON array of each write's latency"),
            ("resources", "JSON array of {resource, release, acquire}: the resources held, super-resources and groups included"),
            ("read_advances", "JSON array of {use, write, cycles}"),
            ("class, model_index", "numbers"),
        ],
    },
    TableDoc {
        name: "selection_patterns",
        about: "The patterns SelectionDAG instruction selection matches (`CodeGenDAGPatterns`): each instruction's own `Pattern` and each `Pat`/`Pattern` def, fragments inlined, one row per alternative, commuted variant and HW mode, in LLVM's order.",
        columns: &[
            ("pattern", "its number in LLVM's order"),
            ("record, record_id", "the def it comes from: the instruction, or a Pat/Pattern def"),
            ("instruction", "the one instruction its result makes (NULL when it makes none or several)"),
            ("instructions", "JSON array of the instructions in its result, outermost first"),
            ("source, result", "the trees matched and made, in dag syntax"),
            ("predicates", "JSON array of its Predicates"),
            ("hw_mode_condition", "the HW mode's condition of a per-mode copy (empty otherwise)"),
            ("complexity", "its pattern complexity (size plus AddedComplexity): higher is tried first"),
            ("added_complexity", "AddedComplexity"),
        ],
    },
    TableDoc {
        name: "instruction_flags",
        about: "Each instruction's mayLoad, mayStore and hasSideEffects: as written, as llvm-tblgen's backends use them after pattern inference, and where the value comes from.",
        columns: &[
            ("instruction, flag", "the instruction; `mayLoad`, `mayStore` or `hasSideEffects`"),
            ("written", "the record's value (NULL: left `?`)"),
            ("value", "the value -gen-instr-info writes"),
            ("source", "`written`; `inferred` from a pattern; `guessed` (no pattern: hasSideEffects 1, memory 0, when the target lets LLVM guess); `unresolved` (the target does not guess, or a pattern conflicts)"),
            ("pattern, pattern_record_id", "the first pattern selecting the instruction alone (it infers the flags left `?`)"),
            ("pattern_value", "what that pattern implies for the flag"),
            ("opcode", "the instruction's opcode"),
        ],
    },
    TableDoc {
        name: "flag_conflicts",
        about: "Flags a record states that a pattern selecting the instruction contradicts (llvm-tblgen's \"Pattern doesn't match FLAG = V\", fatal in every backend on patterns).",
        columns: &[
            ("instruction, flag", "the instruction and flag"),
            ("written", "the value the record states"),
            ("pattern, pattern_record_id", "the pattern that contradicts it"),
            ("opcode", "the instruction's opcode"),
        ],
    },
];
