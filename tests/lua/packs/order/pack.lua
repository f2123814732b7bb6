return { id = "order", version = "1.0.0", cairn = "0.1", load = { "order.lua" } }
