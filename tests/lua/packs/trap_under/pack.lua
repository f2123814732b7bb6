return {
  id = "trap_under",
  name = "A dagger on a trap",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the map view's tests: a throwing dagger lying on a spike trap "
    .. "next to the player.",
  load = { "game.lua" },
}
