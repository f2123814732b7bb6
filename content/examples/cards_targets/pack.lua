return {
  id = "cards_targets",
  name = "Target overrides",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A card that hits every foe, one that hits an area, and the dead left out.",
  load = { "cards.lua" },
}
