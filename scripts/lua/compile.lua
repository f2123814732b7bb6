-- compile.lua: makes a world from the record of definitions. Kinds are registered in the
-- order define.kinds gives (a kind may name the ones before it), each kind's definitions in
-- the order they were made, so the same packs always give the same ids. A definition that
-- fails is reported at its place and skipped; the others still compile, so one run finds
-- every problem.
local choices = require("choices")
local core = require("cairn.core")
local data = require("lua.data")
local define = require("lua.define")
local host = require("cairn.host")
local problems = require("lua.problems")
local util = require("lua.util")
local compile = {}
compile.failed = {} -- kind -> full name -> the problem of a definition that failed (see report)

local record_kind = { type = "entity" }

-- Every name of a kind content could mean, for hints: the world's (the runtime's built-in
-- names, registered by the core, and what has compiled so far) and every definition's.
local function known(kind)
  local names = {}
  for _, n in ipairs(core.names(kind)) do names[#names + 1] = n end
  for _, e in ipairs(define.record[record_kind[kind] or kind] or {}) do
    names[#names + 1] = e.name
    names[#names + 1] = e.name:match(":(.*)$")
  end
  for _, c in pairs(compile.chains or {}) do names[#names + 1] = c end
  return names
end

local kind_words = { type = "entity type", decorator = "decorator", chain = "chain",
  action = "action", movs = "movs", algo = "algorithm", sequence = "sequence", status = "status",
  source = "attack source", change = "kind of change" }

-- The chains of giving a status: a world has them only when content hooks one (see
-- cairn_status_chains), so that the worlds that do not keep their registries and checksums.
local status_chains = { status_give = true, status_receive = true }

-- The full name and id a definition of `pack` means by `name`, by the rule for short names
-- (core.resolve: its own pack's, the runtime's, the one other pack's). Raises when there is
-- none, saying why.
local function resolve(kind, name, pack)
  if type(name) ~= "string" then
    error(kind_words[kind] .. " names are strings, not " .. type(name) .. "s", 0)
  end
  if #name > core.NAME_REF_MAX then
    error(string.format("%s name is too long: %d bytes (at most %d): '%s...'", kind_words[kind],
      #name, core.NAME_REF_MAX, name:sub(1, 24)), 0)
  end
  if kind == "chain" and status_chains[name] then
    core.status_chains() -- the world has them once content hooks one
  end
  local found, id = core.resolve(kind, name, pack.id)
  if found then return found, id end
  if id then error(id, 0) end -- several packs define it: the message lists them
  -- A definition that failed is no unknown name: its failure is the one to report.
  local lost = compile.failed[record_kind[kind] or kind] or {}
  local full = not name:find(":", 1, true) and lost[pack.id .. ":" .. name] and
    (pack.id .. ":" .. name) or name
  if lost[full] then
    error(kind_words[kind] .. " '" .. full .. "' failed to define (" .. lost[full] .. ")", 0)
  end
  error("unknown " .. kind_words[kind] .. " '" .. name .. "'" .. util.hint(name, known(kind)), 0)
end
compile.resolve = resolve

-- The chains of the world, not of entities.
local world_chains = { beat_start = true, beat_end = true, entity_spawned = true,
  entity_died = true }

-- handlers = { chain = fn | { fn =, rank = } | a list of those } -> a list of
-- { chain id, fn, rank }, by chain name then in the order given. These go on entities.
local function handler_list(handlers, pack)
  local list = {}
  for chain, h in pairs(handlers or {}) do
    local name, id = resolve("chain", chain, pack)
    if world_chains[name] then
      error("'" .. name .. "' is a world chain, passed once for the whole world: hook it " ..
        "with cairn.handler { chain = \"" .. name .. "\", fn = ... }", 0)
    end
    local items = (type(h) == "table" and h.fn == nil) and h or { h }
    for _, one in ipairs(items) do
      local fn, rank = one, nil
      if type(one) == "table" then fn, rank = one.fn, one.rank end
      list[#list + 1] = { id, fn, rank }
    end
  end
  return list
end

local function steps(list, pack)
  local out = {}
  for i, s in ipairs(list) do
    local step = { repeats = s.repeats, on_success = s.on_success, on_failure = s.on_failure,
      decide = s.decide, enter = s.enter, exit = s.exit }
    for _, key in ipairs({ "on_success", "on_failure" }) do
      local target = s[key]
      if target ~= nil and (math.type(target) ~= "integer" or target < 1 or target > #list) then
        error("step " .. i .. ": " .. key .. " = " .. tostring(target) ..
          " names no step (there are " .. #list .. ")", 0)
      end
    end
    if s.repeats ~= nil and (math.type(s.repeats) ~= "integer" or s.repeats < 1) then
      error("step " .. i .. ": repeats must be a whole number of beats, 1 or more", 0)
    end
    step.action = select(2, resolve("action", s.action or "none", pack))
    step.movs = select(2, resolve("movs", s.movs or "basic", pack))
    out[i] = step
  end
  return out
end

local lua_decorators -- full name -> { id, data, handlers, pack }, in definition order
local decorator_order

local compilers = {}

-- What front ends and the test kit read of each entity type of the world: glyph, colour,
-- layer (see compile.type_info).
local types = {}

-- The glyph, colour and layer of an entity type of the current world, by full name, or nil.
function compile.type_info(name)
  return types[name]
end

-- Each entity type of the current world: for name, info in compile.each_type() (in no order).
function compile.each_type()
  return next, types, nil
end

-- Reports what went wrong with definition e, and keeps it for the names that refer to e.
local function report(e, err)
  define.problem(e.where, "cairn.%s%s: %s", e.kind, e.name and (" '" .. e.name .. "'") or "",
    util.unplace(tostring(err)))
  if e.name then
    compile.failed[e.kind] = compile.failed[e.kind] or {}
    compile.failed[e.kind][e.name] = compile.failed[e.kind][e.name] or
      problems.last():match("^[^\n]*")
  end
end

-- Runs fn(...) and reports its failure against e, so that the rest of e is still checked.
local function attempt(e, fn, ...)
  local ok, err = pcall(fn, ...)
  if not ok then report(e, err) end
  return ok
end

-- Games and bots are not the core's: the session (session/flow.lua) calls their functions.
function compilers.game() end
function compilers.bot() end

-- Neither are choices (choices/init.lua): only their shape and names are checked here.
function compilers.choice(e)
  choices.check(e, compile.keys)
end

-- An extension point: how a kind a library added (define.add_kind) compiles. check(e) is
-- given each definition of the kind in turn and returns the list of its problems (empty:
-- it compiled); each is reported on its own line, at the definition's place, in the order
-- found, and the last fails the definition (report keeps it for the names that refer to it).
function compile.add_kind(kind, check)
  compilers[kind] = function(e)
    local out = check(e)
    for i = 1, #out - 1 do
      define.problem(e.where, "cairn.%s '%s': %s", e.kind, e.name, (out[i]:gsub("^: ", "")))
    end
    if #out > 0 then error((out[#out]:gsub("^: ", "")), 0) end
  end
end

function compilers.source(e)
  core.source(e.name)
end

function compilers.change(e)
  core.change(e.name, e.def.amounts)
end

function compilers.decorator(e)
  local def = e.def
  local required = {}
  for i, name in ipairs(def.requires or {}) do
    required[i] = select(2, resolve("decorator", name, e.pack))
  end
  for _, c in ipairs(def.chains or {}) do
    if type(c) ~= "string" then error("chains lists chain names, which are strings", 0) end
    if core.find("chain", c) then
      error("chain '" .. c .. "' exists already (" .. (compile.chains[c] and
        ("declared by " .. compile.chains[c]) or "built in") .. "); chain names are shared " ..
        "by every pack, so choose another", 0)
    end
  end
  local id = core.decorator(e.name, def.chains or {}, required, def.activate, def.compute, def.tick)
  for _, c in ipairs(def.chains or {}) do compile.chains[c] = e.name end
  -- its handlers go onto the types that have it; mistakes in them are the decorator's
  handler_list(def.handlers, e.pack)
  lua_decorators[e.name] = { id = id, data = def.data, handlers = def.handlers, pack = e.pack }
  decorator_order[#decorator_order + 1] = e.name
end

function compilers.action(e)
  local components = {}
  for i, name in ipairs(e.def.components or {}) do
    components[i] = select(2, resolve("decorator", name, e.pack))
  end
  core.action(e.name, components)
end

function compilers.movs(e)
  core.movs(e.name, e.def.fn)
end

function compilers.algo(e)
  core.algo(e.name, e.def.fn)
end

-- A table of name -> number as a list of { name, number } sorted by name, so that the same
-- definition always gives the same data.
local function sorted_pairs(t)
  local list = {}
  for k, v in pairs(t or {}) do list[#list + 1] = { k, v } end
  table.sort(list, function(a, b) return a[1] < b[1] end)
  return list
end

-- The data of a status as core.status takes it: the definition's, with modifies as a sorted
-- list (resists are set once every status has an id: see status_resists).
local function status_data(def)
  return { stacking = def.stacking, max = def.max, decay = def.decay, at_zero = def.at_zero,
    each = def.each, modifies = sorted_pairs(def.modifies), save = def.save }
end

function compilers.status(e)
  local def = e.def
  core.status(e.name, def.apply, def.tick, def.wear_off, handler_list(def.handlers, e.pack),
    status_data(def))
end

-- Each status's resists, once every status has its id: { name = percent } in name order.
local function status_resists(e)
  local _, id = resolve("status", e.name, e.pack)
  for _, pair in ipairs(sorted_pairs(e.def.resists)) do
    local name, percent = pair[1], pair[2]
    if math.type(percent) ~= "integer" or percent < 0 or percent > 100 then
      error("resists." .. tostring(name) .. " is a % from 0 to 100, not " .. tostring(percent), 0)
    end
    core.status_resist(id, select(2, resolve("status", name, e.pack)), percent)
  end
end

function compilers.sequence(e)
  core.sequence(e.name, steps(e.def.steps, e.pack))
end

local function set_stat(t, k, v)
  local names = host.stats
  local known_stat = false
  for _, n in ipairs(names) do known_stat = known_stat or n == k end
  if not known_stat then
    local hint = type(k) == "string" and util.hint(k, names) or ""
    error("unknown stat '" .. tostring(k) .. "'" .. (hint ~= "" and hint or
      ("; the stats are " .. table.concat(names, ", "))), 0)
  end
  core.type_stat(t, k, v)
end

local function set_stats(e, t, stats)
  for k, v in pairs(stats) do attempt(e, set_stat, t, k, v) end
  -- hp alone gives the maximum too
  if math.type(stats.hp) == "integer" and stats.max_hp == nil then
    attempt(e, core.type_stat, t, "max_hp", stats.hp)
  end
end

function compilers.entity(e)
  local def, pack = e.def, e.pack
  local t = core.type(e.name, def.layer or "real")
  for _, name in ipairs(def.decorators or {}) do
    attempt(e, function()
      local _, d = resolve("decorator", name, pack)
      if not core.type_has(t, d) then core.type_add(t, d) end
    end)
  end
  local sequential = core.find("decorator", "Sequential")
  if def.sequence ~= nil and not core.type_has(t, sequential) then core.type_add(t, sequential) end
  set_stats(e, t, def.stats or {})
  if def.algo ~= nil or def.sequence ~= nil then
    -- an entity that follows a sequence is an enemy: it tries its movs's directions in turn
    core.type_stat(t, "algo", (resolve("algo", def.algo or "general", pack)))
  end
  if type(def.sequence) == "string" then
    core.type_stat(t, "sequence", (resolve("sequence", def.sequence, pack)))
  elseif def.sequence ~= nil then
    core.sequence(e.name .. ".steps", steps(def.sequence, pack))
    core.type_stat(t, "sequence", e.name .. ".steps")
  end
  -- What the type's Lua decorators bring: their handlers first, then the type's own; their
  -- data under the type's.
  local type_data = {}
  for _, name in ipairs(decorator_order) do
    local d = lua_decorators[name]
    if core.type_has(t, d.id) then
      for _, h in ipairs(handler_list(d.handlers, d.pack)) do core.type_hook(t, h[1], h[2], h[3]) end
      for k, v in pairs(d.data or {}) do
        if type_data[k] ~= nil then
          error("decorators " .. name .. " and another both start data field '" .. tostring(k) ..
            "'", 0)
        end
        type_data[k] = util.copy(v)
      end
    end
  end
  for chain, h in pairs(def.handlers or {}) do
    attempt(e, function()
      for _, one in ipairs(handler_list({ [chain] = h }, pack)) do
        core.type_hook(t, one[1], one[2], one[3])
      end
    end)
  end
  for k, v in pairs(def.data or {}) do type_data[k] = util.copy(v) end
  data.set_defaults(e.name, next(type_data) ~= nil and type_data or nil)
  types[e.name] = { glyph = def.glyph, color = def.color, layer = def.layer or "real",
    pack = pack.id }
end

function compilers.handler(e)
  local def = e.def
  local name, chain = resolve("chain", def.chain, e.pack)
  if def.entity and world_chains[name] then
    error("'" .. name .. "' is a world chain, passed once for the whole world, not on entities " ..
      "(leave out entity)", 0)
  elseif not def.entity and not world_chains[name] then
    error("'" .. name .. "' is passed on entities: say on which type's, with entity = " ..
      "\"name\" (the world chains are beat_start, beat_end, entity_spawned and entity_died)", 0)
  end
  if def.entity then
    local _, t = resolve("type", def.entity, e.pack)
    core.type_hook(t, chain, def.fn, def.rank)
  else
    core.world_hook(chain, def.fn, def.rank)
  end
end

-- What only `cairn check` looks for: definitions that compile but cannot do what they say.
-- Not part of compiling, so that a test may still define such a thing on purpose.

-- How many arguments the runtime calls each kind of content function with, and their names.
local ARGS = {
  handler = { "ev" }, movs = { "e", "x", "y" }, algo = { "ev" }, activate = { "e", "dir", "ev" },
  compute = { "e" }, tick = { "e" }, apply = { "e" }, wear_off = { "e" },
  decide = { "e", "outcome" }, enter = { "e", "step" }, exit = { "e", "step" },
}

-- A function declared with more parameters than it is called with reads nil in the extra
-- ones, always: that is a mistake (often `function(e, ev)` for a handler, which gets the
-- event only). Fewer is fine: a handler that does not read its event need not name it.
local function check_params(fn, what, role)
  if type(fn) ~= "function" then return end
  local info = debug.getinfo(fn, "Su")
  if info.what ~= "Lua" or info.nparams <= #ARGS[role] then return end
  local names = {}
  for i = 1, info.nparams do names[i] = debug.getlocal(fn, i) end
  define.problem(info.source:gsub("^[@=]", "") .. ":" .. info.linedefined,
    "%s takes %d parameters (%s), but is called with %d (%s): '%s' is always nil", what,
    info.nparams, table.concat(names, ", "), #ARGS[role], table.concat(ARGS[role], ", "),
    names[#ARGS[role] + 1])
end

local function check_handlers(handlers, what)
  for chain, h in pairs(handlers or {}) do
    local items = (type(h) == "table" and h.fn == nil) and h or { h }
    for _, one in ipairs(items) do
      check_params(type(one) == "table" and one.fn or one,
        what .. ": the handler on '" .. tostring(chain) .. "'", "handler")
    end
  end
end

-- The steps of a sequence the general algorithm never tries: it tries the action in each
-- direction the step's movs gives, and movs `none` gives none, so a component that needs
-- no direction is never called, and the step always fails.
local function check_steps(e, list, pack, via)
  for i, step in ipairs(list) do
    local ok_a, action = pcall(resolve, "action", step.action or "none", pack)
    local ok_m, movs = pcall(resolve, "movs", step.movs or "basic", pack)
    if ok_a and ok_m and movs == "none" and action ~= "none" then
      define.problem(e.where, "cairn.entity '%s': %sstep %d: action '%s' is never tried: the " ..
        "general algorithm tries it in each direction its movs gives, and movs 'none' gives " ..
        "none (give the step a movs; for an action that needs no direction, algo = " ..
        "\"simple\" does it once each beat; to wait, action = \"none\")", e.name, via, i, action)
    end
  end
end

local function check_step_params(list, what)
  for i, step in ipairs(list) do
    for _, role in ipairs({ "decide", "enter", "exit" }) do
      check_params(step[role], what .. ": step " .. i .. "'s " .. role, role)
    end
  end
end

function compile.lint()
  local sequences = {}
  for _, e in ipairs(define.record.sequence) do
    sequences[e.name] = e
    check_step_params(e.def.steps or {}, "cairn.sequence '" .. e.name .. "'")
  end
  for _, e in ipairs(define.record.entity) do
    local def = e.def
    local ok, algo = pcall(resolve, "algo", def.algo or "general", e.pack)
    if ok and algo == "general" and type(def.sequence) == "table" then
      check_steps(e, def.sequence, e.pack, "")
    elseif ok and algo == "general" and type(def.sequence) == "string" then
      local found, name = pcall(resolve, "sequence", def.sequence, e.pack)
      local seq = found and sequences[name]
      if seq then check_steps(e, seq.def.steps or {}, seq.pack, "sequence '" .. name .. "', ") end
    end
    if type(def.sequence) == "table" then
      check_step_params(def.sequence, "cairn.entity '" .. e.name .. "'")
    end
    check_handlers(def.handlers, "cairn.entity '" .. e.name .. "'")
  end
  for _, of in ipairs({ { "decorator", { "activate", "compute", "tick" } },
    { "status", { "apply", "tick", "wear_off" } } }) do
    local kind, roles = of[1], of[2]
    for _, e in ipairs(define.record[kind]) do
      local what = "cairn." .. kind .. " '" .. e.name .. "'"
      check_handlers(e.def.handlers, what)
      for _, role in ipairs(roles) do check_params(e.def[role], what .. ": " .. role, role) end
    end
  end
  for _, e in ipairs(define.record.handler) do
    check_params(e.def.fn, "cairn.handler on '" .. tostring(e.def.chain) .. "'", "handler")
  end
  for _, kind in ipairs({ "movs", "algo" }) do
    for _, e in ipairs(define.record[kind]) do
      check_params(e.def.fn, "cairn." .. kind .. " '" .. e.name .. "': fn", kind)
    end
  end
end

-- What libraries run as each world is made (compile.on_world), in the order given.
local world_parts = {}

-- An extension point: fn() is called as each world is made, once the core's world is new
-- and before any definition compiles, so that a library forgets the last world and
-- registers what it brings (its decorators, statuses, kinds of change, world handlers)
-- before content's types may name them. A library registers only in worlds whose packs
-- use it, so that the others' registries, checksums and beats stay as they were.
function compile.on_world(fn)
  world_parts[#world_parts + 1] = fn
end

-- A new world of that size and seed from every definition made so far.
function compile.world(width, height, seed)
  core.world_new(width, height, seed)
  core.set_perform(choices.perform)
  choices.reset()
  compile.keys = {} -- a choice's key -> the choice that has it
  data.reset()
  types = {}
  compile.chains = {}
  compile.failed = {} -- kind -> full name -> the problem of a definition that failed
  lua_decorators, decorator_order = {}, {}
  for _, fn in ipairs(world_parts) do fn() end
  for _, kind in ipairs(define.kinds) do
    for _, e in ipairs(define.record[kind]) do
      attempt(e, compilers[kind], e)
    end
  end
  for _, e in ipairs(define.record.status) do
    local failed = compile.failed.status or {}
    if e.def.resists and not failed[e.name] then attempt(e, status_resists, e) end
  end
end

-- compile.world for a host (cairn_lua_world_create, a game's floors): a world with problems
-- is not kept half made, and the problems are raised.
function compile.make_world(width, height, seed)
  compile.world(width, height, seed)
  if problems.count() > 0 then core.world_destroy() end
  problems.raise()
end

return compile
