return { id = "elsewhere", version = "1.0.0", cairn = "9.0" }
