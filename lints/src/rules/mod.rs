//! The canned lints, one to a file; [`LINTS`] is the registry (one line each).

mod asm_unknown_operand;
mod barrier_not_terminator;
mod branch_not_terminator;
mod clang_attribute_undocumented;
mod clang_warning_without_group;
mod commutable_too_few_inputs;
mod duplicate_encoding;
mod encoding;
mod flag_inferred_from_pattern;
mod flags_left_to_inference;
mod hw_mode_encoding_collision;
mod load_pattern_may_load_0;
mod memory_flag_beyond_pattern;
mod pattern_flags;
mod pseudo_with_encoding;
mod redundant_let;
mod register_class_size;
mod side_effect_pattern_has_side_effects_0;
mod store_pattern_may_store_0;
mod unscheduled_instruction;
mod unselected_instruction;
mod unused_class;

use crate::Lint;

/// Every canned lint, in id order.
pub static LINTS: &[&Lint] = &[
    &asm_unknown_operand::LINT,
    &barrier_not_terminator::LINT,
    &branch_not_terminator::LINT,
    &clang_attribute_undocumented::LINT,
    &clang_warning_without_group::LINT,
    &commutable_too_few_inputs::LINT,
    &duplicate_encoding::LINT,
    &flag_inferred_from_pattern::LINT,
    &flags_left_to_inference::LINT,
    &hw_mode_encoding_collision::LINT,
    &load_pattern_may_load_0::LINT,
    &memory_flag_beyond_pattern::LINT,
    &pseudo_with_encoding::LINT,
    &redundant_let::LINT,
    &register_class_size::LINT,
    &side_effect_pattern_has_side_effects_0::LINT,
    &store_pattern_may_store_0::LINT,
    &unscheduled_instruction::LINT,
    &unselected_instruction::LINT,
    &unused_class::LINT,
];

/// The canned lint with this id.
pub fn find(id: &str) -> Option<&'static Lint> {
    LINTS.iter().copied().find(|l| l.id == id)
}
