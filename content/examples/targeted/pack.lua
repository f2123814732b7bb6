return {
  id = "targeted",
  name = "Targeted abilities",
  version = "1.0.0",
  cairn = "0.1",
  description = "A firebolt at a foe in range and in sight, and a frost nova on a cell's area.",
  load = { "spells.lua" },
}
