-- Nothing wrong here.
cairn.entity { name = "rat", glyph = "r", decorators = { "Moving", "WithHP" }, stats = { hp = 2 } }
