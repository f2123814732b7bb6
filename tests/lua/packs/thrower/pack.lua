return { id = "thrower", version = "1.0.0", cairn = "0.1", load = { "walker.lua" } }
