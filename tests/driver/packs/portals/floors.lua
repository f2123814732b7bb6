-- floors.lua: base's floors with more portal doors and no enemies. No rule changes.

local dungeon = require "base:dungeon"

dungeon.set_counts { portals = 3, enemies = 0 }
