cairn.entity { name = "stone", glyph = "o", layer = "wall" }
