-- A load list reaching into the folder next door.
return { id = "climber", version = "1.0.0", cairn = "0.1", load = { "../secret/stuff.lua" } }
