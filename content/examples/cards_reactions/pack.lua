return {
  id = "cards_reactions",
  name = "Reactions before and after",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A goblin answers the hero's jab: a duck before it (the jab fails), a " ..
    "retort after it.",
  load = { "cards.lua" },
}
