return {
  id = "cards_trigger_order",
  name = "Trigger order",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "Charms triggered by one blow: by priority, the decider ordering interactive ones, silent ones last.",
  load = { "cards.lua" },
}
