return { id = "finalizer", version = "1.0.0", cairn = "0.1", load = { "gc.lua" } }
