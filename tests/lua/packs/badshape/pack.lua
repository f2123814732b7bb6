return { id = "badshape", version = "1.0.0", cairn = "0.1", load = { "defs.lua" } }
