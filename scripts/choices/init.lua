-- choices/init.lua: what an actor can choose to do now (cairn.choice), the prompts a choice asks
-- before it is committed, and performing it in the beat.
--
-- A choice is committed outside the beat: its prompts (a target, an option, a number, yes or
-- no) are asked one at a time, in a queue sorted by priority, and answered by a decider - the
-- terminal through the session's calls, a bot, a replay or a test through a table of answers
-- or a function. Once the queue is empty the choice is the actor's input for the next beat:
-- the core action it names, or the built-in action `perform`, whose turn in the players phase
-- calls the choice's perform function (core.set_perform below).
--
-- Every answer is also written as text, "name=value;..." in the order given, so that the
-- session can log a beat's choice and give it again (undo, replays): the same text comes to
-- the same answers on the same world.
local core = require("cairn.core")
local define = require("lua.define")
local host = require("cairn.host")
local util = require("lua.util")
local choices = {}

-- Keys the play screen keeps for itself: moving, undo, help, quitting, scrolling, travel and
-- auto-explore.
choices.RESERVED_KEYS = "hjklyubnU0123456789?Qq<>_o"

local KINDS = { pick = true, number = true, confirm = true, select = true }
local AMONG = { direction = true, cell = true, entity = true }
local DIRS, DELTA = util.DIRS, util.DELTA
-- The layers an entity target may be on, topmost first: the floor is never a target.
local TARGET_LAYERS = { "real", "projectile", "misc", "item", "trap", "wall" }

-- Checking definitions ---------------------------------------------------------------------

-- What each field of a prompt may be: a type name, or a list of them.
local PROMPT_FIELDS = { name = "string", kind = "string", text = { "string", "function" },
  options = { "table", "function" }, min = "number", max = { "number", "function", "string" },
  among = "string", range = { "number", "function" }, area = "number", filter = "function",
  priority = { "number", "boolean" }, next = "function", cancel = "function",
  not_distinct = "boolean" }
local PROMPT_NAMES = {}
for k in pairs(PROMPT_FIELDS) do PROMPT_NAMES[#PROMPT_NAMES + 1] = k end
table.sort(PROMPT_NAMES)

local function fits(spec, v)
  if type(spec) == "string" then return type(v) == spec end
  for _, t in ipairs(spec) do
    if type(v) == t then return true end
  end
  return false
end

local function spec_text(spec)
  if type(spec) == "string" then return "a " .. spec end
  return "a " .. table.concat(spec, " or a ")
end

-- Raises what is wrong with prompt `p` of a choice (`what` says which), or returns it.
local function check_prompt(p, what)
  if type(p) ~= "table" then error(what .. " is a table, not a " .. type(p), 0) end
  for k, v in pairs(p) do
    local spec = PROMPT_FIELDS[k]
    if not spec then
      error(string.format("%s: unknown field '%s'%s", what, tostring(k),
        util.hint(tostring(k), PROMPT_NAMES)), 0)
    end
    if not fits(spec, v) then
      error(string.format("%s: '%s' is %s, not a %s", what, k, spec_text(spec), type(v)), 0)
    end
  end
  if not p.name then error(what .. ": 'name' is required", 0) end
  if not p.name:match("^[%a_][%w_]*$") then
    error(string.format("%s: the name '%s' may hold letters, digits and '_'", what, p.name), 0)
  end
  if not KINDS[p.kind] then
    error(string.format("%s: 'kind' is pick, number, confirm or select, not %s", what,
      p.kind and ("'" .. tostring(p.kind) .. "'" .. util.hint(p.kind, { "pick", "number",
        "confirm", "select" })) or "missing"), 0)
  end
  if p.kind == "select" and not AMONG[p.among] then
    error(string.format("%s: a select prompt's 'among' is direction, cell or entity, not %s",
      what, p.among and ("'" .. tostring(p.among) .. "'") or "missing"), 0)
  end
  if p.kind == "pick" and p.options == nil then
    error(what .. ": a pick prompt needs 'options'", 0)
  end
  if p.kind == "number" and p.max == nil then
    error(what .. ": a number prompt needs 'max'", 0)
  end
  return p
end

-- Checks a choice's definition beyond its fields' types (define.lua checked those); raises
-- what is wrong. `taken` maps a pack's keys ("pack key") to the choices that have them so far:
-- a pack's choices may not share a key, but two packs' may (an actor rarely has both: the
-- play screen gives a key to the first choice listed).
function choices.check(e, taken)
  local def = e.def
  if (def.action == nil) == (def.perform == nil) then
    error("a choice has an action or a perform function (one of them)", 0)
  end
  if def.action then
    local id = core.find("action", def.action)
    if not id then error("unknown action '" .. def.action .. "'" .. util.hint(def.action,
      core.names("action")), 0) end
  end
  if def.key ~= nil and def.key ~= "direction" then
    if not def.key:match("^[!-~]$") then
      error("a choice's key is one printable character or \"direction\", not '" .. def.key ..
        "'", 0)
    end
    if choices.RESERVED_KEYS:find(def.key, 1, true) then
      error("the key '" .. def.key .. "' moves, undoes, helps, travels or quits in the play " ..
        "screen; take another", 0)
    end
  end
  local slot = def.key and (e.pack.id .. " " .. def.key)
  if slot and taken[slot] and def.key ~= "direction" then
    error(string.format("the key '%s' is %s's already", def.key, taken[slot]), 0)
  end
  if def.target ~= nil then
    local t = util.copy_shallow(def.target)
    t.name, t.kind = t.name or "target", t.kind or "select"
    check_prompt(t, "its target")
    if t.kind ~= "select" then error("its target is a select prompt", 0) end
  end
  if type(def.prompts) == "table" then
    for i, p in ipairs(def.prompts) do check_prompt(p, "prompt " .. i) end
  end
  if slot then taken[slot] = e.name end
end

-- Listing --------------------------------------------------------------------------------

local function call(e, fn, ...)
  local ok, a, b = pcall(fn, ...)
  if not ok then error(e.where .. ": " .. util.unplace(tostring(a)), 0) end
  return a, b
end

local function label_of(e, actor)
  local label = e.def.label
  if type(label) == "function" then label = call(e, label, actor) end
  return type(label) == "string" and label or e.def.name
end

-- Whether the choice is open to the actor: true; false and why; or nil when it is not for
-- the actor at all (not listed).
local function availability(e, actor)
  if actor:is_dead() then return false, "dead" end
  if not e.def.available then return true end
  local ok, why = call(e, e.def.available, actor)
  if ok then return true end
  if why == nil then return nil end
  return false, tostring(why)
end

-- The actor's choices, in the order they were defined (hidden ones left out).
function choices.list(actor)
  local list = {}
  for _, e in ipairs(define.record.choice) do
    local open, why = availability(e, actor)
    if open ~= nil then
      list[#list + 1] = { name = e.name, label = label_of(e, actor), key = e.def.key or "",
        available = open, reason = why }
    end
  end
  return list
end

function choices.find(name)
  return define.find("choice", name)
end

-- The prompts ---------------------------------------------------------------------------

local function chebyshev(a, x, y)
  return math.max(math.abs(a.x - x), math.abs(a.y - y))
end

local function value_of(e, r, v)
  if type(v) == "function" then return call(e, v, r.actor, r.answers) end
  return v
end

-- Whether an enemy of a's stands at (x, y): someone alive that acts of itself (Acting: not a
-- crate) on a team a's attacks are for.
local function enemy_at(w, a, x, y)
  local e = w:at(x, y)
  if not (e and e ~= a and not e:is_dead() and e:has("Acting")) then return false end
  local ok, teams = pcall(function() return a.targets end)
  for _, team in ipairs(ok and teams or {}) do
    if e.team == team then return true end
  end
  return false
end

-- The candidates of a cell or entity prompt with those on an enemy's cell first, each part in
-- the order it had: a front end's cursor starts on the first, which is then the nearest
-- enemy - not a crate, nor an empty cell next to the actor (where a bomb would land on it).
local function enemies_first(a, found, cells)
  local w = host.world()
  local order, enemy = {}, {}
  for i = 1, #found do
    order[i], enemy[i] = i, enemy_at(w, a, cells[i][1], cells[i][2])
  end
  table.sort(order, function(i, j)
    if enemy[i] ~= enemy[j] then return enemy[i] end
    return i < j
  end)
  local f, c = {}, {}
  for k, i in ipairs(order) do f[k], c[k] = found[i], cells[i] end
  return f, c
end

-- What the candidates of a select prompt are: among directions, in the order of DIRS, with
-- why the filter refused each one it gave a reason for (way -> text); among cells and
-- entities, enemies first (enemies_first), each part nearest first (then by row, then
-- column).
local function candidates(e, r, p, range)
  local w, a = host.world(), r.actor
  local found, cells = {}, {}
  local function keep(v, x, y)
    if p.filter then
      local ok, why = call(e, p.filter, a, v, r.answers)
      if not ok then return why end
    end
    found[#found + 1] = v
    cells[#cells + 1] = { x, y }
  end
  if p.among == "direction" then
    local refused = {}
    for _, d in ipairs(DIRS) do
      local x, y = a.x + DELTA[d][1], a.y + DELTA[d][2]
      local why = keep(d, x, y)
      if type(why) == "string" then refused[d] = why end
    end
    return found, cells, refused
  end
  -- The square within range, on the grid, nearest first: rows and columns in order within a
  -- distance, so that the order never depends on anything but the cells.
  local around = {}
  for y = math.max(0, a.y - range), math.min(w.height - 1, a.y + range) do
    for x = math.max(0, a.x - range), math.min(w.width - 1, a.x + range) do
      around[#around + 1] = { x, y, chebyshev(a, x, y) }
    end
  end
  table.sort(around, function(c, d)
    if c[3] ~= d[3] then return c[3] < d[3] end
    if c[2] ~= d[2] then return c[2] < d[2] end
    return c[1] < d[1]
  end)
  for _, c in ipairs(around) do
    local x, y = c[1], c[2]
    if p.among == "cell" then
      if c[3] > 0 then keep({ x = x, y = y }, x, y) end
    else
      for _, layer in ipairs(TARGET_LAYERS) do
        local t = w:at(x, y, layer)
        if t and t ~= a and not t:is_dead() then keep(t, x, y) end
      end
    end
  end
  return enemies_first(a, found, cells)
end

local function option(v)
  if type(v) == "table" and getmetatable(v) == nil and v.value ~= nil then
    return { value = v.value, label = tostring(v.label or v.value) }
  end
  if type(v) == "userdata" then -- an entity: its type's short name
    return { value = v, label = util.spoken(v.type) }
  end
  return { value = v, label = tostring(v) }
end
choices.option = option

-- A prompt as deciders see it: its fields worked out on the world as it is now.
local function materialize(r, p)
  local e = r.entry
  local m = { choice = e.name, label = r.label, name = p.name, kind = p.kind, actor = r.actor,
    text = tostring(value_of(e, r, p.text) or p.name), cancel_costs = p.cancel ~= nil }
  if p.kind == "pick" then
    local list = value_of(e, r, p.options)
    if type(list) ~= "table" then
      error(string.format("%s: the options of prompt '%s' are a list, not a %s", e.where,
        p.name, type(list)), 0)
    end
    m.options = {}
    for i, v in ipairs(list) do m.options[i] = option(v) end
  elseif p.kind == "number" then
    local max = p.max
    if type(max) == "string" then
      local a = r.actor
      local ok, stat = pcall(function() return a[max] end) -- a stat the actor may not have
      max = ok and stat or a.data[max]
    else
      max = value_of(e, r, max)
    end
    m.min, m.max = math.tointeger(p.min or 0), math.tointeger(max)
    if not (m.min and m.max) then
      error(string.format("%s: the limits of prompt '%s' are whole numbers (max is %s)",
        e.where, p.name, tostring(max)), 0)
    end
  elseif p.kind == "select" then
    m.among = p.among
    m.range = math.tointeger(value_of(e, r, p.range) or 1) or 1
    m.area = math.tointeger(p.area or 0) or 0
    m.x, m.y = r.actor.x, r.actor.y
    m.candidates, m.cells, m.refused = candidates(e, r, p, m.range)
  end
  return m
end

-- Takes an answer for prompt m: a Lua value or the text a front end, a replay or the log
-- gives. Returns the answer and its text, or nil and why not.
local take = {}

-- Each function takes (prompt, value, text): `text` says the value is the text a front end,
-- a replay or the log gives ("yes", "12", "3,4", "#40", an option's number); else it is a
-- Lua value (true, 12, { x = 3, y = 4 }, an entity, an option's value or number).
function take.confirm(_, v, text)
  if v == (text and "yes" or true) then return true, "yes" end
  if v == (text and "no" or false) then return false, "no" end
  return nil, text and "yes or no" or "true or false"
end

local function integer(v, text)
  if text then return type(v) == "string" and v:match("^%-?%d+$") and math.tointeger(tonumber(v)) end
  return math.tointeger(v)
end

function take.number(m, v, text)
  local n = integer(v, text)
  if not n or n < m.min or n > m.max then
    return nil, string.format("a whole number from %d to %d", m.min, m.max)
  end
  return n, tostring(n)
end

function take.pick(m, v, text)
  if not text then
    for k, o in ipairs(m.options) do
      if o.value == v then return o.value, tostring(k) end
    end
  end
  local i = integer(v, text)
  if i and m.options[i] then return m.options[i].value, tostring(i) end
  local labels = {}
  for k, o in ipairs(m.options) do labels[k] = o.label end
  return nil, "one of the options (" .. table.concat(labels, ", ") .. ") or its number"
end

local function cell_of(v, text)
  if text then
    local x, y = v:match("^(%d+),(%d+)$")
    if x then return math.tointeger(tonumber(x)), math.tointeger(tonumber(y)) end
  elseif type(v) == "table" and getmetatable(v) == nil then
    return math.tointeger(v.x), math.tointeger(v.y)
  end
end

function take.select(m, v, text)
  if m.among == "direction" then
    for _, d in ipairs(m.candidates) do
      if d == v then return d, d end
    end
    if m.refused and m.refused[v] then return nil, m.refused[v], true end
    return nil, "one of the directions " .. table.concat(m.candidates, ", ")
  end
  if text and type(v) ~= "string" then return nil, "a cell X,Y or an entity #ID" end
  local x, y = cell_of(v, text)
  local id = text and math.tointeger(tonumber(v:match("^#(%d+)$") or ""))
  for i, c in ipairs(m.candidates) do
    local cx, cy = m.cells[i][1], m.cells[i][2]
    if m.among == "cell" and x == cx and y == cy then return c, cx .. "," .. cy end
    if m.among == "entity" and ((not text and c == v) or id == c.id or (x == cx and y == cy)) then
      return c, "#" .. c.id
    end
  end
  local what = m.among == "cell" and "a cell" or "an entity"
  return nil, string.format("%s within %d cells that it may target", what, m.range)
end

-- Resolving: the queue of prompts -------------------------------------------------------

local function priority(p)
  if p.priority == true then return 1 end
  return p.priority or 0
end

-- Puts prompts in the queue, which stays sorted by priority, higher first, and in the
-- order of arrival among equals.
local function enqueue(r, list, what)
  for _, p in ipairs(list) do
    r.arrivals = r.arrivals + 1
    r.queue[#r.queue + 1] = { def = p, order = r.arrivals }
  end
  table.sort(r.queue, function(a, b)
    local pa, pb = priority(a.def), priority(b.def)
    if pa ~= pb then return pa > pb end
    return a.order < b.order
  end)
  if what then
    for _, q in ipairs(r.queue) do check_prompt(q.def, what) end
  end
end

-- The prompts a definition's `optional` and `target` make, in the order they are asked:
-- the yes or no first, then the target (a select prompt named "target" unless it says).
function choices.lead_prompts(def)
  local list = {}
  if def.optional then
    list[#list + 1] = { name = "optional", kind = "confirm", text = def.optional,
      priority = math.huge }
  end
  if def.target then
    local t = util.copy_shallow(def.target)
    t.name, t.kind = t.name or "target", "select"
    list[#list + 1] = t
  end
  return list
end

-- Begins committing the entry's choice for the actor: raises why when it is not open.
function choices.begin(actor, entry)
  local open, why = availability(entry, actor)
  if not open then
    error(string.format("%s is not possible now%s", label_of(entry, actor),
      why and (": " .. why) or ""), 0)
  end
  local def = entry.def
  local r = { actor = actor, entry = entry, label = label_of(entry, actor), answers = {},
    given = {}, queue = {}, arrivals = 0 }
  local first = choices.lead_prompts(def)
  local rest = def.prompts
  if type(rest) == "function" then rest = call(entry, rest, actor, r.answers) end
  for _, p in ipairs(rest or {}) do first[#first + 1] = p end
  enqueue(r, first, type(def.prompts) == "function" and
    (entry.where .. ": cairn.choice '" .. entry.name .. "': a prompt") or nil)
  return r
end

-- The prompt waiting, worked out, or nil when the queue is empty. A select prompt with
-- nothing to select ends the choice: raises why.
function choices.prompt(r)
  if r.current then return r.current end
  local q = r.queue[1]
  if not q then return nil end
  local m = materialize(r, q.def)
  if m.kind == "select" and #m.candidates == 0 then
    r.dropped = true
    error(string.format("%s: nothing to choose for '%s'", r.label, m.text), 0)
  end
  if m.kind == "pick" and #m.options == 0 then
    r.dropped = true
    error(string.format("%s: nothing to choose for '%s'", r.label, m.text), 0)
  end
  r.current = m
  return m
end

local function settle(r, value, text)
  local q = table.remove(r.queue, 1)
  local m = r.current
  r.current = nil
  r.answers[m.name] = value
  r.given[#r.given + 1] = m.name .. "=" .. text
  if m.kind == "confirm" and m.name == "optional" and value == false then
    r.dropped = true
    return
  end
  if q.def.next then
    local more = call(r.entry, q.def.next, r.actor, r.answers)
    if more ~= nil and type(more) ~= "table" then
      error(string.format("%s: the 'next' of prompt '%s' returns a list of prompts, not a %s",
        r.entry.where, m.name, type(more)), 0)
    end
    enqueue(r, more or {}, r.entry.where .. ": cairn.choice '" .. r.entry.name ..
      "': a prompt from the 'next' of '" .. m.name .. "'")
  end
end

-- The text answer `text` to prompt m (materialize's shape) as the log keeps it, or nil and
-- what the prompt takes instead.
function choices.take_text(m, text)
  local value, said = take[m.kind](m, text, true)
  if value == nil then return nil, said end
  return said
end

-- Answers the waiting prompt, with a Lua value or (`is_text`) a text; raises why when the
-- prompt does not take it (the prompt still waits): the filter's own words for a direction
-- it refused with a reason, else what the prompt takes.
function choices.answer(r, v, is_text)
  local m = choices.prompt(r)
  if not m then error("no prompt is waiting", 0) end
  local value, text, refused = take[m.kind](m, v, is_text)
  if value == nil then
    if refused then error(text, 0) end
    error(string.format("%s: '%s' takes %s", r.label, m.text, text), 0)
  end
  settle(r, value, text)
end

-- Cancels the waiting prompt. With a cancel effect the choice is committed with it, and
-- returns true; else the choice is dropped.
function choices.cancel(r)
  local m = choices.prompt(r)
  local q = r.queue[1]
  if m and q.def.cancel then
    r.given[#r.given + 1] = m.name .. "=!"
    r.cancelled = q.def.cancel
    r.current, r.queue = nil, {}
    return true
  end
  r.dropped = true
  return false
end

function choices.done(r)
  return r.cancelled ~= nil or r.dropped or (r.current == nil and #r.queue == 0)
end

-- The answers as text, as the log keeps them: "-" when there were none.
function choices.text(r)
  return #r.given > 0 and table.concat(r.given, ";") or "-"
end

-- A decider from answers: a function(prompt) -> answer is one already (nil cancels); a table
-- gives the answer under the prompt's name ("!" cancels), and raises naming the prompt when
-- it has none.
local function decider_of(answers, entry)
  if type(answers) == "function" then return answers end
  answers = answers or {}
  return function(m)
    local v = answers[m.name]
    if v == nil then
      local what = m.kind == "select" and ("select " .. (m.among == "entity" and "an entity" or
        "a " .. m.among)) or m.kind
      error(string.format("choice '%s': prompt '%s' (%s) was left unanswered", entry.name,
        m.name, what), 0)
    end
    return v
  end
end
choices.decider_of = decider_of

-- The recorded text as a decider: name=value pairs; "!" cancels.
function choices.recorded(text)
  local given = {}
  if text ~= "-" then
    for name, value in text:gmatch("([%w_]+)=([^;]*)") do given[name] = value end
  end
  return given
end

-- Commits a choice with every prompt answered by the decider at once (`is_text`: its answers
-- are texts, as the log keeps them). Returns the resolution (choices.commit makes it the
-- actor's input), or nil when it was dropped.
function choices.resolve(actor, entry, answers, is_text)
  local decide = decider_of(answers, entry)
  local r = choices.begin(actor, entry)
  while not choices.done(r) do
    local m = choices.prompt(r)
    local v = decide(m)
    if v == nil or v == "!" then
      choices.cancel(r)
    else
      choices.answer(r, v, is_text)
    end
  end
  if r.dropped then return nil end
  return r
end

-- Performing -----------------------------------------------------------------------------

-- Entity id -> the committed choice its `perform` turn runs, and the beat it is for. Filled
-- outside the beat, emptied by that beat's perform (or a new world); a choice whose beat
-- went by unperformed (act_check vetoed it) is stale, and never runs.
local committed = {}

function choices.reset()
  committed = {}
end

-- Makes the resolved choice the actor's input for the next beat.
function choices.commit(r)
  local def, a = r.entry.def, r.actor
  local dir = r.answers.target
  if type(dir) ~= "string" then dir = "none" end
  if def.action and not r.cancelled then
    a:input(def.action, dir)
    committed[a.id] = nil
  else
    committed[a.id] = { fn = r.cancelled or def.perform, answers = r.answers, entry = r.entry,
      beat = host.world().beat + 1 }
    a:input("perform", dir)
  end
end

-- The `perform` action's turn: the committed choice's function, run as the actor's act.
function choices.perform(actor, _, ev)
  local c = committed[actor.id]
  if not c or c.beat ~= host.world().beat then
    error(tostring(actor) .. " performs, but no choice was committed for it", 0)
  end
  committed[actor.id] = nil
  local ok, result = pcall(c.fn, actor, c.answers, ev)
  if not ok then error(c.entry.where .. ": " .. util.unplace(tostring(result)), 0) end
  return result ~= false
end

-- What the pending table holds now, for a preview to put back.
function choices.save_committed()
  return util.copy_shallow(committed)
end

function choices.restore_committed(saved)
  committed = saved
end

-- For entities: e:choices() and e:choose(name, answers) (runtime/lua/entity.c).
function choices.of(actor)
  return choices.list(actor)
end

function choices.choose(actor, name, answers)
  local entry = choices.find(name)
  -- Only a PlayerControl entity takes input: say so before asking anything.
  if not actor:has("PlayerControl") then
    error(tostring(actor) .. " has no PlayerControl", 0)
  end
  local r = choices.resolve(actor, entry, answers)
  if r then choices.commit(r) end
  return r ~= nil
end

return choices
