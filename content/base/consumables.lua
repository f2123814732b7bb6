-- consumables.lua: things used up: a potion drunk, daggers and bombs thrown. They lie on the
-- item layer like the gear of items.lua, but go in no slot: they are carried in the bag
-- (inventory.lua), which they enter by being picked up on purpose, never by being stepped on.
-- Their data says what they do: `use` names how they are used ("drink"), `throw` how they
-- are thrown ("dagger": at an entity; "bomb": at a cell), and the numbers that go with it (a
-- potion's `heal`, or the `status` it puts on the drinker with its `magnitude` and `beats`).
--
-- A throw is the thrower's attack (e:attack), not damage dealt from outside the rules: so
-- armour counts, a crate slides, a defence can block it, the history shows an attack and a
-- kill is the thrower's. Inventory's attack_get aims it (see e.data.throw there).
--
-- Other files use it as a module:
--   local consumables = require "consumables"
--   consumables.drink(e, item)                -> true, or false and why not
--   consumables.throw_dagger(e, item, target) -> true, or false and why not
--   consumables.throw_bomb(e, item, x, y)     -> true, or false and why not
--   consumables.line(x0, y0, x1, y1)  -> the cells from (x0, y0) to (x1, y1), the first
--                                       excluded, { { x =, y = }, ... }
--   consumables.clear(w, e, x, y [, area]) -> whether nothing stands between e and (x, y): no
--                                       wall on the cells of the line before it, and nobody
--                                       there farther than `area` (default 0) from (x, y)
--   consumables.in_bag(e, kind)       -> the items of e's bag that are used (`use`) or thrown
--                                       (`throw`) as `kind` says ("use", "throw"), a list

local inventory = require "inventory"

local consumables = {}

-- The potion of regeneration: drunk, it gives back `magnitude` hp a beat for `beats` beats
-- (statuses.lua's regeneration): slower than healing, more in all. Defined before the
-- healing potion, so that '!' in a test's map is that one (the last definition).
cairn.entity {
  name = "regeneration_potion", glyph = "!", color = "bright_green", layer = "item",
  data = { use = "drink", status = "base:regeneration", magnitude = 1, beats = 5 },
}

-- The healing potion: drunk, it gives back `heal` hp (never past the drinker's max_hp).
cairn.entity {
  name = "healing_potion", glyph = "!", color = "bright_red", layer = "item",
  data = { use = "drink", heal = 3 },
}

-- The throwing dagger: thrown at someone up to `range` cells away in a clear line, it hits
-- for `damage`, then lies where it fell, to be picked up and thrown again.
cairn.entity {
  name = "throwing_dagger", glyph = "-", color = "cyan", layer = "item",
  data = { throw = "dagger", damage = 2, range = 5 },
}

-- The bomb: thrown at a cell up to `range` away, it blows up there, hitting everything within
-- `area` cells of it for `damage`, whoever threw it included.
cairn.entity {
  name = "bomb", glyph = "&", color = "bright_red", layer = "item",
  data = { throw = "bomb", damage = 2, range = 4, area = 1 },
}

-- What the message log says of them (entity: the user; other: the item; to: where it went).
cairn.change { name = "drank", description = "a potion was drunk",
  describe = inventory.tell("drink") }
cairn.change { name = "threw", description = "something was thrown",
  describe = inventory.tell("throw") }
cairn.change {
  name = "exploded",
  description = "a bomb went off",
  describe = function(c, name)
    return string.format("%s explodes.", name(c.entity))
  end,
}

function consumables.in_bag(e, kind)
  local found = {}
  for _, item in ipairs(inventory.bag(e)) do
    if item.data[kind] then found[#found + 1] = item end
  end
  return found
end

-- Bresenham's line: each cell one step (of the eight) from the one before, so the first cell
-- is next to the start and a throw's direction is the way to it.
function consumables.line(x0, y0, x1, y1)
  local cells = {}
  local dx, dy = math.abs(x1 - x0), -math.abs(y1 - y0)
  local sx, sy = x0 < x1 and 1 or -1, y0 < y1 and 1 or -1
  local err = dx + dy
  local x, y = x0, y0
  while x ~= x1 or y ~= y1 do
    local e2 = 2 * err
    if e2 >= dy then err, x = err + dy, x + sx end
    if e2 <= dx then err, y = err + dx, y + sy end
    cells[#cells + 1] = { x = x, y = y }
  end
  return cells
end

local function distance(e, x, y)
  return math.max(math.abs(x - e.x), math.abs(y - e.y))
end

-- Someone close enough to a bomb's cell to be in its blast is hit whether it flies past them
-- or not: only those farther out are in its way.
function consumables.clear(w, e, x, y, area)
  local cells = consumables.line(e.x, e.y, x, y)
  for k = 1, #cells - 1 do
    local c = cells[k]
    if w:at(c.x, c.y, "wall") then return false end
    if w:at(c.x, c.y) and distance(c, x, y) > (area or 0) then return false end
  end
  return true
end

-- Whether item is in e's bag.
local function carried(e, item)
  for _, other in ipairs(inventory.bag(e)) do
    if other == item then return true end
  end
  return false
end

function consumables.drink(e, item)
  if not (item and carried(e, item)) then return false, "it is not in the bag" end
  if item.data.use ~= "drink" then return false, "it cannot be drunk" end
  inventory.bag_remove(e, item)
  cairn.world():record("drank", { entity = e, other = item })
  local d = item.data
  if d.heal then e:heal(d.heal, item) end
  if d.status then e:apply(d.status, { magnitude = d.magnitude, beats = d.beats }) end
  item:kill()
  return true
end

-- The attack a throw makes, in the direction of the line's first cell, at `targets` (ids).
-- That cell is free or holds one of the targets (the line is clear, but for those in a
-- bomb's blast), so the core's default target, the foe in the next cell, is one of them or
-- none. e.data.throw lasts for that one attack.
local function attack(e, x, y, damage, targets)
  local first = consumables.line(e.x, e.y, x, y)[1]
  e.data.throw = { damage = damage, targets = targets }
  local ok, err = pcall(e.attack, e, cairn.dir.toward(first.x - e.x, first.y - e.y))
  e.data.throw = nil
  if not ok then error(err, 0) end
end

-- Why a throw at (x, y) cannot be made, or nil when it can.
local function cannot_throw(w, e, item, kind, x, y)
  if not (item and carried(e, item)) then return "it is not in the bag" end
  if item.data.throw ~= kind then return "it is not thrown that way" end
  if x == e.x and y == e.y then return "not at oneself" end
  if distance(e, x, y) > item.data.range then return "out of range" end
  if not consumables.clear(w, e, x, y, item.data.area) then return "something is in the way" end
  return nil
end

-- The dagger lies in the target's cell, or else in the nearest cell before it on the line
-- (the thrower's own at the last) where no other item lies; with no room anywhere it is lost.
local function land(w, e, item, x, y)
  local cells = consumables.line(e.x, e.y, x, y)
  table.insert(cells, 1, { x = e.x, y = e.y })
  for k = #cells, 1, -1 do
    local c = cells[k]
    if not w:at(c.x, c.y, "item") and not w:at(c.x, c.y, "wall") then
      item:place(c.x, c.y)
      return
    end
  end
  item:kill()
end

function consumables.throw_dagger(e, item, target)
  local w = cairn.world()
  if not (target and not target:is_dead() and target.x) then return false, "nobody to hit" end
  local x, y = target.x, target.y
  local why = cannot_throw(w, e, item, "dagger", x, y)
  if why then return false, why end
  inventory.bag_remove(e, item)
  w:record("threw", { entity = e, other = item, to = { x = x, y = y } })
  attack(e, x, y, item.data.damage, { target.id })
  land(w, e, item, x, y)
  return true
end

function consumables.throw_bomb(e, item, x, y)
  local w = cairn.world()
  if x < 0 or y < 0 or x >= w.width or y >= w.height or w:at(x, y, "wall") then
    return false, "not there"
  end
  local why = cannot_throw(w, e, item, "bomb", x, y)
  if why then return false, why end
  inventory.bag_remove(e, item)
  w:record("threw", { entity = e, other = item, to = { x = x, y = y } })
  w:record("exploded", { entity = item, to = { x = x, y = y } })
  -- Everyone in the area, row by row: the thrower as much as anyone.
  local targets, r = {}, item.data.area
  for ty = y - r, y + r do
    for tx = x - r, x + r do
      local hit = w:at(tx, ty)
      if hit and not hit:is_dead() and hit:has("Attackable") then targets[#targets + 1] = hit.id end
    end
  end
  item:kill()
  attack(e, x, y, item.data.damage, targets)
  return true
end

return consumables
