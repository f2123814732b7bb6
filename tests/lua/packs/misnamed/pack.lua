return { id = "renamed", version = "1.0.0", cairn = "0.1" }
