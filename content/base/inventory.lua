-- inventory.lua: holding things. The Inventory decorator gives an entity three slots (weapon,
-- shovel, body) and makes it pick up whatever item it lands on. What it holds changes what it
-- does: the weapon makes its attacks (their damage and the cells they reach), the shovel its
-- digs (their power), and body armour adds to its armor stat while worn.
--
-- A held item stays alive, lifted off the grid (e:lift); the holder keeps its id in
-- e.data.inventory[slot]. Ids, not handles: e.data holds plain values only, and an id is found
-- again with w:entity(id).
--
-- Other files use it as a module:
--   local inventory = require "inventory"
--   inventory.held(e, slot)  -> the item e holds in slot ("weapon", "shovel", "body"), or nil
--   inventory.give(e, item)  -> e holds item from now on; returns what it held in that slot
--   inventory.take(e, slot)  -> e lets go of that slot's item (left off the grid); returns it
--   inventory.slots          -> { "weapon", "shovel", "body" }
--   inventory.patterns       -> how weapons reach: name -> function(ev, weapon) (items.lua)

local inventory = {
  slots = { "weapon", "shovel", "body" },
  -- A weapon's data names its pattern; the function adds the targets it reaches to the
  -- attack event in its attack_get stage. items.lua fills this table.
  patterns = {},
}

function inventory.held(e, slot)
  local id = e.data.inventory[slot]
  return id and cairn.world():entity(id) or nil
end

-- What an item adds to its holder's stats while held: sign 1 puts it on, -1 takes it off.
-- Only armour does; weapons and shovels act through the attack and dig events instead (the
-- handlers below), so there is nothing of theirs to undo when they are let go.
local function wear(e, item, sign)
  local armor = item.data.armor
  if armor and e.armor then e.armor = e.armor + sign * armor end
end

function inventory.take(e, slot)
  local item = inventory.held(e, slot)
  e.data.inventory[slot] = nil
  if item then wear(e, item, -1) end
  return item
end

-- The item may lie on the grid (it is lifted off it) or be off it already. A swap puts the
-- old item down where the new one lay; when the new one came from off the grid, the old one
-- is left off the grid too, for the caller to place or forget.
function inventory.give(e, item)
  local slot = item.data.slot
  if not slot then
    error("inventory.give: " .. tostring(item) .. " is not an item (its data has no slot)", 2)
  end
  local x, y = item.x, item.y
  item:lift() -- first, so that its cell is free for the old one
  local old = inventory.take(e, slot)
  e.data.inventory[slot] = item.id
  wear(e, item, 1)
  if old and x then old:place(x, y) end
  return old
end

cairn.decorator {
  name = "Inventory",
  description = "holds a weapon, a shovel and body armour; picks items up by stepping on them",
  -- displaced is Displaceable's chain: it runs after every change of cell (a move, a push,
  -- a trap's bounce), so an item is picked up however its holder got onto it.
  requires = { "Displaceable" },
  data = { inventory = {} }, -- slot -> the id of the item held there
  handlers = {
    displaced = function(ev)
      local holder = ev.target
      if holder:is_dead() then return end
      local item = cairn.world():at(holder.x, holder.y, "item")
      -- only items go into slots: other things on the item layer have no slot in their data
      if item and item.data.slot then inventory.give(holder, item) end
    end,

    -- attack_get runs after the core has put the default target (the foe in the next cell,
    -- if any) in ev.targets and before the attack fails for want of one: a pattern adding a
    -- target here makes the attack happen, so attack_move attacks instead of moving.
    -- Without a weapon the holder fights with its own stats, in the next cell only.
    attack_get = function(ev)
      local weapon = inventory.held(ev.actor, "weapon")
      if not weapon then return end
      ev.damage = weapon.data.damage
      local pattern = inventory.patterns[weapon.data.pattern]
      if not pattern then
        error(weapon.type .. ": no weapon pattern '" .. tostring(weapon.data.pattern) .. "'")
      end
      pattern(ev, weapon)
    end,

    -- The shovel digs, not the hands: its power replaces the holder's dig_power stat.
    dig_get = function(ev)
      local shovel = inventory.held(ev.actor, "shovel")
      if shovel then ev.power = shovel.data.dig_power end
    end,
  },
}

return inventory
