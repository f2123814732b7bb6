return {
  id = "cards_acts",
  name = "Ordinary acts as effects",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "A card that makes the next move push, and one that steps then strikes: "
    .. "the move, attack and dig of every beat as effects.",
  load = { "cards.lua" },
}
