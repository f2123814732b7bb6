return { id = "twin_user", version = "1.0.0", cairn = "0.1", depends = { twin = "1.0" } }
