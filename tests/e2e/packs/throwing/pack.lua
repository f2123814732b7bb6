return {
  id = "throwing",
  name = "A throw at a skeleton",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the play screen's end-to-end tests: one room, the base game's "
    .. "player with a throwing dagger in its bag, and a skeleton within the dagger's range.",
  load = { "game.lua" },
}
