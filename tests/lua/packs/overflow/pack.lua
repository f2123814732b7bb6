return { id = "overflow", version = "1.0.0", cairn = "0.1", load = { "deep.lua" } }
