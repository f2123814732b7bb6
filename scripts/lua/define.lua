-- define.lua: the `cairn` module content calls to define things, and the record of every
-- definition. A definition is checked for its shape where it is made (unknown fields,
-- wrong types) and kept with its place, "pack:path:line"; compile.lua turns the record into
-- the core's structures when a world is made, resolving the names it uses.
local core = require("cairn.core")
local data = require("lua.data")
local host = require("cairn.host")
local problems = require("lua.problems")
local util = require("lua.util")
local define = {}

-- The kinds, in the order compile.lua registers them (a kind may use the ones before it);
-- a library adds its own after them (define.add_kind).
define.kinds = { "source", "change", "decorator", "action", "movs", "algo", "status",
  "sequence", "entity", "handler", "game", "bot", "choice" }

local record = {}   -- kind -> list of definitions, in the order made
local by_name = {}  -- kind -> full name -> definition
for _, kind in ipairs(define.kinds) do
  record[kind], by_name[kind] = {}, {}
end
define.record = record
define.by_name = by_name

-- The full names of the definitions of a kind ("game", "bot"), each once, in the order
-- they were first defined (what a server offers).
function define.names(kind)
  local names, seen = {}, {}
  for _, e in ipairs(record[kind]) do
    if not seen[e.name] then names[#names + 1], seen[e.name] = e.name, true end
  end
  return names
end

-- A game or bot definition by full or short name. The rule is the one names.c has for every
-- name (core.resolve), asked from no pack (the command line, saves) over no built-ins: the
-- full name, else the one pack's that defines the short name.
function define.find(kind, name)
  local names = define.names(kind)
  local full, found = core.resolve(names, name, nil, kind)
  if full then return by_name[kind][full] end
  if found then error(found, 0) end -- several packs define it: the message lists them
  error(string.format("no %s is named '%s' (the %ss loaded: %s)", kind, name, kind,
    #names > 0 and table.concat(names, ", ") or "none"), 0)
end

-- A problem's words are one line (a list shows each problem's first line): a name or a
-- message holding a newline is shown with it escaped, never cut there.
local function problem(where, fmt, ...)
  local args = table.pack(...)
  for i = 1, args.n do
    if type(args[i]) == "string" then args[i] = util.escaped(args[i]) end
  end
  problems.add(util.escaped(where) .. ": " .. string.format(fmt, table.unpack(args, 1, args.n)))
end
define.problem = problem

-- A message that says where it happened already (a Lua error from content).
function define.report(message)
  problems.add(message)
end

-- The fields each kind accepts and what each must be.
local fields = {
  source = { name = "string" },
  change = { name = "string", describe = "function", amounts = "list", description = "string" },
  entity = { name = "string", layer = "string", glyph = "string", color = "string",
    decorators = "list", stats = "table", sequence = "sequence", algo = "string",
    handlers = "handlers", data = "table", description = "string" },
  decorator = { name = "string", requires = "list", chains = "list", data = "table",
    handlers = "handlers", activate = "function", compute = "function", tick = "function",
    description = "string" },
  handler = { chain = "string", fn = "function", rank = "string", entity = "string" },
  movs = { name = "string", fn = "function", description = "string" },
  algo = { name = "string", fn = "function", description = "string" },
  action = { name = "string", components = "list", description = "string" },
  status = { name = "string", handlers = "handlers", apply = "function", tick = "function",
    wear_off = "function", adjective = "string", description = "string", stacking = "string",
    max = "number", decay = "table", at_zero = "string", each = "string", modifies = "table",
    resists = "table", save = "table" },
  sequence = { name = "string", steps = "list", description = "string" },
  game = { name = "string", width = "number", height = "number", floors = "number",
    generate = "function", outcome = "function", report = "function", items = "function",
    panel = "function", avoid = "function", pick_up = "string",
    sight = "number", turns = "table", spectate = "string", answer_seconds = "number",
    description = "string" },
  bot = { name = "string", decide = "function", answer = "function", description = "string" },
  choice = { name = "string", key = "string", label = "text", description = "string",
    available = "function", target = "table", prompts = "prompts", optional = "string",
    action = "string", perform = "function" },
}

-- Fields that had another name once, by kind: the old name is unknown now, and the problem
-- says what to write instead.
local renamed_fields = { status = { hooks = "handlers" } }

-- Fields a kind cannot do without (unless the definition extends another).
local required_fields = {
  handler = { "chain", "fn" }, movs = { "fn" }, algo = { "fn" }, sequence = { "steps" },
  game = { "width", "height", "generate" }, bot = { "decide" },
}

-- An extension point: a kind of definition a library adds (scripts/cards adds effect,
-- validator, ability and card), after the runtime's own and after the kinds added before it.
-- Content then has `cairn.<kind>`, whose definitions are checked for `spec.fields` (name ->
-- type, as above), `spec.required` (a list of names) and `spec.renamed` (an old field's
-- name -> the one to write now) where they are made, kept in
-- define.record[kind] and by_name[kind], and compiled by the function compile.add_kind
-- gives. Called while the runtime's scripts load, before any pack.
function define.add_kind(kind, spec)
  assert(not record[kind], kind .. " is a kind already")
  define.kinds[#define.kinds + 1] = kind
  record[kind], by_name[kind] = {}, {}
  fields[kind] = spec.fields
  required_fields[kind] = spec.required
  renamed_fields[kind] = spec.renamed
end

-- A game's turn model (session/turns.lua): its fields and their types.
local turn_models = { "beats", "initiative", "sides" }
local turn_fields = { model = "string", actions = { "number", "function" }, order = "function",
  reset = "function", cost = "function", side = "function" }

local function check_turns(where, t, what)
  local ok = true
  local known = false
  for _, m in ipairs(turn_models) do known = known or t.model == m end
  if not known then
    problem(where, "%s: turns.model is one of %s, not %s%s", what,
      table.concat(turn_models, ", "), tostring(t.model),
      util.hint(tostring(t.model), turn_models))
    ok = false
  end
  for k, v in pairs(t) do
    local spec = turn_fields[k]
    local fits = false
    for _, ty in ipairs(type(spec) == "table" and spec or { spec }) do
      fits = fits or type(v) == ty
    end
    if not spec then
      problem(where, "%s: turns has no field '%s'%s", what, tostring(k),
        util.hint(tostring(k), { "model", "actions", "order", "reset", "cost", "side" }))
      ok = false
    elseif not fits then
      problem(where, "%s: turns.%s must be a %s, not a %s", what, k,
        type(spec) == "table" and table.concat(spec, " or ") or spec, type(v))
      ok = false
    end
  end
  return ok
end

-- What a game lets its spectators see (session/view.lua), and how long a seat may take over a
-- question (at most a day: a longer wait is a game nobody finishes).
local spectate_kinds = { "seats", "all", "none" }
local spectate_known = { seats = true, all = true, none = true }
local ANSWER_SECONDS_MAX = 86400

local function check_watching(where, def, what)
  local ok = true
  local sp = def.spectate
  if type(sp) == "string" and not spectate_known[sp] then
    problem(where, "%s: spectate is one of %s, not %s%s", what, table.concat(spectate_kinds, ", "),
      sp, util.hint(sp, spectate_kinds))
    ok = false
  end
  local secs = def.answer_seconds
  if type(secs) == "number" and not (secs > 0 and secs <= ANSWER_SECONDS_MAX) then
    problem(where, "%s: 'answer_seconds' must be more than 0 and at most %d, not %s", what,
      ANSWER_SECONDS_MAX, tostring(secs))
    ok = false
  end
  return ok
end

local step_fields = { action = "string", movs = "string", repeats = "number",
  on_success = "number", on_failure = "number", decide = "function", enter = "function",
  exit = "function" }

-- The colours an entity may have (cairn.entity's color), as front ends know them.
local color_names, colors = {}, {}
for _, c in ipairs({ "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white" }) do
  color_names[#color_names + 1] = c
  color_names[#color_names + 1] = "bright_" .. c
end
for _, c in ipairs(color_names) do colors[c] = true end

local layers = { floor = true, trap = true, item = true, wall = true, real = true,
  projectile = true, misc = true }
local ranks = { highest = true, high = true, medium = true, low = true, lowest = true }

local function names_of(t)
  local names = {}
  for k in pairs(t) do names[#names + 1] = k end
  return names
end

-- Checks a value against a field spec: nil when it fits, else what was expected and what
-- was found instead.
local function bad_value(spec, v)
  if type(spec) == "table" then -- one of several types
    for _, t in ipairs(spec) do
      if type(v) == t then return nil end
    end
    return "a " .. table.concat(spec, " or a "), "a " .. type(v)
  elseif spec == "list" then
    if not util.is_list(v) then return "a list", "a " .. type(v) end
  elseif spec == "handlers" then
    if type(v) ~= "table" then return "a table of chain = function", "a " .. type(v) end
    for chain, h in pairs(v) do
      if type(chain) ~= "string" then
        return "a table of chain = function", "a key that is a " .. type(chain)
      end
      local list = (type(h) == "table" and h.fn == nil and #h > 0) and h or { h }
      for _, one in ipairs(list) do
        local shape = "a function, { fn = function, rank = ... } or a list of them for '" ..
          chain .. "'"
        if type(one) == "table" then
          if type(one.fn) ~= "function" then return shape, "a table without fn" end
          if one.rank ~= nil and not ranks[one.rank] then
            return "a rank of highest, high, medium, low or lowest for '" .. chain .. "'",
              tostring(one.rank)
          end
        elseif type(one) ~= "function" then
          return shape, "a " .. type(one)
        end
      end
    end
  elseif spec == "text" or spec == "prompts" then
    local other = spec == "text" and "string" or "table"
    if type(v) ~= other and type(v) ~= "function" then
      return "a " .. other .. " or a function", "a " .. type(v)
    end
  elseif spec == "sequence" then
    if type(v) ~= "string" and not util.is_list(v) then
      return "a sequence's name or a list of steps", "a " .. type(v)
    end
  elseif type(v) ~= spec then
    return "a " .. spec, "a " .. type(v)
  end
  return nil
end

local function check_steps(where, steps, what)
  local ok = true
  for i, step in ipairs(steps) do
    if type(step) ~= "table" then
      problem(where, "%s: step %d must be a table", what, i)
      ok = false
    else
      for k, v in pairs(step) do
        local spec = step_fields[k]
        if not spec then
          problem(where, "%s: step %d has an unknown field '%s'%s", what, i, tostring(k),
            type(k) == "string" and util.hint(k, names_of(step_fields)) or "")
          ok = false
        elseif type(v) ~= spec then
          problem(where, "%s: step %d: '%s' must be a %s, not a %s", what, i, k, spec, type(v))
          ok = false
        end
      end
    end
  end
  if #steps == 0 then
    problem(where, "%s: a sequence needs at least one step", what)
    ok = false
  end
  return ok
end

-- Names a definition refers to are at most NAME_REF_MAX bytes, and the name it defines at
-- most NAME_MAX in full: longer ones are refused before anything else looks at them, so that
-- no message, "did you mean" hint or record holds a name of a megabyte.
local NAME_MAX, NAME_REF_MAX = core.NAME_MAX, core.NAME_REF_MAX

-- "is too long: N bytes (at most M): 'start...'"
local function too_long(s, max, how)
  return string.format("is too long: %d bytes (at most %d%s): '%s...'", #s, max, how or "",
    s:sub(1, 24))
end

-- Fields that hold a name, or a list of names, of something defined elsewhere.
local name_fields = { chain = true, entity = true, algo = true, sequence = true, layer = true,
  color = true }
local name_lists = { decorators = true, requires = true, chains = true, components = true }

-- Problems with names of the definition that are too long; true when there is none.
local function check_name_lengths(kind, def, where)
  local what = "cairn." .. kind
  local ok = true
  local function check(s, fmt, ...)
    if type(s) == "string" and #s > NAME_REF_MAX then
      problem(where, "%s: %s %s", what, string.format(fmt, ...), too_long(s, NAME_REF_MAX))
      ok = false
    end
  end
  for k, v in pairs(def) do
    if name_fields[k] and type(v) == "string" then
      check(v, "'%s'", k)
    elseif name_lists[k] and type(v) == "table" then
      for i, item in ipairs(v) do check(item, "'%s' item %d", k, i) end
    elseif k == "handlers" and type(v) == "table" then
      for chain in pairs(v) do check(chain, "a chain name in '%s'", k) end
    elseif (k == "steps" or k == "sequence") and type(v) == "table" then
      for i, step in ipairs(v) do
        if type(step) == "table" then
          check(step.action, "step %d: '%s'", i, "action")
          check(step.movs, "step %d: '%s'", i, "movs")
        end
      end
    end
  end
  return ok
end

-- Stats that are the entity's own fields in a definition.
local not_stats = { algo = "algo", sequence = "sequence", step = "sequence" }

local function check_shape(kind, def, where)
  local what = "cairn." .. kind
  local spec = fields[kind]
  if not check_name_lengths(kind, def, where) then return false end
  local ok = true
  local required = not def.extend -- extending gives only what changes
  if kind == "handler" and (def.override or def.extend) then
    problem(where, "%s: handlers have no name, so nothing to override or extend; add another " ..
      "handler instead", what)
    ok = false
  end
  if kind == "entity" and type(def.glyph) == "string" and utf8.len(def.glyph) ~= 1 then
    problem(where, "%s: a glyph is one character (UTF-8), not '%s'", what, def.glyph)
    ok = false
  end
  if kind == "entity" and type(def.color) == "string" and not colors[def.color] then
    problem(where, "%s: color '%s' is not one of black, red, green, yellow, blue, magenta, " ..
      "cyan, white or their bright_ kinds (bright_red, ...)%s", what, def.color,
      util.hint(def.color, color_names))
    ok = false
  end
  if kind == "entity" and type(def.stats) == "table" then
    for k in pairs(def.stats) do
      if not_stats[k] then
        problem(where, "%s: '%s' is not given in stats: write the entity's own '%s' field", what,
          k, not_stats[k])
        ok = false
      end
    end
  end
  for k, v in pairs(def) do
    if k ~= "override" and k ~= "extend" then
      local s = type(k) == "string" and spec[k]
      local renamed = renamed_fields[kind] and renamed_fields[kind][k]
      if renamed then
        problem(where, "%s: unknown field '%s': write '%s'", what, k, renamed)
        ok = false
      elseif not s then
        problem(where, "%s: unknown field '%s'%s", what, tostring(k),
          type(k) == "string" and util.hint(k, names_of(spec)) or "")
        ok = false
      else
        local want, got = bad_value(s, v)
        if want then
          problem(where, "%s: '%s' must be %s, not %s", what, k, want, got)
          ok = false
        end
      end
    end
  end
  if kind == "entity" and type(def.layer) == "string" and not layers[def.layer] then
    problem(where, "%s: layer '%s' is not one of floor, trap, item, wall, real, projectile, misc%s",
      what, def.layer, util.hint(def.layer, names_of(layers)))
    ok = false
  end
  if kind == "handler" and type(def.rank) == "string" and not ranks[def.rank] then
    problem(where, "%s: rank '%s' is not one of highest, high, medium, low, lowest", what, def.rank)
    ok = false
  end
  for _, key in ipairs(required_fields[kind] or {}) do
    if def[key] == nil and (required or kind == "handler") then
      problem(where, "%s: '%s' is required", what, key)
      ok = false
    end
  end
  if kind == "game" then
    for _, key in ipairs({ "width", "height", "floors" }) do
      local v = def[key]
      if type(v) == "number" and (math.type(v) ~= "integer" or v < 1 or v > 4096) then
        problem(where, "%s: '%s' must be a whole number from 1 to 4096, not %s", what, key,
          tostring(v))
        ok = false
      end
    end
  end
  if kind == "game" then ok = check_watching(where, def, what) and ok end
  if kind == "game" and type(def.turns) == "table" then
    ok = check_turns(where, def.turns, what) and ok
  end
  if kind == "sequence" and type(def.steps) == "table" then
    ok = check_steps(where, def.steps, what) and ok
  end
  if kind == "entity" and type(def.sequence) == "table" then
    ok = check_steps(where, def.sequence, what) and ok
  end
  for _, key in ipairs({ "data" }) do
    if type(def[key]) == "table" then
      local copied, err = pcall(data.check, def[key], key)
      if not copied then
        problem(where, "%s: %s", what, util.unplace(tostring(err)))
        ok = false
      end
    end
  end
  return ok
end

local NAME = "^[%a_][%w_%.%-]*$"

-- Adds a definition to the record. Names are the pack's own ("skeleton" in pack crypt is
-- "crypt:skeleton"); a full name from another pack may be given only to override or extend
-- a definition that exists.
local function add(pack, kind, def, where)
  if type(def) ~= "table" then
    problem(where, "cairn.%s takes a table, not a %s", kind, type(def))
    return
  end
  -- Checked as copied, so that later changes to the caller's table change nothing.
  local copy, why = util.plain_fields(def)
  if not copy then
    problem(where, "cairn.%s takes %s", kind, why)
    return
  end
  def = copy
  local checked, fine = pcall(check_shape, kind, def, where)
  if not checked then
    -- a table inside that cannot be walked (a key with no order): the definition's fault
    problem(where, "cairn.%s: %s", kind, util.unplace(tostring(fine)))
    return
  end
  if not fine then return end
  local entry = { kind = kind, def = def, pack = pack, where = where }
  if kind == "handler" then
    table.insert(record.handler, entry)
    return entry
  end
  local name = def.name
  if type(name) ~= "string" then
    problem(where, "cairn.%s: 'name' is required", kind)
    return
  end
  local full = (name:find(":", 1, true) or kind == "source") and name or pack.id .. ":" .. name
  if #full > NAME_MAX then
    problem(where, "cairn.%s: name %s", kind,
      too_long(full, NAME_MAX, kind ~= "source" and " in full, with the pack's id" or nil))
    return
  end
  full = name
  if not name:find(":", 1, true) then
    if not name:match(NAME) then
      problem(where, "cairn.%s: name '%s' may hold letters, digits, '_', '.' and '-' only, " ..
        "starting with a letter or '_'", kind, name)
      return
    end
    full = pack.id .. ":" .. name
  end
  if kind == "source" then full = name end -- attack sources are few and shared by all
  entry.name = full
  local old = by_name[kind][full]
  if def.override or def.extend then
    if def.override and def.extend then
      problem(where, "cairn.%s '%s': override or extend, not both", kind, full)
      return
    end
    if not old then
      problem(where, "cairn.%s '%s': there is no such %s to %s", kind, full, kind,
        def.override and "override" or "extend")
      return
    end
    if def.override then
      old.def, old.where, old.pack = def, where, pack
    else
      define.merge(old.def, def)
      old.where = old.where .. " (extended at " .. where .. ")"
    end
    return old
  end
  if old then
    problem(where, "cairn.%s '%s' is already defined at %s; say override = true to replace " ..
      "it or extend = true to add to it", kind, full, old.where)
    return
  end
  if full ~= pack.id .. ":" .. name and kind ~= "source" then
    problem(where, "cairn.%s: '%s' is another pack's name; a pack defines names of its own, " ..
      "or overrides or extends another's with override = true or extend = true", kind, name)
    return
  end
  by_name[kind][full] = entry
  table.insert(record[kind], entry)
  return entry
end

-- extend = true: fields replace fields, but stats and data are merged key by key, handlers
-- add to the original's (both run, the original's first) and lists (decorators,
-- requires, chains, components) are appended to.
local merged_maps = { stats = true, data = true }
local merged_handlers = { handlers = true }
local merged_lists = { decorators = true, requires = true, chains = true, components = true }

-- The fields an extension never changes: the name stays the original's.
local keeps_original = { extend = true, name = true }

-- A chain handled by both keeps both handlers, the original's first. Either side may be one
-- handler, a list of them, or nil (a chain only the other side handles): each side is added
-- on its own, so that a list never starts with nil.
local function merged_handler_map(old, new)
  local m = util.copy_shallow(old)
  for chain, h in pairs(new) do
    local list = {}
    local function add_side(side)
      if type(side) == "table" and side.fn == nil then
        for _, one in ipairs(side) do list[#list + 1] = one end
      elseif side ~= nil then
        list[#list + 1] = side
      end
    end
    add_side(m[chain])
    add_side(h)
    m[chain] = list
  end
  return m
end

-- The value of field k once an extension's new value meets the original's old one.
local function merged_field(k, old, new)
  if type(old) ~= "table" then return new end
  if merged_handlers[k] then return merged_handler_map(old, new) end
  if merged_maps[k] then
    local m = util.copy(old)
    for mk, mv in pairs(new) do m[mk] = mv end
    return m
  end
  if merged_lists[k] then
    local l = util.copy(old)
    for _, item in ipairs(new) do l[#l + 1] = item end
    return l
  end
  return new
end

function define.merge(into, from)
  for k, v in pairs(from) do
    if not keeps_original[k] then into[k] = merged_field(k, into[k], v) end
  end
end

-- cairn.dir: the eight directions by name, clockwise from north; y grows southwards. Each
-- pack gets its own table (dir_module), so no pack can change another's.
local ALL = util.DIRS
local index = {}
for i, d in ipairs(ALL) do index[d] = i - 1 end
local deltas = util.copy_shallow(util.DELTA)
deltas.none = { 0, 0 }
-- The name of each pair of signs (dx, dy in -1..1), at dy * 3 + dx: toward looks its answer
-- up rather than searching deltas.
local by_signs = {}
for name, v in pairs(deltas) do by_signs[v[2] * 3 + v[1]] = name end

local function check_dir(d)
  if not deltas[d] then
    error("bad direction '" .. tostring(d) .. "' (n, ne, e, se, s, sw, w, nw or none)", 3)
  end
  return d
end

local function dir_module()
  return {
    all = { table.unpack(ALL) },
    -- dx, dy of one step
    delta = function(d)
      local v = deltas[check_dir(d)]
      return v[1], v[2]
    end,
    -- turned by steps of 45 degrees, clockwise for positive steps
    rotate = function(d, steps)
      check_dir(d)
      if math.type(steps) ~= "integer" then
        error("cairn.dir.rotate: steps must be a whole number, not " .. tostring(steps), 2)
      end
      if d == "none" then return "none" end
      return ALL[(index[d] + steps) % 8 + 1]
    end,
    opposite = function(d)
      if check_dir(d) == "none" then return "none" end
      return ALL[(index[d] + 4) % 8 + 1]
    end,
    -- the direction of a delta by its signs: (3, -7) is "ne"
    toward = function(dx, dy)
      if type(dx) ~= "number" or type(dy) ~= "number" then
        error("cairn.dir.toward takes two numbers", 2)
      end
      local sx = dx > 0 and 1 or dx < 0 and -1 or 0
      local sy = dy > 0 and 1 or dy < 0 and -1 or 0
      return by_signs[sy * 3 + sx]
    end,
  }
end

-- What libraries add to the `cairn` module: { name =, make = function(pack) }.
local extras = {}

-- An extension point: `cairn.<name>` for every pack, what make(pack) returns (scripts/cards
-- adds resolve and cards). Called while the runtime's scripts load, before any pack.
function define.add_extra(name, make)
  extras[#extras + 1] = { name = name, make = make }
end

-- The `cairn` module of one pack.
function define.module(pack)
  local cairn = {}
  for _, kind in ipairs(define.kinds) do
    if kind ~= "source" then
      cairn[kind] = function(def)
        add(pack, kind, def, util.where(2))
      end
    end
  end
  function cairn.source(name)
    if type(name) ~= "string" or not name:match(NAME) then
      problem(util.where(2), "cairn.source takes a name of letters, digits, '_', '.' and '-', " ..
        "starting with a letter or '_'")
      return
    end
    add(pack, "source", { name = name }, util.where(2))
  end
  for _, x in ipairs(extras) do cairn[x.name] = x.make(pack) end
  cairn.world = host.world -- C, so that its errors name the caller's line
  cairn.pack = pack.id
  cairn.version = host.version
  cairn.dir = dir_module()
  return cairn
end

return define
