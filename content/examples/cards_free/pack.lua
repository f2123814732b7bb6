return {
  id = "cards_free",
  name = "Points and free cards",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A card costs an action point; a free one costs none.",
  load = { "cards.lua" },
}
