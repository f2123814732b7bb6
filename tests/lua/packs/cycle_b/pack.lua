return { id = "cycle_b", version = "1.0.0", cairn = "0.1", depends = { cycle_a = "1.0" } }
