-- A pack that extends the base game without editing it: it depends on base, and its file
-- calls base's dungeon module (`require "base:dungeon"`) to add what it brings.
return {
  id = "ghouls",
  name = "Ghouls in the dungeon",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "A ghoul that haunts every floor of the base dungeon, a cudgel to meet it " ..
    "with, a potion in the starting kit, and a grave on each floor.",
  load = { "ghoul.lua" },
}
