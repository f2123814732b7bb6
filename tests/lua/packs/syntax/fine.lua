cairn.entity { name = "fine", glyph = "f" }
