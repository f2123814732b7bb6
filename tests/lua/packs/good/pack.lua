-- A clean pack: a player and a data-only enemy that chases and hits it.
return {
  id = "good",
  name = "Good",
  version = "1.2.0",
  cairn = "0.1",
  load = { "things.lua" },
}
