return { id = "loaderr", version = "1.0.0", cairn = "0.1", load = { "boom.lua" } }
