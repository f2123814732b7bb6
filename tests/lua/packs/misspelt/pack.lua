return { id = "misspelt", version = "1.0.0", cairn = "0.1", depends = { bsae = "0.1" } }
