return { id = "hogs", version = "1.0.0", cairn = "0.1", load = { "hogs.lua" } }
