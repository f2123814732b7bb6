return {
  id = "duo",
  name = "Two heroes",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "The base dungeon for two heroes: each a seat, played in turn at one " ..
    "terminal or by a bot of its own.",
  load = { "duo.lua" },
}
