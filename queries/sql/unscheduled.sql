-- Instructions whose scheduling class a processor model with instruction scheduling does not
-- support (no resources for its writes, or Unsupported), per model, from the target model's
-- tables. `tdq lint --select unscheduled-instruction` applies LLVM's CompleteModel rules
-- (pseudos, hasNoSchedulingInfo and unsupported features left out) to the same model.
SELECT p.model, i.instruction, i.sched_class
FROM instruction_sched_classes i
JOIN sched_class_processors p ON p.class = i.class
WHERE p.supported = 0
ORDER BY p.model_index, i.opcode;
