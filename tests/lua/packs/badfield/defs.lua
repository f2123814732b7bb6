-- Mistakes the definition's shape shows at once.
cairn.entity { name = "typo", glph = "t" }
cairn.entity { name = "mistyped", glyph = 7 }
cairn.entity { name = "fine", glyph = "f" }
