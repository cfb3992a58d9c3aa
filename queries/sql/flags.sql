-- The instruction flags of a def, with where each was set.
-- param: record:def  the def's name
SELECT field AS flag, value, set_file, set_line
FROM fields
WHERE record = :record AND kind <> 'class'
  AND field IN ('isCall', 'isBranch', 'isIndirectBranch', 'isReturn', 'isTerminator', 'isBarrier',
                'mayLoad', 'mayStore', 'mayRaiseFPException', 'hasSideEffects', 'isCommutable',
                'isPseudo', 'isCodeGenOnly', 'isAsmParserOnly', 'isMoveImm', 'isMoveReg',
                'isBitcast', 'isSelect', 'isCompare', 'isAdd', 'isTrap', 'isNotDuplicable',
                'isConvergent', 'isAsCheapAsAMove', 'isReMaterializable', 'hasCtrlDep',
                'usesCustomInserter', 'hasPostISelHook', 'isPredicable', 'isUnpredicable',
                'hasDelaySlot', 'Size')
ORDER BY position;
