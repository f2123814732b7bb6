return {
  id = "cards_aliasing",
  name = "Value aliasing",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "Two blocks from one card, both numbers the card's and both upgradable.",
  load = { "cards.lua" },
}
