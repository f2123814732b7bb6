return {
  id = "cards_events",
  name = "Event rooms",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A shrine that asks who steps on it: "
    .. "pay 10 hp to gain a card, or pray for a block; options with requirements, asked in the beat.",
  load = { "shrine.lua" },
}
