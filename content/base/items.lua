-- items.lua: the things lying about the dungeon to be picked up: weapons, shovels and body
-- armour. An item is an entity on the item layer with no behaviour of its own: its data says
-- which Inventory slot it goes in and the numbers it brings there, and inventory.lua does the
-- rest. What is particular to weapons, the cells each one reaches, is defined here as
-- patterns, named by the weapons' data.

local inventory = require "inventory"

-- The entity at (x, y) that `attacker` would fight: alive, Attackable and on one of its
-- `targets` teams. The same rule the core uses to pick an attack's default target.
local function foe_at(attacker, x, y)
  local e = cairn.world():at(x, y)
  if not (e and not e:is_dead() and e:has("Attackable")) then return nil end
  for _, team in ipairs(attacker.targets) do
    if e.team == team then return e end
  end
  return nil
end

-- Patterns run in the wielder's attack_get stage, where ev.targets already holds the core's
-- default target: the foe in the next cell, when there is one.
local patterns = inventory.patterns

-- The next cell only: the default target is the whole of it.
function patterns.front(ev, weapon) end

-- Straight ahead, up to data.reach cells: the nearest foe. Whatever stands in a nearer cell
-- (a wall, anyone) is in the way, so a spear does not strike past a body or through a wall;
-- a foe in the next cell is the default target already, and the only one hit.
function patterns.reach(ev, weapon)
  local w, a = cairn.world(), ev.actor
  local dx, dy = cairn.dir.delta(ev.dir)
  for i = 1, weapon.data.reach - 1 do
    local x, y = a.x + dx * i, a.y + dy * i
    if w:at(x, y) or w:at(x, y, "wall") then return end
    local foe = foe_at(a, x + dx, y + dy)
    if foe then
      ev:add_target(foe)
      return
    end
  end
end

-- A sweep: the cell ahead and the two beside it, the cells one eighth of a turn either way.
-- Facing east that is north-east, east and south-east: a row across the way it strikes.
function patterns.wide(ev, weapon)
  local a = ev.actor
  for _, turn in ipairs { -1, 1 } do
    local dx, dy = cairn.dir.delta(cairn.dir.rotate(ev.dir, turn))
    local foe = foe_at(a, a.x + dx, a.y + dy)
    if foe then ev:add_target(foe) end
  end
end

-- Whether a blow of a's that way (a direction's name) would hit anyone: the foe in the next
-- cell, or one its weapon's pattern reaches - so that the player is told, before any beat
-- passes, that a blow would fall on nothing.
function inventory.strikes(a, dir)
  local dx, dy = cairn.dir.delta(dir)
  if foe_at(a, a.x + dx, a.y + dy) then return true end
  local weapon = inventory.held(a, "weapon")
  if not weapon then return false end
  local pattern = patterns[weapon.data.pattern]
  if not pattern then return true end -- the blow itself will say what is wrong
  local hit = false
  pattern({ actor = a, dir = dir, add_target = function() hit = true end }, weapon)
  return hit
end

-- Weapons: slot "weapon". `damage` is the attack's damage, before the target's armor (and
-- before the wielder's strength or weakness: inventory.lua); `inflicts` a status its hits
-- carry, with `inflict_magnitude` (1) and `inflict_beats` (none: lasting until it decays).

-- A dagger whose blade is poisoned: a hit that lands poisons its target too (statuses.lua), 2 of poison,
-- which hurts 2, then 1, in the beats after. The dagger's glyph in another colour; defined
-- before the dagger, so that ')' in a test's map is the plain one (the last definition).
cairn.entity {
  name = "poisoned_dagger", glyph = ")", color = "bright_green", layer = "item",
  data = { slot = "weapon", damage = 1, pattern = "front", inflicts = "base:poison",
    inflict_magnitude = 2 },
}
cairn.entity {
  name = "dagger", glyph = ")", color = "bright_cyan", layer = "item",
  data = { slot = "weapon", damage = 1, pattern = "front" },
}
cairn.entity {
  name = "spear", glyph = "/", color = "bright_cyan", layer = "item",
  data = { slot = "weapon", damage = 1, pattern = "reach", reach = 2 },
}
cairn.entity {
  name = "broadsword", glyph = "|", color = "bright_cyan", layer = "item",
  data = { slot = "weapon", damage = 1, pattern = "wide" },
}

-- Shovels: slot "shovel". `dig_power` is the dig's power, against a wall's dig_resistance
-- (dirt needs 1, harder walls more).
cairn.entity {
  name = "shovel", glyph = "(", color = "yellow", layer = "item",
  data = { slot = "shovel", dig_power = 1 },
}
cairn.entity {
  name = "pickaxe", glyph = "{", color = "yellow", layer = "item",
  data = { slot = "shovel", dig_power = 2 },
}

-- Body armour: slot "body". `armor` adds to the wearer's armor stat, which the damage model
-- takes from every hit (a hit still does at least 1).
cairn.entity {
  name = "leather_armour", glyph = "[", color = "blue", layer = "item",
  data = { slot = "body", armor = 1 },
}
cairn.entity {
  name = "chainmail", glyph = "]", color = "bright_blue", layer = "item",
  data = { slot = "body", armor = 2 },
}
