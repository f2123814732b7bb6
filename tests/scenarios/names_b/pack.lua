-- For resolve.lua: defines Both, Twice and Moving, as names_a does.
return { id = "names_b", version = "1.0.0", cairn = "0.1", load = { "defs.lua" } }
