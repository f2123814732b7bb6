return {
  id = "cardgame",
  name = "A duel with cards",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture: a small game played with cards by a bot, for replays and sims.",
  load = { "duel.lua" },
}
