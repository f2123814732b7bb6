return {
  id = "corridor",
  name = "A game in one corridor",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for cairn sim: two floors of one corridor, and bots that win, wait, give up or fail.",
  load = { "game.lua", "bots.lua" },
}
