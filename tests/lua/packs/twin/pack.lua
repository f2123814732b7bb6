return { id = "twin", version = "1.0.0", cairn = "0.1" }
