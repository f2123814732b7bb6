return { id = "Fuzz!", version = "one", cairn = 0.1, loads = { "../x.lua" }, depends = { [1] = "base" } }
