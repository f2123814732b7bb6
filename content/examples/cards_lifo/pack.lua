return {
  id = "cards_lifo",
  name = "Last in, first out",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A payload resolves from its last effect to its first; one_queue keeps the written order.",
  load = { "cards.lua" },
}
