return {
  id = "gauntlet",
  name = "Gauntlet",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "The base dungeon crowded: twice the enemies, a third of the potions. For "
    .. "measuring what the cards are worth (tools/balance/run), where the base game is "
    .. "too easy to tell.",
  load = { "gauntlet.lua" },
}
