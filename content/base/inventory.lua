-- inventory.lua: holding things. The Inventory decorator gives an entity three slots (weapon,
-- shovel, body) and a bag. What it holds in its slots changes what it does: the weapon makes
-- its attacks (their damage and the cells they reach), the shovel its digs (their power), and
-- body armour adds to its armor stat while worn. The bag carries up to BAG_SIZE items unused:
-- consumables (consumables.lua) and spare gear. Nothing is picked up by stepping on it: walking
-- over a dagger must not swap the sword for it behind the player's back, nor a room of potions
-- fill the bag. The "pick up" choice (choices.lua) takes what lies underfoot, in words in the
-- log: gear into its slot (take_up, the one held before left in its place), the rest into the
-- bag (pick_up).
--
-- A held or bagged item stays alive, lifted off the grid (e:lift); the holder keeps its id in
-- e.data.inventory[slot] or in the list e.data.bag. Ids, not handles: e.data holds plain
-- values only, and an id is found again with w:entity(id).
--
-- Other files use it as a module:
--   local inventory = require "inventory"
--   inventory.held(e, slot)  -> the item e holds in slot ("weapon", "shovel", "body"), or nil
--   inventory.give(e, item)  -> e holds item from now on; returns what it held in that slot
--   inventory.take(e, slot)  -> e lets go of that slot's item (left off the grid); returns it
--   inventory.bag(e)         -> the items in e's bag, a list, oldest first
--   inventory.bag_add(e, item)    -> puts item in the bag, lifting it off the grid; returns
--                                   true, or false and why not (the bag is full)
--   inventory.bag_remove(e, item) -> takes item out of the bag (left off the grid); returns
--                                   whether it was there
--   inventory.pick_up(e, item)    -> the item lying in e's cell into the bag (true, or false
--                                   and why not)
--   inventory.take_up(e, item)    -> the gear lying in e's cell into its slot, the one held
--                                   there left lying in its place (true, or false and why not)
--   inventory.drop(e, item)       -> a bag item down in e's cell (true, or false and why not)
--   inventory.equip(e, item)      -> a bag item with a slot into its slot, the one held there
--                                   going to the bag (true, or false and why not)
--   inventory.is_item(e)     -> whether e is something an Inventory can carry
--   inventory.name(item)     -> the item's name as players read it ("healing potion")
--   inventory.summary(e)     -> what e holds and carries, in words: the held items' names,
--                               then the bag's, alike ones counted ("bomb x2"), then the
--                               relics', with their charges left
--   inventory.relic_name(relic) -> "war drum (5)": its name and charges left
--   inventory.tell(verb)     -> a change's describe: "you drink the potion." / "the X drinks..."
--   inventory.slots          -> { "weapon", "shovel", "body" }
--   inventory.BAG_SIZE       -> how many items a bag holds
--   inventory.patterns       -> how weapons reach: name -> function(ev, weapon) (items.lua)
--   inventory.strikes(e, dir) -> whether a blow of e's that way would hit anyone (items.lua)

local inventory = {
  slots = { "weapon", "shovel", "body" },
  BAG_SIZE = 8,
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

-- What an Inventory can carry: an entity of the item layer whose data gives it a use, in a
-- slot (items.lua), of its own (consumables.lua) or for good (relics.lua). Other things may
-- lie on the item layer.
function inventory.is_item(e)
  local d = e.data
  return e.layer == "item" and (d.slot ~= nil or d.use ~= nil or d.throw ~= nil or d.relic ~= nil)
end

-- "base:healing_potion" reads "healing potion".
function inventory.name(item)
  return (item.type:gsub("^[%w_]+:", ""):gsub("_", " "))
end

-- A relic's name with the charges it has left, when it counts them ("war drum (5)").
function inventory.relic_name(relic)
  local charges = relic.data.charges
  return inventory.name(relic) .. (charges and string.format(" (%d)", charges) or "")
end

function inventory.summary(e)
  local words = {}
  for _, slot in ipairs(inventory.slots) do
    local item = inventory.held(e, slot)
    if item then words[#words + 1] = inventory.name(item) end
  end
  -- The bag's, in the order each name first comes in it, with how many there are.
  local names, counts = {}, {}
  for _, item in ipairs(inventory.bag(e)) do
    local name = inventory.name(item)
    if not counts[name] then names[#names + 1] = name end
    counts[name] = (counts[name] or 0) + 1
  end
  for _, name in ipairs(names) do
    words[#words + 1] = counts[name] > 1 and (name .. " x" .. counts[name]) or name
  end
  for _, relic in ipairs(cairn.cards.relics(e)) do words[#words + 1] = inventory.relic_name(relic) end
  return words
end

-- The bag ---------------------------------------------------------------------------------

-- Where item's id is in e's bag, or nil.
local function bag_index(e, item)
  local bag = e.data.bag
  for i = 1, #bag do
    if bag[i] == item.id then return i end
  end
  return nil
end

function inventory.bag(e)
  local w, items = cairn.world(), {}
  local bag = e.data.bag
  for i = 1, #bag do
    local item = w:entity(bag[i])
    if item then items[#items + 1] = item end
  end
  return items
end

function inventory.bag_add(e, item)
  if bag_index(e, item) then return true end
  if #e.data.bag >= inventory.BAG_SIZE then return false, "the bag is full" end
  item:lift()
  table.insert(e.data.bag, item.id)
  return true
end

function inventory.bag_remove(e, item)
  local i = bag_index(e, item)
  if not i then return false end
  table.remove(e.data.bag, i)
  return true
end

-- What an item does to its holder's bag and slots, changes of the beat's history, so that the
-- message log can tell them (entity: the holder, other: the item). consumables.lua tells its
-- own changes with it too.
function inventory.tell(verb)
  return function(c, name)
    local who = name(c.entity)
    return string.format("%s %s %s.", who, who == "you" and verb or verb .. "s", name(c.other))
  end
end
cairn.change { name = "picked_up", describe = inventory.tell("pick up"),
  description = "an item went from the floor into a bag" }
cairn.change { name = "dropped", describe = inventory.tell("drop"),
  description = "an item went from a bag to the floor" }
cairn.change { name = "equipped", describe = inventory.tell("equip"),
  description = "an item went from a bag into its slot" }
cairn.change { name = "taken_up", describe = inventory.tell("take up"),
  description = "an item went from the floor into its slot" }
cairn.change { name = "left", describe = inventory.tell("leave"),
  description = "an item went from its slot to the floor, in place of the one taken up" }

function inventory.pick_up(e, item)
  if not (item and inventory.is_item(item)) then return false, "nothing to pick up" end
  if item.x ~= e.x or item.y ~= e.y then return false, "it is not underfoot" end
  if item.data.relic then
    -- A relic is kept for good, in no bag: its ability is its holder's from now on.
    cairn.cards.add_relic(e, item)
    cairn.world():record("picked_up", { entity = e, other = item })
    return true
  end
  local ok, why = inventory.bag_add(e, item)
  if not ok then return false, why end
  cairn.world():record("picked_up", { entity = e, other = item })
  return true
end

function inventory.take_up(e, item)
  if not (item and item.data.slot) then return false, "it goes in no slot" end
  if item.x ~= e.x or item.y ~= e.y then return false, "it is not underfoot" end
  local w = cairn.world()
  local old = inventory.give(e, item)
  w:record("taken_up", { entity = e, other = item })
  if old then w:record("left", { entity = e, other = old }) end
  return true
end

-- An item lies in the item layer of a cell, one to a cell: dropping needs the cell clear.
function inventory.drop(e, item)
  if not bag_index(e, item) then return false, "it is not in the bag" end
  local w = cairn.world()
  if w:at(e.x, e.y, "item") then return false, "something lies here already" end
  inventory.bag_remove(e, item)
  item:place(e.x, e.y)
  w:record("dropped", { entity = e, other = item })
  return true
end

-- The item leaves the bag before the held one comes in: a full bag can still swap.
function inventory.equip(e, item)
  if not bag_index(e, item) then return false, "it is not in the bag" end
  if not item.data.slot then return false, "it goes in no slot" end
  inventory.bag_remove(e, item)
  local old = inventory.give(e, item)
  if old then inventory.bag_add(e, old) end
  cairn.world():record("equipped", { entity = e, other = item })
  return true
end

-- A weapon's data gives its blow as bare hands of 1 would strike with it: a wielder's damage
-- beyond 1 (strength) adds to it, short of 1 (weakness) takes from it. A weapon that
-- `inflicts` a status (items.lua) makes the blow carry it, to land when the hit does.
local function wield(ev, weapon)
  local d = weapon.data
  ev.damage = d.damage + ev.damage - 1
  if d.inflicts then
    ev.inflicts, ev.inflict_magnitude, ev.inflict_beats = d.inflicts, d.inflict_magnitude or 1,
      d.inflict_beats or 0
  end
end

cairn.decorator {
  name = "Inventory",
  description = "holds a weapon, a shovel, body armour and a bag",
  -- inventory: slot -> the id of the item held there; bag: the ids of the items carried
  data = { inventory = {}, bag = {} },
  handlers = {
    -- attack_get runs after the core has put the default target (the foe in the next cell,
    -- if any) in ev.targets and before the attack fails for want of one: a pattern adding a
    -- target here makes the attack happen, so attack_move attacks instead of moving.
    -- Without a weapon the holder fights with its own stats, in the next cell only.
    attack_get = function(ev)
      -- A throw (consumables.lua) is an attack too, so that armour, defences and the history
      -- see it as one: for the one attack it makes, it leaves in e.data.throw the thrown
      -- thing's damage and the ids of whom it hits, in place of the weapon's.
      local throw = ev.actor.data.throw
      if throw then
        ev.damage = throw.damage
        local w = cairn.world()
        for _, id in ipairs(throw.targets) do
          local target = w:entity(id)
          if target and not target:is_dead() then ev:add_target(target) end
        end
        return
      end
      -- An attack with no direction is a card's (docs/cards.md): its damage and targets are
      -- the card's, not the weapon's.
      if ev.dir == "none" then return end
      local weapon = inventory.held(ev.actor, "weapon")
      if not weapon then return end
      wield(ev, weapon)
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
