-- consumables.lua: things used up: a potion drunk, a scroll read, daggers and bombs thrown.
-- They lie on the item layer like the gear of items.lua, but go in no slot: they are carried
-- in the bag (inventory.lua), which they enter by being picked up on purpose, never by being
-- stepped on. Their data says how they are used - `use` ("drink", "read") or `throw`
-- ("dagger": at an entity; "bomb": at a cell) - and names the `ability` (docs/cards.md,
-- "Consumables") that using them resolves, with the item's data as its values: a potion's
-- `heal`, a dagger's `damage`. A drinkable item that names no ability is a healing draught.
--
-- A throw is the thrower's attack (e:attack, the effect `hurl` below), not damage dealt from
-- outside the rules: so armour counts, a crate slides, a defence can block it, the history
-- shows an attack and a kill is the thrower's. Inventory's attack_get aims it (see
-- e.data.throw there).
--
-- Other files use it as a module:
--   local consumables = require "consumables"
--   consumables.use(e, item, opts)            -> resolves item's ability for e, with its data
--                                                as values (opts: cairn.resolve's targets,
--                                                cell); true, or false and why not
--   consumables.drink(e, item)                -> true, or false and why not
--   consumables.read(e, item, target)         -> true, or false and why not
--   consumables.throw_dagger(e, item, target) -> true, or false and why not
--   consumables.throw_bomb(e, item, x, y)     -> true, or false and why not
--   consumables.aim(item)             -> the target prompt the use of item asks, or nil
--   consumables.line(x0, y0, x1, y1)  -> the cells from (x0, y0) to (x1, y1), the first
--                                       excluded, { { x =, y = }, ... }
--   consumables.clear(w, e, x, y [, area]) -> whether nothing stands between e and (x, y): no
--                                       wall on the cells of the line before it, and nobody
--                                       there farther than `area` (default 0) from (x, y)
--   consumables.in_bag(e, kind)       -> the items of e's bag that are used (`use`) or thrown
--                                       (`throw`) as `kind` says ("use", "throw"), a list

local inventory = require "inventory"

local consumables = {}

-- Whether e is one a's attacks are for (cairn.cards.foe), in a clear line from a.
local function foe_in_line(a, e)
  return cairn.cards.foe(a, e) and consumables.clear(cairn.world(), a, e.x, e.y)
end

-- The abilities the consumables resolve. Their numbers are the item's (the request's
-- values), so a stronger potion is a new entity with a bigger `heal`, not a new ability.
cairn.ability { name = "quaff", label = "drink", effect = { { heal = {} } } }

-- The target prompts of the abilities that ask one, by name: the use choice (choices.lua)
-- asks it before the beat, as it asks a throw's.
local aims = {}

-- The scroll's word: a foe in a clear line within `range` is stunned for the scroll's `beats`.
aims.stunning_word = { among = "entity", range = 5, text = "Stun whom?", filter = foe_in_line }
cairn.ability {
  name = "stunning_word",
  label = "read",
  target = aims.stunning_word,
  effect = { { apply_status = { status = "base:stun" } } },
}

cairn.ability { name = "dagger_throw", label = "throw", effect = { { hurl = {} } } }

-- Everyone within `area` of the cell, the thrower as much as anyone: `area` is read for the
-- override's radius.
cairn.ability {
  name = "bomb_blast",
  label = "throw",
  effect = { { hurl = { target = "area", custom_key_names = { radius = "area" } } } },
}

-- A potion that puts a status on whoever drinks it: the item's `status`, with its `magnitude`
-- and `beats`.
cairn.ability {
  name = "tonic",
  label = "drink",
  effect = { { apply_status = { target = "self" } } },
}

-- The potion of regeneration: drunk, it gives back `magnitude` hp a beat for `beats` beats
-- (statuses.lua's regeneration): slower than healing, more in all. Defined before the
-- healing potion, so that '!' in a test's map is that one (the last definition).
cairn.entity {
  name = "regeneration_potion", glyph = "!", color = "bright_green", layer = "item",
  data = { use = "drink", ability = "tonic", status = "base:regeneration", magnitude = 1,
    beats = 5 },
}

-- The healing potion: drunk, it gives back `heal` hp (never past the drinker's max_hp).
cairn.entity {
  name = "healing_potion", glyph = "!", color = "bright_red", layer = "item",
  data = { use = "drink", ability = "quaff", heal = 3 },
}

-- The scroll of stunning: read at a foe in a clear line within `range`, it stuns it for
-- `beats` beats.
cairn.entity {
  name = "scroll_of_stunning", glyph = "?", color = "bright_yellow", layer = "item",
  data = { use = "read", ability = "stunning_word", beats = 3 },
}

-- The throwing dagger: thrown at someone up to `range` cells away in a clear line, it hits
-- for `damage`, then lies where it fell, to be picked up and thrown again.
cairn.entity {
  name = "throwing_dagger", glyph = "-", color = "cyan", layer = "item",
  data = { throw = "dagger", ability = "dagger_throw", damage = 2, range = 5 },
}

-- The bomb: thrown at a cell up to `range` away, it blows up there, hitting everything within
-- `area` cells of it for `damage`, whoever threw it included.
cairn.entity {
  name = "bomb", glyph = "&", color = "bright_red", layer = "item",
  data = { throw = "bomb", ability = "bomb_blast", damage = 2, range = 4, area = 1 },
}

-- What the message log says of them (entity: the user; other: the item; to: where it went).
cairn.change { name = "drank", description = "a potion was drunk",
  describe = inventory.tell("drink") }
cairn.change { name = "read", description = "a scroll was read",
  describe = inventory.tell("read") }
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

-- hurl: the actor's throw, an attack towards the chosen cell at the effect's targets (those
-- that can be hit) for `damage`.
cairn.effect {
  name = "hurl",
  each = false,
  params = { damage = "number" },
  run = function(ctx, targets)
    local r = ctx.request
    local cell = r.cell or (r.targets[1] and { x = r.targets[1].x, y = r.targets[1].y })
    if not cell then return end
    local ids = {}
    for _, t in ipairs(targets) do
      if not t:is_dead() and t:has("Attackable") then ids[#ids + 1] = t.id end
    end
    attack(ctx.actor, cell.x, cell.y, ctx:number("damage", 0), ids)
  end,
}

-- The item's data, as plain values for its ability (the item may be gone by the time they
-- are read: a bomb is used up as it goes off).
local function values_of(item)
  local values = {}
  for k, v in pairs(item.data) do values[k] = v end
  return values
end

local DRAUGHT = "quaff"

function consumables.use(e, item, opts)
  local resolve = {}
  for k, v in pairs(opts or {}) do resolve[k] = v end
  resolve.values = resolve.values or values_of(item)
  return cairn.resolve(e, resolve.values.ability or DRAUGHT, resolve)
end

-- The target prompt the item's ability asks, its range the item's when it has one.
function consumables.aim(item)
  local t = aims[item.data.ability]
  if not t then return nil end
  local prompt = { name = "target", kind = "select" }
  for k, v in pairs(t) do prompt[k] = v end
  prompt.among = t.among or "entity"
  prompt.range = item.data.range or t.range
  return prompt
end

function consumables.drink(e, item)
  if not (item and carried(e, item)) then return false, "it is not in the bag" end
  if item.data.use ~= "drink" then return false, "it cannot be drunk" end
  inventory.bag_remove(e, item)
  cairn.world():record("drank", { entity = e, other = item })
  consumables.use(e, item, { targets = { e } })
  item:kill()
  return true
end

function consumables.read(e, item, target)
  if not (item and carried(e, item)) then return false, "it is not in the bag" end
  if item.data.use ~= "read" then return false, "it cannot be read" end
  if not (target and not target:is_dead() and target.x) then return false, "nobody to read at" end
  local aim = consumables.aim(item)
  if aim and (distance(e, target.x, target.y) > aim.range or
      (aim.filter and not aim.filter(e, target))) then
    return false, "not a target for it"
  end
  inventory.bag_remove(e, item)
  cairn.world():record("read", { entity = e, other = item })
  local ok, why = consumables.use(e, item, { targets = { target } })
  item:kill()
  return ok, why
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
  consumables.use(e, item, { targets = { target } })
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
  local values = values_of(item)
  item:kill()
  consumables.use(e, item, { cell = { x = x, y = y }, values = values })
  return true
end

return consumables
