-- One call into the table library that would move 2^40 items, all of it in C.
table.move({}, 1, 1 << 40, 1)
