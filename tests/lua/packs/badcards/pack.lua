return {
  id = "badcards",
  name = "Broken cards",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for cairn check: one mistake in a card, an ability or a payload per line.",
  load = { "cards.lua" },
}
