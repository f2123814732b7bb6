return { id = "late", version = "1.0.0", cairn = "0.1", load = { "bot.lua", "charging.lua" } }
