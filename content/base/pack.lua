return {
  id = "base",
  name = "The cairn dungeon",
  version = "0.1.0",
  cairn = "0.1",
  description = "The game cairn ships with: a few floors of rooms and corridors, eight kinds "
    .. "of enemy, weapons, shovels and armour, potions, daggers and bombs to throw, a deck of "
    .. "cards with rewards between floors, traps, and a bot that plays it.",
  load = {
    "statuses.lua",
    "terrain.lua",
    "inventory.lua",
    "items.lua",
    "consumables.lua",
    "player.lua",
    "cards.lua",
    "enemies/skeleton.lua",
    "enemies/bat.lua",
    "enemies/armadillo.lua",
    "enemies/monkey.lua",
    "enemies/zombie.lua",
    "enemies/archer.lua",
    "enemies/shaman.lua",
    "enemies/brute.lua",
    "choices.lua",
    "game.lua",
    "bots/explorer.lua",
  },
}
