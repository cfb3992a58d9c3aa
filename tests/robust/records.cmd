tblgen --limit records=50 inputs/many-records.td
