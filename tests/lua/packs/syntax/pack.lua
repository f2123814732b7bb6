return { id = "syntax", version = "1.0.0", cairn = "0.1", load = { "fine.lua", "broken.lua" } }
