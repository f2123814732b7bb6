return { id = "throws", version = "1.0.0", cairn = "0.1",
  load = { "table.lua", "number.lua", "nothing.lua", "object.lua",
  "level0.lua", "concat.lua", "requires.lua" } }
