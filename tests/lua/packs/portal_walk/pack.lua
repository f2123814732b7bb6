return {
  id = "portal_walk",
  name = "A walk through portals",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the replay tests: a corridor looped on itself by a portal, a "
    .. "portal door to a second room, and a bot that walks through both.",
  load = { "game.lua" },
}
