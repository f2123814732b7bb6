return {
  id = "marathon",
  name = "A game that lasts",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Long games, for `cairn-bench --saves` and the long-save test: the base "
    .. "game's floors, a player too tough to die, enemies that keep coming and a floor "
    .. "change every 700 beats, so that the explorer bot plays on for 14,000 beats.",
  load = { "marathon.lua" },
}
