return {
  id = "portals",
  name = "Portals and no one",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "The base dungeon with three pairs of portal doors on every floor and no "
    .. "enemies, for the randomized player (tests/driver): travel and explore go on long "
    .. "enough to meet the portals, where base's floors stop them at the first enemy seen.",
  load = { "floors.lua" },
}
