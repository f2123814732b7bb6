-- turns.lua: the turn model a game chooses (cairn.game's `turns`; docs/cards.md, "Turn
-- models"). In the beats model, the default, every character acts every beat and this file
-- does nothing. In the initiative model one character at a time is active: only it acts in a
-- beat (the core's gate, w:set_active), each of its beats costs it action points, and when it
-- has none left or passes, the next in the round's order with points left becomes active;
-- when none is left, a new round begins: every character's points are refilled, the order is
-- made again and the game's `reset` runs. A character's turn starts as it becomes active and
-- ends as it hands on: its statuses that decay at "turn_start" and "turn_end" decay then
-- (e:decay). The sides model is initiative played side by side:
-- the round's order is every character of the first side (the players', unless the game's
-- `side` says otherwise), then the next side's; and a character may walk several cells as
-- one action (turns.walk): the walk is played out once on a copy of the world as a schedule
-- (w:schedule), between beats, and its outcome put into the world (w:apply), at a point a
-- step.
--
-- The state is the world's, in w.data.turns, so that saves, undo, replays and schedules keep
-- it as they keep the rest:
--   model   "initiative"
--   round   the round under way, from 1 (the cards library's turn: cards/abilities.lua)
--   order   the ids of the round's characters, in the order they act
--   points  their action points left, by position in `order`
--   at      the position of the active one in `order`, or 0 for none
--   passed  the active one passed in the beat under way
--   extra   points the active one spent in the beat under way besides the beat's own
--   sides   the side of each, by position in `order` (the sides model)
--   walk    the walk the active one chose in the beat under way: { id, x, y }, or false
-- The game's functions (order, reset, cost, actions) are not data: the session hands the
-- definition over as a game starts or resumes (turns.attach).
local compile = require("lua.compile")
local core = require("cairn.core")
local data = require("lua.data")
local define = require("lua.define")
local host = require("cairn.host")
local turns = {}

turns.DEFAULT_ACTIONS = 2

local spec = nil -- the game's `turns` table, when its model is not beats

-- While a walk is played out on a copy of the world (turns.after_beat): its beats are the
-- walker's, and nothing is paid or handed on in them; what a hand-on does (statuses decaying,
-- a new round) would come back in the outcome's hp, and happen again in the world.
local walking = false

-- What a library starts as a turn of the game begins (turns.add_round_part): the cards'
-- new turn.
local round_parts = {}

-- The longest run of beats a session step may take waiting for a player's turn: past it the
-- game is stuck (no player has points, or none acts).
turns.MAX_BEATS = 100000

local function state()
  if not spec then return nil end
  local t = data.real(host.world().data).turns
  return t and data.real(t)
end

local function alive(w, id)
  local e = w:entity(id)
  if e and not e:is_dead() then return e end
  return nil
end

-- The characters: the living entities on the real layer that can act.
local function characters(w)
  local list = {}
  for _, e in ipairs(w:entities()) do
    if e.layer == "real" and not e:is_dead() and e:has("Acting") then list[#list + 1] = e end
  end
  return list
end

local function initiative_of(e)
  local v = e.data.initiative
  return type(v) == "number" and v or 0
end

-- The default order: higher e.data.initiative first, then the earlier spawned.
local function default_order(_, list)
  table.sort(list, function(a, b)
    local ia, ib = initiative_of(a), initiative_of(b)
    if ia ~= ib then return ia > ib end
    return a.spawn_order < b.spawn_order
  end)
  return list
end

local function actions_of(w, e)
  local a = spec.actions
  if type(a) == "function" then a = a(w, e) end
  if a == nil then a = turns.DEFAULT_ACTIONS end
  if math.type(a) ~= "integer" or a < 0 then
    error(string.format("turns: actions must be a whole number of 0 or more, not %s",
      tostring(a)), 0)
  end
  return a
end

-- The first position from `from` on whose character lives and has points left, or 0.
local function next_at(w, t, from)
  for i = from, #t.order do
    if t.points[i] > 0 and alive(w, t.order[i]) then return i end
  end
  return 0
end

-- A character's side in the sides model: the game's `side`, else 1 for the players and 2
-- for the rest.
local function side_of(w, e)
  if spec.side then
    local side = spec.side(w, e)
    if math.type(side) ~= "integer" then
      error(string.format("turns: side must return a whole number, not %s", tostring(side)), 0)
    end
    return side
  end
  return e:has("PlayerControl") and 1 or 2
end

-- The sides model: the lower side first, each side in the order it had (a stable sort).
local function by_side(w, list)
  local keyed = {}
  for i, e in ipairs(list) do keyed[i] = { e = e, side = side_of(w, e), at = i } end
  table.sort(keyed, function(a, b)
    if a.side ~= b.side then return a.side < b.side end
    return a.at < b.at
  end)
  local sides = {}
  for i, k in ipairs(keyed) do list[i], sides[i] = k.e, k.side end
  return list, sides
end

local function active_entity(w, t)
  return t.at > 0 and alive(w, t.order[t.at]) or nil
end

-- The active character's turn starts or ends (moment "turn_start" or "turn_end"): its
-- statuses that count that moment decay, the start's before anything else of its turn (the
-- round's parts: the cards' draw). Only as initiative changes hands, so the beats of a turn
-- cost nothing.
local function turn_moment(w, t, moment)
  local e = active_entity(w, t)
  if e then e:decay(moment) end
end

-- A new round: points refilled, the order made again (content's `order`), the game's reset,
-- the first one's turn starts.
local function new_round(w, t)
  local list = characters(w)
  if spec.order then
    list = spec.order(w, list)
    if type(list) ~= "table" then error("turns: order must return a list of entities", 0) end
  else
    list = default_order(w, list)
  end
  local sides = false
  if spec.model == "sides" then list, sides = by_side(w, list) end
  local order, points = {}, {}
  for i, e in ipairs(list) do
    order[i], points[i] = e.id, actions_of(w, e)
  end
  t.round, t.order, t.points, t.passed, t.extra = t.round + 1, order, points, false, 0
  t.sides, t.walk = sides, false
  if spec.reset then spec.reset(w) end
  t.at = next_at(w, t, 1)
  turn_moment(w, t, "turn_start")
  for _, part in ipairs(round_parts) do part(w) end
end

-- Initiative goes on to the next character with points left (the active one's turn ends, the
-- next one's starts); past the last, a new round.
local function advance(w, t)
  turn_moment(w, t, "turn_end")
  t.at = next_at(w, t, t.at + 1)
  if t.at == 0 then
    new_round(w, t)
  else
    turn_moment(w, t, "turn_start")
  end
end

-- beat_start: the active character is the one the gate lets act (a restore, a save or an
-- undo leave the gate unset; a character gone since the last beat hands on).
local function beat_start()
  local t = state()
  if not t then return end
  local w = host.world()
  if t.walk then -- no session played it (content's own w:step): its beat costs a point
    t.walk = false
    if t.at > 0 then t.points[t.at] = math.max(0, t.points[t.at] - 1) end
  end
  local e = active_entity(w, t)
  if not e or t.points[t.at] == 0 then
    advance(w, t)
    e = active_entity(w, t)
  end
  t.passed, t.extra = false, 0
  w:set_active(e)
end

-- beat_end: the active character pays for its beat (the game's `cost`, else 1, and what it
-- spent besides); out of points, or passed, it hands on.
local function beat_end()
  local t = state()
  if not t or t.at == 0 or walking then return end
  local w = host.world()
  local e = active_entity(w, t)
  if e and t.walk then return end -- the walk pays when it is played (turns.after_beat)
  if e and not t.passed then
    local cost = spec.cost and spec.cost(w, e) or 1
    t.points[t.at] = math.max(0, t.points[t.at] - cost - t.extra)
  else
    t.points[t.at] = 0
  end
  t.passed, t.extra = false, 0
  if t.points[t.at] == 0 then advance(w, t) end
  w:set_active(active_entity(w, t))
end

-- Registers the hooks in a world whose packs define a game with a turn model, so that the
-- others' beats call no Lua for it.
local function on_world()
  spec, walking = nil, false
  local used = false
  for _, g in ipairs(define.record.game) do
    local m = g.def.turns and g.def.turns.model
    if m and m ~= "beats" then used = true end
  end
  if not used then return end
  core.world_hook(core.find("chain", "beat_start"), beat_start, "highest")
  core.world_hook(core.find("chain", "beat_end"), beat_end, "lowest")
end

-- part(w) runs as a turn of the game begins, before anyone decides in it: as each round
-- begins under a turn model, and as a game starts under any model (its first beat's turn).
-- A library adds its part once, as it loads.
function turns.add_round_part(part)
  round_parts[#round_parts + 1] = part
end

-- The game `def` starts (fresh: its first round begins) or resumes (its state is the save's).
function turns.attach(def, fresh)
  local t = def.turns
  spec = t and t.model and t.model ~= "beats" and t or nil
  if not fresh then return end
  local w = host.world()
  if not spec then
    for _, part in ipairs(round_parts) do part(w) end
    return
  end
  w.data.turns = { model = spec.model, round = 0, order = {}, points = {}, at = 0,
    passed = false, extra = 0, sides = false, walk = false }
  new_round(w, state())
end

-- A new floor: its characters are not the last floor's, so a new round begins.
function turns.new_floor()
  local t = state()
  if t then new_round(host.world(), t) end
end

-- The beat's walk, played between beats (the session calls this after each beat): the walk
-- is played out once on a copy of the world (w:schedule, with the walker the only one that
-- acts, as in its turn) and its outcome put into the world; it costs a point a step. A walk
-- that would kill or make anything is not put in (an outcome cannot undo a death): it stays
-- the beat it was, and costs its point.
function turns.after_beat()
  local t = state()
  local walk = t and t.walk
  if not walk then return end
  t.walk = false
  local w = host.world()
  local e = active_entity(w, t)
  -- A walker that died in its beat has paid for it, and handed on, at beat_end.
  if not (e and e.id == walk.id) then return end
  local steps = 1
  walking = true
  local played, schedule = pcall(w.schedule, w, e, "move", { x = walk.x, y = walk.y })
  walking = false
  if not played then error(schedule, 0) end
  t = state() -- the copy's beats were taken back: w.data is made again
  local clean = true
  for _, o in pairs(schedule.outcome) do clean = clean and not (o.died or o.spawned) end
  if clean then
    w:apply(schedule.outcome)
    steps = math.max(1, schedule.steps)
  end
  t.points[t.at] = math.max(0, t.points[t.at] - steps - t.extra)
  t.extra = 0
  if t.points[t.at] == 0 then advance(w, t) end
  w:set_active(active_entity(w, t))
end

-- How many points a walk of e to (x, y) costs (a point a step of w:path's way), or nil when
-- there is no way.
function turns.walk_cost(e, x, y)
  if not e.x then return nil end
  if e.x == x and e.y == y then return 0 end
  local way = host.world():path(e.x, e.y, x, y)
  return way and #way
end

-- The active e walks to (x, y) as one action, from a choice's perform: the walk is played
-- when its beat is over. Refused (false and why) when it is not e's turn, or the way is
-- longer than its points.
function turns.walk(e, x, y)
  local t = state()
  if not (t and t.at > 0 and t.order[t.at] == e.id) then return false, "not its turn" end
  local cost = turns.walk_cost(e, x, y)
  if not cost then return false, "no way there" end
  if cost > t.points[t.at] then
    return false, string.format("%d points away, %d left", cost, t.points[t.at])
  end
  t.walk = { id = e.id, x = x, y = y }
  return true
end

-- Reading and changing the turns --------------------------------------------------------------

function turns.model()
  return spec and spec.model or "beats"
end

-- The round under way, or nil in the beats model.
function turns.round()
  local t = state()
  return t and t.round
end

-- The turn number the cards library counts in: the round under a turn model, else a turn
-- every turn_beats beats.
function turns.number(beat, turn_beats)
  local t = state()
  if t then return t.round end
  return (beat - 1) // turn_beats + 1
end

-- The active character, or nil (the beats model, or no character left).
function turns.active()
  local t = state()
  return t and active_entity(host.world(), t)
end

-- Whether a session step is at a player's turn: always in the beats model.
function turns.players_turn()
  local t = state()
  if not t then return true end
  local e = active_entity(host.world(), t)
  return e ~= nil and e:has("PlayerControl")
end

-- The round's order: { { entity =, points =, active =, side = }, ... }, the living ones, in
-- the order they act (side: the sides model's, else nil).
function turns.order()
  local t = state()
  if not t then return {} end
  local w, list = host.world(), {}
  for i, id in ipairs(t.order) do
    local e = alive(w, id)
    if e then
      list[#list + 1] = { entity = e, points = t.points[i], active = i == t.at,
        side = t.sides and t.sides[i] or nil }
    end
  end
  return list
end

local function position(t, e)
  for i, id in ipairs(t.order) do
    if id == e.id then return i end
  end
  return nil
end

-- e's points left this round, or nil (not in the round, or the beats model).
function turns.points(e)
  local t = state()
  local i = t and position(t, e)
  return i and t.points[i]
end

-- The active character spends n points more than its beat's own (a costly card).
function turns.spend(e, n)
  local t = state()
  if not t then return end
  if t.at > 0 and t.order[t.at] == e.id then
    t.extra = t.extra + n
  else
    local i = position(t, e)
    if i then t.points[i] = math.max(0, t.points[i] - n) end
  end
end

-- The active character passes: its beat ends its turn, whatever points it had left.
function turns.pass(e)
  local t = state()
  if t and t.at > 0 and t.order[t.at] == e.id then t.passed = true end
end

-- What content sees: cairn.turns.
local function module()
  return { model = turns.model, round = turns.round, active = turns.active,
    order = turns.order, points = turns.points, spend = turns.spend, pass = turns.pass,
    walk = turns.walk, walk_cost = turns.walk_cost }
end

compile.on_world(on_world)
define.add_extra("turns", module)

return turns
