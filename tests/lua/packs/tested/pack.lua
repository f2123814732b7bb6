-- A pack whose tests/ holds one test that passes and one that fails.
return { id = "tested", version = "1.0.0", cairn = "0.1", load = { "slime.lua" } }
