return {
  id = "everything",
  name = "Everything at once",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "The base dungeon with everything of base in its first rooms, for the "
    .. "randomized player (tests/driver): the player's deck holds every card (reactions "
    .. "too), and around the entry of the first floor lie every item, trap and enemy, with a "
    .. "pair of portal doors on the floor, so that they meet in the first beats.",
  load = { "floor.lua" },
}
