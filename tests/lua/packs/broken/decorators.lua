-- A misspelt decorator.

cairn.entity { name = "slug", glyph = "s", decorators = { "Attackabel" } }
