return {
  id = "cards_walkthrough",
  name = "A warlock, a firestorm and a ward",
  version = "1.0.0",
  cairn = "0.1",
  description = "A warlock channels a siphon; the hero's firestorm breaks it through the warlock's ward.",
  load = { "warlock.lua", "hero.lua" },
}
