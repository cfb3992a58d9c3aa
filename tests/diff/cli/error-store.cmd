inputs/store.db inputs/new.td
