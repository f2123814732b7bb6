-- A pack is a folder named after its id; pack.lua says what it is and which files to run.
return {
  id = "data_enemy",
  name = "Data-only enemy",
  version = "1.0.0",
  cairn = "0.1",
  description = "A skeleton whose behaviour is pure data: no Lua runs while it plays.",
  load = { "skeleton.lua" },
}
