return {
  id = "cards_consumables",
  name = "Consumables as payloads",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A tonic drunk, a flask thrown at a cell and a scroll read at a foe: "
    .. "items whose data names the ability their use resolves.",
  load = { "items.lua" },
}
