cairn.entity { name = "marker", glyph = "x" }
