return {
  id = "threats",
  name = "Threats",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the view's tests: an adder next to the player, whose bite hurts "
    .. "and poisons, so that the panel says what the next beat does to the player.",
  load = { "game.lua" },
}
