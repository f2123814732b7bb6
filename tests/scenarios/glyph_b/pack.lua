-- For legend.lua: a type whose glyph the other glyph_ pack gives a type of its own too.
return { id = "glyph_b", version = "1.0.0", cairn = "0.1", load = { "defs.lua" } }
