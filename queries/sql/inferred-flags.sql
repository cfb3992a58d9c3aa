-- An instruction's mayLoad, mayStore and hasSideEffects: as written, the value llvm-tblgen's
-- backends use, and where it comes from (written, inferred from the pattern named, or guessed),
-- from the pattern model's tables; `tdq explain INSTRUCTION.mayLoad` shows the pattern's trees.
-- param: instruction:def  the instruction, e.g. ADD32rr
SELECT flag, written, value, source, pattern, pattern_value
FROM instruction_flags WHERE instruction = :instruction
ORDER BY CASE flag WHEN 'mayLoad' THEN 0 WHEN 'mayStore' THEN 1 ELSE 2 END;
