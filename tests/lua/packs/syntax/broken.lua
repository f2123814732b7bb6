-- An assignment with no value.
cairn.entity { name = "broken", glyph = "b" }
local x =
