-- The rat again, by accident.
cairn.entity { name = "rat", glyph = "R" }
