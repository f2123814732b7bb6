return { id = "needs_missing", version = "1.0.0", cairn = "0.1", depends = { nowhere = "1.0" } }
