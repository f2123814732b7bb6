return { id = "cycle_a", version = "1.0.0", cairn = "0.1", depends = { cycle_b = "1.0" } }
