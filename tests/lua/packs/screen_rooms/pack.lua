return {
  id = "screen_rooms",
  name = "Rooms for the map view",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the map view's tests: small rooms of the base game's player, "
    .. "one with a dagger lying on a trap, one with the player stunned and blocking.",
  load = { "game.lua" },
}
