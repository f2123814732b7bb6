-- cards/stack.lua: effects (cairn.effect) and the stack that resolves payloads.
--
-- A payload is an ordered list of effects, each a one-key table naming its type and giving
-- its parameters: { { block = {} }, { damage = { target = "all_enemies" } } }. One key per
-- entry, never several in one table: a table's keys have no order, a list's entries do.
--
-- The stack is a stack of queues of effects, one per world, resolved last in first out. A
-- payload pushed goes on top, by default one queue per effect, so { block, damage } resolves
-- the damage first; pushed as one queue it resolves in the order written. A queue taken off
-- the stack is the current one: it runs to its end before the next queue is taken, and what
-- its effects push goes on top of the stack meanwhile. Resolving is locked: a push while it
-- runs only adds to the stack, it never starts a second resolution.
--
-- The stack is empty whenever resolving is not under way, and resolving begins and ends
-- within one call (an ability performed in the beat, cairn.resolve): so between beats, where
-- snapshots, saves and undo look, it holds nothing, and it needs no place in e.data or
-- w.data. Its entries hold handles for the same reason: none outlives the call.
local host = require("cairn.host")
local piles = require("cards.piles")
local prims = require("cairn.prims")
local util = require("lua.util")
local stack = {}

-- Effect types: name -> { name, params, run, instant, target, each, meta, reach, where }
-- (reach: function(ctx) -> the entities an effect written as code will affect beyond its
-- targets, asked when an action is declared: reach.lua).
local types = {}
stack.types = types
local builtin_names = {}

-- Parameters every effect takes beside its own: the target override's (the area's radius,
-- the line's length among them).
local COMMON = { target = "string", force_dead_targets = "boolean", custom_key_names = "table",
  radius = { "number", "string" }, length = { "number", "string" } }
stack.COMMON = COMMON

-- The target overrides (the effect's `target` parameter).
local OVERRIDES = { "chosen", "self", "all_enemies", "area", "random_enemy", "adjacent", "line",
  "trigger_source", "none" }
local IS_OVERRIDE = {}
for _, o in ipairs(OVERRIDES) do IS_OVERRIDE[o] = true end
stack.OVERRIDES = OVERRIDES

-- Registers an effect type (the runtime's built-ins, and content's through cairn.effect).
function stack.define(def, where)
  types[def.name] = { name = def.name, params = def.params or {}, run = def.run,
    instant = def.instant ~= false, target = def.target or "chosen", each = def.each ~= false,
    meta = def.meta, reach = def.reach, where = where or "the runtime" }
end

-- The effect type `name` (pack:short) is found by its short name too, unless a built-in or
-- another type has that name already.
function stack.add_short_name(name)
  local short = name:match(":(.*)$")
  if short and not types[short] then types[short] = types[name] end
end

-- Content's effect types go when a new world is compiled; the built-ins stay.
function stack.reset_types()
  for name in pairs(types) do
    if not builtin_names[name] then types[name] = nil end
  end
end

-- The types defined so far are the runtime's: stack.expose needs not mark a request they run
-- on (def.builtin), and a world's compile keeps them.
function stack.seal_builtins()
  for name, def in pairs(types) do
    builtin_names[name] = true
    def.builtin = true
  end
end

-- Requests content has had in hand: a run of one of content's effect types or validators, or
-- an ability's effect function, was given it (and might keep it). abilities.lua uses a play
-- request again for the next play of its ability only when content never had it. Weak: a
-- request dropped is forgotten.
local exposed = setmetatable({}, { __mode = "k" })

function stack.expose(request)
  exposed[request] = true
end

function stack.exposed(request)
  return exposed[request] == true
end

function stack.names()
  local names = {}
  for name in pairs(types) do names[#names + 1] = name end
  table.sort(names)
  return names
end

-- Validators (the validate effect's conditions): name -> function(ctx, arg, who) -> boolean.
local validators = {}
stack.validators = validators
local builtin_validators = {}

-- Content's validator `name` (pack:short) is `check`, found by its short name too unless
-- another validator has that name already.
function stack.add_validator(name, check)
  validators[name] = check
  local short = name:match(":(.*)$")
  if short and validators[short] == nil then validators[short] = check end
end

function stack.reset_validators()
  for name in pairs(validators) do
    if not builtin_validators[name] then validators[name] = nil end
  end
end

-- Payloads, normalised --------------------------------------------------------------------

-- payload table -> its entries as { type def, params }: worked out once per payload, so
-- resolving the same card again costs no parsing. Weak: a payload dropped is forgotten.
local normal = setmetatable({}, { __mode = "k" })
local EMPTY = {}

local function entry_of(item, i)
  if type(item) ~= "table" then
    error(string.format("payload entry %d is a table { type = params }, not a %s", i,
      type(item)), 0)
  end
  local name, params = next(item)
  if name == nil or next(item, name) ~= nil then
    error(string.format("payload entry %d: an entry holds one effect, { type = params }", i), 0)
  end
  local def = types[name]
  if not def then
    error(string.format("payload entry %d: unknown effect type '%s'%s", i, tostring(name),
      util.hint(tostring(name), stack.names())), 0)
  end
  if params ~= true and type(params) ~= "table" then
    error(string.format("payload entry %d: the parameters of '%s' are a table, not a %s", i,
      name, type(params)), 0)
  end
  return { def = def, params = params == true and EMPTY or params }
end

function stack.normalize(payload)
  local n = normal[payload]
  if n then return n end
  if type(payload) ~= "table" then
    error("a payload is a list of effects, not a " .. type(payload), 0)
  end
  n = {}
  for i, item in ipairs(payload) do n[i] = entry_of(item, i) end
  normal[payload] = n
  return n
end

-- The value types a parameter spec may name: "number", "string", "boolean", "table",
-- "function", "payload", "value" (a number, or the name of a value to look up).
local function fits(spec, v)
  if type(spec) == "table" then
    for _, s in ipairs(spec) do
      if fits(s, v) then return true end
    end
    return false
  end
  if spec == "payload" then return type(v) == "table" end
  if spec == "value" then return type(v) == "number" or type(v) == "string" end
  if spec == "any" then return true end
  return type(v) == spec
end

local function spec_text(spec)
  if type(spec) == "table" then return table.concat(spec, " or ") end
  return spec
end

-- Checks a payload deeply (cairn check and compile): unknown effect types and parameters
-- with did-you-mean hints, wrong types, unknown validators and overrides. Returns a list of
-- problems, each "where in the payload: what".
function stack.check(payload, path, out)
  out = out or {}
  path = path or "effect"
  if type(payload) ~= "table" then
    out[#out + 1] = path .. ": a payload is a list of effects, not a " .. type(payload)
    return out
  end
  if not util.is_list(payload) then
    out[#out + 1] = path .. ": a payload is a list { { type = params }, ... }, not a table " ..
      "with named keys (one effect per entry keeps their order)"
    return out
  end
  for i, item in ipairs(payload) do
    local here = string.format("%s[%d]", path, i)
    local ok, e = pcall(entry_of, item, i)
    if not ok then
      out[#out + 1] = here .. ": " .. tostring(e):gsub("^payload entry %d+: ", "")
    else
      local def, params = e.def, e.params
      local known = {}
      for k in pairs(def.params) do known[#known + 1] = k end
      for k in pairs(COMMON) do known[#known + 1] = k end
      table.sort(known)
      local keys = {} -- sorted: the problems come in the same order every run
      for k in pairs(params) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      for _, k in ipairs(keys) do
        local v = params[k]
        local spec = def.params[k] or COMMON[k]
        if not spec then
          out[#out + 1] = string.format("%s: %s has no parameter '%s'%s", here, def.name,
            tostring(k), util.hint(tostring(k), known))
        elseif not fits(spec, v) then
          out[#out + 1] = string.format("%s: %s's '%s' is a %s, not a %s", here, def.name, k,
            spec_text(spec), type(v))
        end
      end
      if type(params.target) == "string" and not IS_OVERRIDE[params.target] then
        out[#out + 1] = string.format("%s: target '%s' is not one of %s%s", here,
          params.target, table.concat(OVERRIDES, ", "), util.hint(params.target, OVERRIDES))
      end
      if def.meta then def.meta(params, here, out) end
    end
  end
  return out
end

-- Values -----------------------------------------------------------------------------------

local stats = {} -- the names of stats, as a set (a stat is an actor's value before its data)

function stack.set_stats(names)
  stats = {}
  for _, n in ipairs(names) do stats[n] = true end
end

-- One resolution of an entry: ctx. It is valid while its effect runs, no longer: resolving
-- is never re-entered, so one ctx serves every entry in turn.
local Ctx = {}
Ctx.__index = Ctx

-- ctx:value(k): shadowed -> the effect's parameters -> the play request's values (copied
-- from the card at play) -> the card instance's values -> the actor's stats, then its data.
-- custom_key_names on the effect reads another name below the effect's own parameters.
-- Numbers under an x_cost are multiplied by the X paid.
function Ctx:value(k)
  local e = self.entry
  local v
  local shadow = e.shadow
  if shadow then v = shadow[k] end
  local params = e.params
  if v == nil then v = params[k] end
  if v == nil then
    local alias = k
    local names = params.custom_key_names
    if names and names[k] then alias = names[k] end
    local r = e.request
    v = r.values[alias]
    if v == nil and r.card then v = r.card.values[alias] end
    if v == nil then
      local actor = r.actor
      if actor then
        if stats[alias] then v = actor[alias] end
        if v == nil then v = actor.data[alias] end
      end
    end
  end
  local scale = e.scale
  if scale and type(v) == "number" and (not e.scale_keys or e.scale_keys[k]) then
    v = v * scale
  end
  return v
end

-- A whole number value, with a default.
function Ctx:number(k, default)
  local v = self:value(k)
  if v == nil then v = default end
  if type(v) ~= "number" then
    error(string.format("effect %s: value '%s' is a number, not %s", self.entry.def.name, k,
      v == nil and "missing" or ("a " .. type(v))), 0)
  end
  return math.tointeger(v) or math.floor(v)
end

-- Targets ----------------------------------------------------------------------------------

-- An actor's foes (the core's: e:foes, e:is_foe): the living entities on the grid's real
-- layer whose team its attacks are for. The list is made once and filled again for each
-- effect, so that a payload on every foe makes no garbage. An effect's target list is valid
-- while it runs (effects never run inside one another: the stack is locked); an effect that
-- keeps it must copy it.
local foes_scratch = {}

local function foes(actor)
  return actor:foes(foes_scratch)
end

local function foe_of(actor, e)
  return actor:is_foe(e)
end
stack.foe_of = foe_of

local function reals_near(x, y, radius, except)
  local w, list = host.world(), {}
  for cy = math.max(0, y - radius), math.min(w.height - 1, y + radius) do
    for cx = math.max(0, x - radius), math.min(w.width - 1, x + radius) do
      local e = w:at(cx, cy, "real")
      if e and e ~= except then list[#list + 1] = e end
    end
  end
  return list
end

-- The cells reals_near looks in, row by row, as { x, y } pairs, but (ex, ey).
local function cells_near(x, y, radius, ex, ey)
  local w, list = host.world(), {}
  for cy = math.max(0, y - radius), math.min(w.height - 1, y + radius) do
    for cx = math.max(0, x - radius), math.min(w.width - 1, x + radius) do
      if cx ~= ex or cy ~= ey then list[#list + 1] = { cx, cy } end
    end
  end
  return list
end

local function sign(v) return v > 0 and 1 or v < 0 and -1 or 0 end

-- The chosen cell of a request: its cell, or its first target's.
local function chosen_cell(r)
  if r.cell then return r.cell.x, r.cell.y end
  local t = r.targets[1]
  if t and t.x then return t.x, t.y end
end
stack.chosen_cell = chosen_cell

local overrides = {}

function overrides.chosen(ctx) return ctx.entry.request.targets end
local self_scratch = {} -- the one-entry list self gives, filled again for each effect
function overrides.self(ctx)
  self_scratch[1] = ctx.actor
  return self_scratch
end
function overrides.none() return EMPTY end
function overrides.all_enemies(ctx) return foes(ctx.actor) end

function overrides.random_enemy(ctx)
  local list = foes(ctx.actor)
  if #list == 0 then return EMPTY end
  return { list[prims.random(#list)] }
end

function overrides.area(ctx)
  local x, y = chosen_cell(ctx.entry.request)
  if not x then return EMPTY end
  return reals_near(x, y, ctx:number("radius", 1))
end

function overrides.adjacent(ctx)
  local a = ctx.actor
  if not a.x then return EMPTY end
  return reals_near(a.x, a.y, 1, a)
end

-- The cells of a line: from the actor towards the chosen cell, `length` cells (default: up
-- to the cell), along one of the eight directions; a wall ends it. Nil without a cell.
local function line_cells(ctx)
  local a, w = ctx.actor, host.world()
  local x, y = chosen_cell(ctx.entry.request)
  if not (x and a.x) then return nil end
  local dx, dy = sign(x - a.x), sign(y - a.y)
  local length = ctx:number("length", math.max(math.abs(x - a.x), math.abs(y - a.y)))
  local list = {}
  local cx, cy = a.x, a.y
  for _ = 1, length do
    cx, cy = cx + dx, cy + dy
    if cx < 0 or cy < 0 or cx >= w.width or cy >= w.height or w:at(cx, cy, "wall") then break end
    list[#list + 1] = { cx, cy }
  end
  return list
end

function overrides.line(ctx)
  local cells = line_cells(ctx)
  if not cells then return EMPTY end
  local w, list = host.world(), {}
  for _, c in ipairs(cells) do
    local e = w:at(c[1], c[2], "real")
    if e then list[#list + 1] = e end
  end
  return list
end

function overrides.trigger_source(ctx)
  local s = ctx.entry.request.source
  return s and { s } or EMPTY
end

-- The entry's targets after its override, the dead left out unless force_dead_targets.
-- The overrides whose lists hold only the living already (foes are checked alive; the dead
-- leave the grid at once, so w:at never finds them): the filter would only ask again.
local LIVING = { all_enemies = true, random_enemy = true, area = true, adjacent = true,
  line = true, none = true }

local function targets_of(ctx)
  local e = ctx.entry
  local over = e.params.target or e.def.target
  local list = overrides[over](ctx)
  if e.params.force_dead_targets or LIVING[over] then return list end
  local alive
  for i = 1, #list do
    local t = list[i]
    if type(t) ~= "userdata" or t:is_dead() then
      alive = alive or table.move(list, 1, i - 1, 1, {})
    elseif alive then
      alive[#alive + 1] = t
    end
  end
  return alive or list
end
stack.targets_of = targets_of

-- The cells an override covers, whoever stands there (the reach of a declared action,
-- reach.lua): the area's square, the cells next to the actor, the line's; nil for the
-- overrides that pick entities rather than cells.
local cover = {}

function cover.area(ctx)
  local x, y = chosen_cell(ctx.entry.request)
  if not x then return {} end
  return cells_near(x, y, ctx:number("radius", 1))
end

function cover.adjacent(ctx)
  local a = ctx.actor
  if not a.x then return {} end
  return cells_near(a.x, a.y, 1, a.x, a.y)
end

function cover.line(ctx)
  return line_cells(ctx) or {}
end

function stack.cells_of(ctx, over)
  local fn = cover[over]
  return fn and fn(ctx) or nil
end

-- The targets an override takes for ctx's entry now (the reach of a declared action): as
-- resolving takes them, but random_enemy's are every foe it may draw, drawing nothing. The
-- list is valid until the next call.
function stack.override_targets(ctx, over)
  if over == "random_enemy" then over = "all_enemies" end
  return overrides[over](ctx)
end

-- The stack ---------------------------------------------------------------------------------

local queues = {}  -- the stack: queues, top last
local current = nil -- the queue under way
local locked = false
local ctx = setmetatable({}, Ctx)
local on_empty = {} -- functions called when the stack has run empty (see stack.resolve)
stack.resolved = 0  -- effects resolved, for the benchmark and tests

-- Entries and queues are kept for use again once resolved, so that a card played every beat
-- makes no garbage: an entry is valid while its effect runs, as ctx is.
local spare_entries, spare_queues = {}, {}

-- The last table of a spare list, taken off it, or a new one.
local function take(spares)
  local n = #spares
  local t = spares[n]
  if not t then return {} end
  spares[n] = nil
  return t
end

-- An entry: { def, params, request, shadow, scale, scale_keys }. `from` is the entry whose
-- effect pushes (its shadow and scale carry on to what it pushes), or nil.
local function make_entry(item, request, from)
  local en = take(spare_entries)
  en.def, en.params, en.request = item.def, item.params, request
  if from then
    en.shadow, en.scale, en.scale_keys = from.shadow, from.scale, from.scale_keys
  else
    en.shadow, en.scale, en.scale_keys = nil, nil, nil
  end
  return en
end
stack.make_entry = make_entry

local function make_queue(count)
  local q = take(spare_queues)
  q.n, q.next = count, 1
  return q
end

-- A queue resolved: it and its entries go back to be used again.
local function recycle(q)
  for i = 1, q.n do
    local en = q[i]
    en.def, en.params, en.request, en.shadow, en.scale, en.scale_keys =
      nil, nil, nil, nil, nil, nil
    spare_entries[#spare_entries + 1] = en
    q[i] = nil
  end
  spare_queues[#spare_queues + 1] = q
end

-- Pushes a payload for a request: one queue per effect (the last on top, so it resolves
-- first), or with one_queue, one queue in the order written. `from`: see make_entry.
-- `adjust(entry)` may change each entry made (meta effects set shadow and scale).
function stack.push(payload, request, opts, from)
  local items = stack.normalize(payload)
  local adjust = opts and opts.adjust
  if opts and opts.one_queue then
    local q = make_queue(#items)
    for i = 1, #items do
      local en = make_entry(items[i], request, from)
      if adjust then adjust(en) end
      q[i] = en
    end
    queues[#queues + 1] = q
  else
    for i = 1, #items do
      local en = make_entry(items[i], request, from)
      if adjust then adjust(en) end
      local q = make_queue(1)
      q[1] = en
      queues[#queues + 1] = q
    end
  end
end

-- A ctx of its own for an entry (an ability's effect function): valid while it runs.
function stack.context(en)
  exposed[en.request] = true
  return setmetatable({ entry = en, request = en.request, actor = en.request.actor,
    params = en.params }, Ctx)
end

function Ctx:push(payload, opts)
  stack.push(payload, self.entry.request, opts, self.entry)
end

-- What content may read of the stack (tests, front ends): the effects waiting, top first.
-- Each entry waiting on the stack, top first, given to visit.
local function each_waiting(visit)
  if current then
    for i = current.next, current.n do visit(current[i]) end
  end
  for qi = #queues, 1, -1 do
    local q = queues[qi]
    for i = q.next, q.n do visit(q[i]) end
  end
end

function stack.waiting()
  local list = {}
  each_waiting(function(en) list[#list + 1] = en.def.name end)
  return list
end

function stack.busy()
  return locked
end

-- Frames: what a front end shows of a resolution, one frame per effect resolved, into the
-- list stack.record_frames was given (nil, the default, records nothing: headless games pay
-- nothing).
-- A frame: { ability = name, effect = name, timed = not instant, cells = { {x, y}, ... }
-- (the targets' cells, or the chosen cell), waiting = { "ability: effect", ... } (what
-- is still on the stack after it, top first: its ability's name, then its effect's, for
-- each), changes = { "skeleton 2 -> 1 hp", ... } }.
local frames_to = nil

-- Frames are appended to `list` from now on; nil records none.
function stack.record_frames(list)
  frames_to = list
end

local function waiting_pairs()
  local list = {}
  each_waiting(function(en)
    list[#list + 1], list[#list + 2] = en.request.ability or "?", en.def.name
  end)
  return list
end

local function hp_of(t)
  if t:is_dead() then return 0 end
  local ok, hp = pcall(function() return t.hp end) -- an entity without hp has none to show
  return ok and hp or nil
end

-- Begins the frame of an entry about to run on the targets in `list` (nil: none).
local function record_frame(en, list)
  local cells, hps = {}, {}
  for i = 1, list and #list or 0 do
    local t = list[i]
    if type(t) == "userdata" then
      if not t:is_dead() then
        cells[#cells + 1] = { t.x, t.y }
        hps[#hps + 1] = { t, hp_of(t) }
      end
    elseif type(t) == "table" and t.x then
      cells[#cells + 1] = { t.x, t.y }
    end
  end
  local c = en.request.cell
  if #cells == 0 and c then cells[1] = { c.x, c.y } end
  local frames = frames_to
  local f = { ability = en.request.ability or "?", effect = en.def.name,
    timed = not en.def.instant, cells = cells, waiting = waiting_pairs(), hps = hps }
  frames[#frames + 1] = f
  return f
end

-- Ends it once the entry has run: what it did to each target's hp, "skeleton 2 -> 1 hp".
local function finish_frame(f)
  local changes = {}
  for _, th in ipairs(f.hps) do
    local t, before = th[1], th[2]
    local after = hp_of(t)
    if before and after and after ~= before then
      changes[#changes + 1] = string.format("%s %d -> %d hp", util.spoken(t.type), before, after)
    end
  end
  f.hps, f.changes = nil, changes
end

-- What the lifecycle asks before an entry of a declared action (its request has an
-- `action`) runs: before_entry(entry, targets or nil) -> go on, targets changed. It fails
-- the rest of an action that failed, and asks those an entry reaches that its action's
-- window did not (stack.set_before_entry).
local before_entry = nil

function stack.set_before_entry(fn)
  before_entry = fn
end

-- Whether entry en goes on, and its targets then (nil for an override of none).
local function entry_goes_on(en, over)
  local list = over ~= "none" and targets_of(ctx) or nil
  local go, changed = before_entry(en, list)
  if not go then return false end
  ctx.entry, ctx.request, ctx.actor, ctx.params = en, en.request, en.request.actor, en.params
  if changed and list then list = targets_of(ctx) end
  return true, list
end

local function run_entry(en)
  ctx.entry, ctx.request, ctx.actor, ctx.params = en, en.request, en.request.actor, en.params
  local def = en.def
  if not def.builtin then exposed[en.request] = true end
  local over = en.params.target or def.target
  local list
  if before_entry and en.request.action then
    local go
    go, list = entry_goes_on(en, over)
    if not go then return end
  end
  stack.resolved = stack.resolved + 1
  if over == "none" then
    local f = frames_to and record_frame(en, nil)
    def.run(ctx)
    if f then finish_frame(f) end
    return
  end
  list = list or targets_of(ctx)
  local f = frames_to and record_frame(en, list)
  if def.each then
    for i = 1, #list do def.run(ctx, list[i]) end
  elseif #list > 0 then
    def.run(ctx, list)
  end
  if f then finish_frame(f) end
end

-- Resolves the stack to its end. Locked: called while resolving (an effect resolving an
-- ability), it returns at once, and what was pushed resolves in its turn. When the stack has
-- run empty, the on_empty functions are called with the actor of its first effect (they may
-- push and resolve again).
local starter -- the actor of the first effect of a resolution: the stack_empty event is its

-- Runs the stack down to `height` queues: 0, to its end, inside stack.resolve's protected
-- call; more, for stack.resolve_above.
local function drain(height)
  while true do
    local q = current
    if q and q.next <= q.n then
      local i = q.next
      q.next = i + 1
      starter = starter or q[i].request.actor
      run_entry(q[i])
    else
      if q then
        current = nil
        recycle(q)
      end
      if #queues <= height then break end
      current = queues[#queues]
      queues[#queues] = nil
    end
  end
end

-- How many queues wait on the stack.
function stack.height()
  return #queues
end

-- Inside an entry under way, resolves at once what was pushed since the stack had `height`
-- queues (a reaction to the blow that entry is about to strike), then goes back to it.
function stack.resolve_above(height)
  local under_way = current
  current = nil
  drain(height)
  current = under_way
end

-- fn(actor) is called each time the stack has run empty, with the actor of its first effect
-- (see stack.resolve).
function stack.add_on_empty(fn)
  on_empty[#on_empty + 1] = fn
end

function stack.resolve()
  if locked then return false end
  locked = true
  starter = nil
  local ok, err = pcall(drain, 0)
  current, locked = nil, false
  ctx.entry, ctx.request, ctx.actor, ctx.params = nil, nil, nil, nil
  if not ok then
    queues = {}
    error(err, 0)
  end
  local first = starter
  for i = 1, #on_empty do on_empty[i](first) end
  return true
end

-- Drops whatever is on the stack (a new world).
function stack.clear()
  queues, current, locked = {}, nil, false
end

-- Meta effects -------------------------------------------------------------------------------

local function check_nested(params, key, here, out)
  if params[key] ~= nil then stack.check(params[key], here .. "." .. key, out) end
end

-- validate { validators = { { hp_below = 5 }, ... }, of = "self" | "target", passed = payload,
-- failed = payload }: every validator true pushes `passed`, else `failed`.
stack.define({ name = "validate", target = "none",
  params = { validators = "table", passed = "payload", failed = "payload", of = "string" },
  meta = function(params, here, out)
    for i, v in ipairs(params.validators or {}) do
      local name = type(v) == "table" and next(v)
      if not (name and validators[name]) then
        local names = {}
        for n in pairs(validators) do names[#names + 1] = n end
        table.sort(names)
        out[#out + 1] = string.format("%s.validators[%d]: unknown validator '%s'%s", here, i,
          tostring(name), util.hint(tostring(name), names))
      end
    end
    check_nested(params, "passed", here, out)
    check_nested(params, "failed", here, out)
  end,
  run = function(c)
    local p = c.params
    local who = c.actor
    if p.of == "target" then who = c.entry.request.targets[1] end
    local pass = true
    for _, v in ipairs(p.validators or EMPTY) do
      local name, arg = next(v)
      local fn = validators[name]
      if not fn then error("unknown validator '" .. tostring(name) .. "'", 0) end
      if not builtin_validators[name] then stack.expose(c.entry.request) end
      if not fn(c, arg, who) then
        pass = false
        break
      end
    end
    local payload = pass and p.passed or p.failed
    if payload then c:push(payload) end
  end })

-- repeat { times = n | "value name", payload = ... }: the payload pushed n times.
stack.define({ name = "repeat", target = "none",
  params = { times = "value", payload = "payload" },
  meta = function(params, here, out) check_nested(params, "payload", here, out) end,
  run = function(c)
    local times = c.params.times
    if type(times) == "string" then
      times = c:value(times)
    else
      times = c:value("times")
    end
    times = math.tointeger(times) or math.floor(tonumber(times) or 0)
    for _ = 1, times do c:push(c.params.payload or EMPTY) end
  end })

-- x_cost { payload = ..., values = { "damage", ... } }: the payload's numeric values
-- multiplied by the X paid (every number, or only those named). Nested x_costs multiply.
stack.define({ name = "x_cost", target = "none",
  params = { payload = "payload", values = "table" },
  meta = function(params, here, out) check_nested(params, "payload", here, out) end,
  run = function(c)
    local x = c.entry.request.x or 0
    local from = c.entry
    local keys
    if c.params.values then
      keys = {}
      for _, k in ipairs(c.params.values) do keys[k] = true end
    end
    stack.push(c.params.payload or EMPTY, from.request, { adjust = function(en)
      en.scale = (from.scale or 1) * x
      if keys then
        if from.scale_keys then
          for k in pairs(from.scale_keys) do keys[k] = true end
        end
        en.scale_keys = keys
      else
        en.scale_keys = nil
      end
    end }, from)
  end })

-- The built-in validators: each takes its argument and the entity it looks at.
validators.hp_below = function(_, n, who) return who ~= nil and who.hp < n end
validators.hp_at_least = function(_, n, who) return who ~= nil and who.hp >= n end
validators.has_status = function(_, name, who)
  return who ~= nil and who:has("Statused") and who:status(name) > 0
end
validators.cards_in_hand = function(_, n, who)
  local t = who and piles.of(who)
  return t ~= nil and #t.hand >= n
end
validators.energy_at_least = function(_, n, who)
  local t = who and piles.of(who)
  return t ~= nil and t.energy >= n
end
validators.value_at_least = function(c, arg)
  local v = c:value(arg[1])
  return type(v) == "number" and v >= arg[2]
end
for name in pairs(validators) do builtin_validators[name] = true end

return stack
