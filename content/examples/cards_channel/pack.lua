return {
  id = "cards_channel",
  name = "A channelled card",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A card that pulses once a beat for three beats, while a behaviour says it may.",
  load = { "cards.lua" },
}
