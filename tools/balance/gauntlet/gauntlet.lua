-- gauntlet.lua: base's dungeon with its counts changed (dungeon.set_counts) and a bare kit.
local dungeon = require "base:dungeon"

dungeon.set_counts { floors = { 1 }, enemies = 10, consumables = 0, items = 1 }
dungeon.set_counts { floors = { 2 }, enemies = 16, consumables = 0, items = 1 }
dungeon.set_counts { floors = { 3 }, enemies = 22, consumables = 0, items = 1 }
dungeon.set_kit { "base:shovel" }
