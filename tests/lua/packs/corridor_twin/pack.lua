return {
  id = "corridor_twin",
  name = "Another corridor",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for cairn sim: a game and a bot named as the corridor pack's are.",
  load = { "game.lua" },
}
