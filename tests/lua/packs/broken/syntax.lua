-- A brace that is never closed.
cairn.entity { name = "newt", glyph = "n"

cairn.entity { name = "toad", glyph = "t" }
