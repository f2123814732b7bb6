return {
  id = "regen",
  name = "A decorator written in Lua",
  version = "1.0.0",
  cairn = "0.1",
  description = "Regenerating: heals an entity over time; a troll that has it.",
  load = { "regenerating.lua", "troll.lua" },
}
