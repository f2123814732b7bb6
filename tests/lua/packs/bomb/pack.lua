return { id = "bomb", version = "1.0.0", cairn = "0.1", load = { "grow.lua" } }
