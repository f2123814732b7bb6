-- A pack whose tests all pass.
return { id = "passing", version = "1.0.0", cairn = "0.1", load = { "stone.lua" } }
