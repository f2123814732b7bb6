return { id = "loadbin", version = "1.0.0", cairn = "0.1", load = { "binary_mode.lua", "dump.lua", "sneak.lua" } }
