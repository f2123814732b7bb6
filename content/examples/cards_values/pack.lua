return {
  id = "cards_values",
  name = "The value hierarchy",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "Where an effect's numbers come from: its parameters, the play request, the card, the actor.",
  load = { "cards.lua" },
}
