-- A number where a string goes.
cairn.entity { name = "imp", glyph = "i", color = 12 }
