return {
  id = "cards_validator",
  name = "A validator",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "If the hero is hurt, heal; else strike: validate with passed and failed payloads.",
  load = { "cards.lua" },
}
