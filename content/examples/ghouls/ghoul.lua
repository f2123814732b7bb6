-- ghoul.lua: new things for the base dungeon, and where it puts them. Each dungeon.* call
-- checks what it is given and appends to base's lists in load order, so the floors a seed
-- makes are the same every time this pack is loaded.

local dungeon = require "base:dungeon"

-- A ghoul: as tough as two skeletons, it walks two beats and rests one. Pure data.
cairn.entity {
  name = "ghoul",
  glyph = "g",
  color = "green",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 4, damage = 1, team = 2, targets = { 1 } },
  sequence = {
    { action = "attack_move", movs = "basic", repeats = 2 },
    { action = "none" },
  },
}

-- A weapon, as base's items.lua makes them: its data names the slot and what it brings.
cairn.entity {
  name = "cudgel", glyph = "\\", color = "yellow", layer = "item",
  data = { slot = "weapon", damage = 2, pattern = "front" },
}

-- A grave: a mark on the floor layer, nothing more; each floor gets one.
cairn.entity { name = "grave", glyph = "t", color = "white", layer = "floor" }

-- Ghouls come up on every floor, as often as 3 in the pool's total (floor 1's skeletons
-- weigh 5 and bats 3); the cudgel only on the deeper floors.
dungeon.add_enemy { type = "ghouls:ghoul", weight = 3 }
dungeon.add_item { type = "ghouls:cudgel", weight = 2, floors = { 2, 3 } }

-- The player starts with base's kit and a healing potion in its bag.
local kit = dungeon.kit()
kit[#kit + 1] = "base:healing_potion"
dungeon.set_kit(kit)

-- Once base has made a floor, a grave goes on a free room cell.
dungeon.on_floor(function(_, _, level)
  level.place("ghouls:grave")
end)
