return { id = "fuzz", version = "0.2.0", cairn = "0.1", depends = { stun = "1.0" } }
