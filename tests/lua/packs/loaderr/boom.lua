-- Runs fine up to line 4, which indexes nil.
local settings = { size = 3 }
local missing = settings.colours
local first = missing.red
cairn.entity { name = "never", glyph = first }
