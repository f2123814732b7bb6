return { id = "patternbomb", version = "1.0.0", cairn = "0.1", load = { "bomb.lua" } }
