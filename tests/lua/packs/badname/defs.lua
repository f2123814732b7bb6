-- Names that only resolve when a world is made.
cairn.entity { name = "slow", glyph = "s", decorators = { "Movng" } }
cairn.entity { name = "frail", glyph = "f", decorators = { "WithHP" }, stats = { hpp = 3 } }
