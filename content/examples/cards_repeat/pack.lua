return {
  id = "cards_repeat",
  name = "Repeat",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A flurry: one hit cloned as many times as the card says; each a hit of its own.",
  load = { "cards.lua" },
}
