return {
  id = "cards_x_cost",
  name = "X cost",
  version = "1.0.0",
  cairn = "0.1",
  depends = { cards_duel = "1.0" },
  description = "Cards that spend all the energy they are given: numbers times X, or X hits.",
  load = { "cards.lua" },
}
