return { id = "unheard", version = "1.0.0", cairn = "0.1", load = { "unheard.lua" } }
