-- A register's sub-registers (explicit, inherited and composed, by index) and the registers it
-- is a sub-register of, from the target model's tables.
-- param: register:def  the register, e.g. EAX
SELECT 'sub' AS relation, sub_index, sub_register AS other
FROM sub_registers WHERE register = :register
UNION ALL
SELECT 'super', sub_index, register
FROM sub_registers WHERE sub_register = :register
ORDER BY 1 DESC, 2, 3;
