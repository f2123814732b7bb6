return {
  id = "cards_relics",
  name = "Relics",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "Passive items whose triggers are abilities: "
    .. "a spiked collar when hit (once a turn), a candle at each turn's start (three charges).",
  load = { "relics.lua" },
}
