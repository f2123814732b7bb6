-- cards/reach.lua: the reach of a declared action - every entity its payload may affect and
-- the cells it covers, worked out when it is declared, before anything of it resolves, so
-- that its reaction window asks each of them (lifecycle.lua) and the question says what the
-- blow covers (docs/cards.md, "Who is asked").
--
-- The payload is read as it would resolve now, entry by entry in the order the entries
-- resolve (the last first, unless one queue; a meta effect's payloads where it stands, both
-- branches of a validate), each entry's targets taken as its override takes them (an area's
-- square, the cells next to the actor, a line, every foe - random_enemy: every foe it may
-- draw). An effect type written as code says what else it reaches with `reach(ctx)` (chain
-- lightning's next hops); an ability whose effect is a function reaches its named targets
-- only. Whoever the payload finds only while it resolves is asked then (lifecycle.lua).
local stack = require("cards.stack")
local util = require("lua.util")
local reach = {}

local EMPTY = {}

-- Where payloads nest in an entry's parameters (validate's branches, repeat, x_cost): as
-- abilities.lua's blows read them.
local NESTED = { "payload", "passed", "failed" }

-- What the question calls an entity (but the one asked: "you").
local function named(e)
  return "the " .. util.spoken(e.type)
end

-- The words for the cells an override covers, or nil (those that pick entities).
local function shape(over, cells, actor, request)
  if over == "area" then
    local x, y = stack.chosen_cell(request)
    if not x then return nil end
    if #cells == 1 then return string.format("the cell %d,%d", x, y) end
    return string.format("%d cells round %d,%d", #cells, x, y)
  elseif over == "adjacent" then
    return "the cells next to " .. named(actor)
  elseif over == "line" then
    return string.format("a line of %d cell%s from %s", #cells, #cells == 1 and "" or "s",
      named(actor))
  elseif over == "all_enemies" then
    return "every foe of " .. named(actor)
  elseif over == "random_enemy" then
    return "a foe of " .. named(actor) .. " at random"
  end
end

-- The reach being gathered: entities by id in the order found, cells once each, the words.
local function gather()
  return { ids = {}, seen = {}, cells = {}, at = {}, shapes = {}, said = {} }
end

local function add_cell(out, x, y)
  local key = x .. "," .. y
  if out.at[key] then return end
  out.at[key] = true
  out.cells[#out.cells + 1] = { x, y }
end

-- e is reached (once), and its cell covered when `with_cell`.
local function add_entity(out, e, with_cell)
  if type(e) ~= "userdata" or e:is_dead() then return end
  if with_cell and e.x then add_cell(out, e.x, e.y) end
  if out.seen[e.id] then return end
  out.seen[e.id] = true
  out.ids[#out.ids + 1] = e.id
end

local function add_shape(out, text)
  if not text or out.said[text] then return end
  out.said[text] = true
  out.shapes[#out.shapes + 1] = text
end

local function walk(payload, request, out, one_queue)
  local items = stack.normalize(payload)
  for k = 1, #items do
    local item = items[one_queue and k or (#items + 1 - k)]
    local over = item.params.target or item.def.target
    local ctx = stack.context({ def = item.def, params = item.params, request = request })
    if over ~= "none" and over ~= "self" then
      local cells = stack.cells_of(ctx, over)
      for _, e in ipairs(stack.override_targets(ctx, over)) do add_entity(out, e, not cells) end
      for _, c in ipairs(cells or EMPTY) do add_cell(out, c[1], c[2]) end
      add_shape(out, shape(over, cells or EMPTY, request.actor, request))
    end
    if item.def.reach then
      for _, e in ipairs(item.def.reach(ctx) or EMPTY) do add_entity(out, e, true) end
    end
    for _, key in ipairs(NESTED) do
      local nested = item.params[key]
      if type(nested) == "table" then walk(nested, request, out, false) end
    end
  end
end

-- The reach of ability a declared by actor (its card inst, if any) with these answers and
-- targets (handles), at `cell` (or nil), opts as lifecycle.declare has them (source, x):
-- { ids = { entity id, ... }, cells = { { x, y }, ... }, shapes = { "words", ... } }, the
-- named targets first, then in the order the payload reaches them.
function reach.of(actor, a, inst, answers, targets, cell, opts)
  local out = gather()
  for _, e in ipairs(targets) do add_entity(out, e, true) end
  local def = a.def
  if type(def.effect) == "table" then
    local request = { actor = actor, card = inst, ability = a.name,
      values = inst and inst.values or def.values or EMPTY, targets = targets,
      answers = answers, x = opts.x, source = opts.source,
      cell = cell and { x = cell.x, y = cell.y } or nil }
    walk(def.effect, request, out, def.one_queue)
  end
  return { ids = out.ids, cells = out.cells, shapes = out.shapes }
end

-- The question's words for what a blow covers, asked of `asker`: "the cells next to the
-- brute - you and the goblin".
function reach.describe(shapes, entities, asker)
  local names = {}
  for _, e in ipairs(entities) do
    if e == asker then table.insert(names, 1, "you") else names[#names + 1] = named(e) end
  end
  if #names > 4 then
    names = { names[1], names[2], names[3], string.format("%d more", #names - 3) }
  end
  local who = #names > 1 and (table.concat(names, ", ", 1, #names - 1) .. " and " ..
    names[#names]) or names[1]
  if #shapes == 0 then return who end
  local where = table.concat(shapes, ", ")
  return who and (where .. " - " .. who) or where
end

return reach
