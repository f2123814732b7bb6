-- cards/lifecycle.lua: declared actions, reactions, points and pulses (docs/cards.md, "The
-- action lifecycle"). A card played or an ability cast by a character is *declared*: an
-- action record with a state (not the beat's phases), which goes
--
--   declared -> reacted_to -> (started) -> resolved | failed
--
--   declared    made, its points spent; those it reaches may react (a window, below);
--   reacted_to  every reaction to it declared or passed;
--   started     it has several pulses, the first done: one more each beat;
--   resolved    its effect is done (the last pulse);
--   failed      a before-reaction failed it (a parry), content did (cairn.cards.fail,
--               interrupt: from any handler, at once), its pulse condition failed (asked
--               before every pulse), its req no longer held when it came due after a delay,
--               its source died, or its cost could no longer be paid - a state, not an error.
--
-- A card declared lies on its holder's `table` pile until its action ends (piles.lua).
--
-- Reactions are abilities or cards with `reaction = { timing = "before" | "after", to = fn }`,
-- declared in a window that a declared action opens for every entity it reaches (reach.lua:
-- its targets, and whoever its area, line or other overrides take): each of them, in
-- initiative order, is asked (a pick among its legal reactions and "pass"; none legal, no
-- question) through the mid-beat decider - a person playing, a bot, the defaults, or the
-- log's record. A reaction opens a window of its own, down to the depth limit. Before-
-- reactions resolve just before their trigger (the last declared first), after-reactions just
-- after it resolved (in the order declared). Whoever its effects find only as they resolve
-- is asked then, before the effect touches it (before_entry, below).
--
-- An action resolves at once unless it has a `delay` (beats before it resolves: a telegraph)
-- or `pulses` (several runs of its effect, one a beat): those wait in w.data.actions and
-- resolve or pulse at
-- the end of the beat they are due in (lifecycle.beat_end), after everyone has acted, so a
-- player who sees a blow coming has a beat to answer it.
--
-- Points: each character has action points (a card played, an ability cast) and reaction
-- points, refilled at the start of its turn (its deck's turn, else every 4 beats); `free`
-- ones cost none. Everything kept lives in w.data and e.data: saves, undo and replays keep
-- pending actions as they keep the rest.
local abilities = require("cards.abilities")
local core = require("cairn.core")
local data = require("lua.data")
local host = require("cairn.host")
local piles = require("cards.piles")
local reach = require("cards.reach")
local stack = require("cards.stack")
local turns = require("session.turns")
local util = require("lua.util")
local lifecycle = {}

lifecycle.STATES = { "declared", "reacted_to", "started", "resolved", "failed" }
local STATE_NUMBER = {}
for i, p in ipairs(lifecycle.STATES) do STATE_NUMBER[p] = i end

-- The kind of change a new state is recorded as: entity = the action's source, amount = the
-- state's number in lifecycle.STATES.
lifecycle.STATE = "cairn:action_state"

-- A record is data that saves, undo and replays keep, under the keys it has always had:
-- `phase` holds its state, `ticks`, `max_ticks` and `tick_effect` its pulses done, its
-- pulses in all and its pulse effect behaviour. What Lua sees of it (view) has the words.

lifecycle.DEFAULT_DEPTH = 2 -- a reaction, and a reaction to it
lifecycle.DEFAULT_POINTS = { actions = 2, reactions = 2 }
local DEFAULT_TURN_BEATS = 4

-- What packs set as they load, for every world of the host: the behaviour registry
-- (cairn.cards.behaviour: full names, and short names no two packs share), the state
-- watchers (cairn.cards.on_state) and the depth limit (cairn.cards.reaction_depth). And a
-- front end's setting: whether the player passes by itself when it has no legal reaction.
local behaviours, watchers = {}, {}
local depth_limit = lifecycle.DEFAULT_DEPTH
lifecycle.auto_pass = true

function lifecycle.set_auto_pass(on)
  lifecycle.auto_pass = on and true or false
end

-- A new world: what the last one's beat left goes.
function lifecycle.reset()
  lifecycle.clear()
end

function lifecycle.behaviour(name, fn)
  if type(name) ~= "string" or type(fn) ~= "function" then
    error("cairn.cards.behaviour takes a name and a function", 3)
  end
  behaviours[name] = fn
  local short = name:match(":(.*)$")
  if short then
    if behaviours[short] == nil then
      behaviours[short] = fn
    elseif behaviours[short] ~= fn then
      behaviours[short] = false
    end
  end
end

function lifecycle.on_state(fn)
  if type(fn) ~= "function" then error("cairn.cards.on_state takes a function", 3) end
  watchers[#watchers + 1] = fn
end

function lifecycle.set_depth(n)
  if math.type(n) ~= "integer" or n < 0 then
    error("cairn.cards.reaction_depth takes a whole number of 0 or more", 3)
  end
  depth_limit = n
end

local function names_of(t)
  local list = {}
  for k in pairs(t) do list[#list + 1] = k end
  table.sort(list)
  return list
end

-- The behaviour `name` names for an action of ability `ability`: the ability's own pack's
-- first, then the name as given.
local function behaviour(name, what, ability)
  local pack = ability:match("^([^:]*):")
  local fn = pack and behaviours[pack .. ":" .. name] or behaviours[name]
  if not fn then
    error(string.format("%s: no behaviour is named '%s'%s", what, tostring(name),
      util.hint(tostring(name), names_of(behaviours))), 0)
  end
  return fn
end

-- Points ---------------------------------------------------------------------------------

-- e's points this turn: { turn, actions, reactions } in e.data.points, refilled when its turn
-- changed. The numbers are its deck's (cairn.cards.setup: actions, reactions), else its
-- type's e.data.initiative = { actions =, reactions =, turn_beats = }, else 2 and 2 every 4
-- beats.
local function limits(e)
  local deck = piles.of(e)
  if deck then
    return deck.actions_max or lifecycle.DEFAULT_POINTS.actions,
      deck.reactions_max or lifecycle.DEFAULT_POINTS.reactions, deck.turn_beats
  end
  local ini = data.peek(e.data).initiative
  ini = type(ini) == "table" and ini or {}
  return ini.actions or lifecycle.DEFAULT_POINTS.actions,
    ini.reactions or lifecycle.DEFAULT_POINTS.reactions, ini.turn_beats or DEFAULT_TURN_BEATS
end

-- Reading them writes nothing (a front end's view must leave the world as it was): a turn
-- not yet spent in has its full points, unwritten.
function lifecycle.points(e)
  local actions, reactions, turn_beats = limits(e)
  local turn = turns.number(host.world().beat, turn_beats)
  local p = data.peek(e.data).points
  if p and p.turn == turn then return p end
  return { turn = turn, actions = actions, reactions = reactions }
end

local function point_kind(def) return def.reaction and "reactions" or "actions" end

-- Why e cannot declare ability a now for want of points, or nil.
local function points_problem(e, def)
  if def.free then return nil end
  local kind = point_kind(def)
  if lifecycle.points(e)[kind] < 1 then
    return kind == "actions" and "no action points left this turn"
      or "no reaction points left this turn"
  end
end

local function spend(e, def)
  if def.free then return end
  local kind = point_kind(def)
  local p = util.copy(lifecycle.points(e))
  p[kind] = p[kind] - 1
  e.data.points = p
end

-- Sets e's points left this turn (`actions`, `reactions`; those not given stay): a test's,
-- or content granting a point; the next turn refills them as ever.
function lifecycle.set_points(e, p)
  local cur = util.copy(lifecycle.points(e))
  for _, kind in ipairs({ "actions", "reactions" }) do
    local n = p[kind]
    if n ~= nil then
      if math.type(n) ~= "integer" or n < 0 then
        error(string.format("%s points are a whole number, 0 or more, not %s", kind,
          tostring(n)), 2)
      end
      cur[kind] = n
    end
  end
  e.data.points = cur
end

-- The records ------------------------------------------------------------------------------

-- w.data.actions: { next_id, pending = { record, ... } }, made by the first declaration
-- (reading it writes nothing).
local NO_BOOK = { next_id = 1, pending = {} }

local function book(make)
  local wd = host.world().data
  if not wd.actions then
    if not make then return NO_BOOK end
    wd.actions = { next_id = 1, pending = {} }
  end
  return data.real(wd.actions)
end

-- A record's answers as data (kept across beats): entities by id, cards by id.
local function plain(v)
  if type(v) == "userdata" then return { entity = v.id } end
  if type(v) == "table" then
    local t = {}
    for k, x in pairs(v) do t[k] = plain(x) end
    return t
  end
  return v
end

local function live(v)
  if type(v) == "table" then
    if v.entity and next(v, next(v)) == nil then return host.world():entity(v.entity) end
    local t = {}
    for k, x in pairs(v) do t[k] = live(x) end
    return t
  end
  return v
end

-- The records of this beat, id -> record (the pending ones are in w.data.actions.pending
-- too), and their answers and card as Lua values (handles), id -> { card, answers }: records
-- are data only, so that w.data keeps them.
local records, lives = {}, {}

-- Forgets this beat's records (new tables only when there was something to forget: most beats
-- declare nothing).
function lifecycle.clear()
  if next(records) then records = {} end
  if next(lives) then lives = {} end
end

local function entity(id) return id and host.world():entity(id) or nil end

-- The card rec was declared with, as it is now: on its source's table while the action is
-- under way (so a pulse sees what the card became), else the copy rec keeps.
local function card_of(rec)
  if not rec.card then return nil end
  local src = entity(rec.source)
  local deck = src and piles.of(src)
  local where, i
  if deck then where, i = piles.find(deck, rec.card.id) end
  if where == "table" then return deck.table[i] end
  return util.copy(rec.card)
end

local function live_of(rec)
  local l = lives[rec.id]
  if not l then
    l = { card = card_of(rec), answers = live(rec.answers) }
    lives[rec.id] = l
  end
  return l
end

-- The beats left until rec ends: its last pulse falls at the end of beat (now + beats_left).
-- Its next pulse is due at the end of beat `due`, then one a beat; none left, it ends now.
local function beats_left(rec, beat)
  local left = rec.max_ticks - rec.ticks
  if left <= 0 then return 0 end
  return math.max(0, rec.due + left - 1 - beat)
end

-- The entities of a list of ids still there, as handles.
local function entities(ids)
  local list = {}
  for _, id in ipairs(ids) do
    local e = entity(id)
    if e then list[#list + 1] = e end
  end
  return list
end

-- What Lua sees of a record: a copy with handles.
local function view(rec)
  local targets = {}
  for i, id in ipairs(rec.targets) do targets[i] = entity(id) end
  local cells = {}
  for i, c in ipairs(rec.cells or {}) do cells[i] = { x = c[1], y = c[2] } end
  return { id = rec.id, state = rec.phase, source = entity(rec.source), targets = targets,
    affected = entities(rec.affected or rec.targets), cells = cells,
    cell = rec.cell and { x = rec.cell.x, y = rec.cell.y } or nil, ability = rec.ability,
    label = abilities.label(rec.ability), blow = abilities.is_blow(rec.ability),
    card = rec.card and rec.card.card or nil,
    trigger = rec.trigger or nil, timing = rec.timing or nil, pulses = rec.ticks,
    max_pulses = rec.max_ticks, due = rec.due, depth = rec.depth,
    beats_left = beats_left(rec, host.world().beat), reason = rec.reason }
end

local function find(id)
  local rec = records[id]
  if rec then return rec end
  for _, r in ipairs(book().pending) do
    if r.id == id then return r end
  end
end

function lifecycle.get(id)
  local rec = find(id)
  return rec and view(rec) or nil
end

-- The actions waiting (a delay, or pulses to go), in the order declared.
function lifecycle.pending()
  local out = {}
  for i, r in ipairs(book().pending) do out[i] = view(r) end
  return out
end

-- States ---------------------------------------------------------------------------------

local function narrate(rec, text)
  local src = entity(rec.source)
  if src and text then abilities.say(src, text) end
end

local function who(rec)
  local src = entity(rec.source)
  if not src then return "Something" end
  if src:has("PlayerControl") then return "You" end
  return "The " .. util.spoken(src.type)
end

local function set_state(rec, state, reason)
  rec.phase, rec.reason = state, reason
  local w = host.world()
  local src = entity(rec.source)
  if src then
    w:record(lifecycle.STATE, { entity = src, amount = STATE_NUMBER[state] })
  end
  if #watchers > 0 then
    local v = view(rec)
    for _, fn in ipairs(watchers) do fn(v, state) end
  end
  if src and not src:is_dead() then
    abilities.fire("action_" .. state, src, { source = src })
  end
end

-- Reactions -------------------------------------------------------------------------------

-- The reactions e may declare to rec now: { { a, inst }, ... }, abilities it carries then
-- cards of its hand.
local function legal_reactions(e, rec)
  local list = {}
  local v
  local function consider(a, inst)
    local def = a.def
    local r = def.reaction
    if type(r) ~= "table" then return end
    v = v or view(rec)
    if r.to and not r.to(e, v) then return end
    if points_problem(e, def) then return end
    if def.declarable and not def.declarable(e, { v.source }, v) then return end
    if not abilities.available(e, a, inst, true) then return end
    list[#list + 1] = { a = a, inst = inst }
  end
  for _, name in ipairs(data.real(e.data).abilities or {}) do
    local a = abilities.registry[name]
    if a then consider(a, nil) end
  end
  local deck = piles.of(e)
  for _, c in ipairs(deck and deck.hand or {}) do
    consider(abilities.find(c.card), c)
  end
  return list
end

local declare

-- e answers rec: a reaction at a time, each its own question, until it passes or has no
-- legal reaction left (each card or ability once a window).
local function key_of(o) return o.inst and ("#" .. o.inst.id) or o.a.name end

local function react(e, rec)
  local used = {}
  while true do
    local options = {}
    for _, o in ipairs(legal_reactions(e, rec)) do
      if not used[key_of(o)] then options[#options + 1] = o end
    end
    if #options == 0 and (lifecycle.auto_pass or not e:has("PlayerControl") or next(used)) then
      return
    end
    local v = view(rec)
    local what = reach.describe(rec.covers or {}, v.affected, e)
    local m = { kind = "pick", name = "reaction", label = "react", actor = e,
      choice = "react", options = {}, cells = util.copy(rec.cells or {}), covers = v.affected,
      text = string.format("%s %s%s%s", who(rec) == "You" and "Your" or
        (who(rec) .. "'s"), v.label, rec.delay_text or "", what and (": " .. what) or "") }
    for i, o in ipairs(options) do
      m.options[i] = { value = i, label = (o.inst and abilities.card_label(o.inst) or
        abilities.label(o.a.name)) .. (o.a.def.free and " - free" or " - 1 reaction") }
    end
    m.options[#options + 1] = { value = #options + 1, label = "pass" }
    m.decline = #options + 1
    local o = options[abilities.ask_pick(m, #options == 0)]
    if not o then return end
    used[key_of(o)] = true
    local answers = abilities.answer_prompts(e, o.a, o.inst, { source = entity(rec.source),
      targets = { entity(rec.source) } })
    if answers then
      declare(e, o.a, o.inst, answers, { reaction_to = rec, source = entity(rec.source),
        targets = { entity(rec.source) } })
    end
  end
end

-- Each entity of `list` may react to rec, in initiative order: the players first, then the
-- rest, each in the order given.
local function ask_each(rec, list)
  local players, others = {}, {}
  for _, e in ipairs(list) do
    local into = e:has("PlayerControl") and players or others
    into[#into + 1] = e
  end
  table.move(others, 1, #others, #players + 1, players)
  for _, e in ipairs(players) do
    react(e, rec)
  end
end

-- The window rec opens: each entity it reaches (reach.lua), in the order it reaches them,
-- may declare reactions or pass.
local function window(rec)
  if rec.depth >= depth_limit then return end
  local seen, list = {}, {}
  for _, id in ipairs(rec.affected) do
    local e = entity(id)
    if e and not seen[id] and id ~= rec.source and not e:is_dead() then
      seen[id] = true
      list[#list + 1] = e
    end
  end
  ask_each(rec, list)
end

-- Resolving -----------------------------------------------------------------------------

local finish

-- rec waits in w.data.actions.pending, and with it every reaction to it (they resolve with
-- it, not on their own).
local function keep(rec)
  if rec.kept then return end
  rec.kept = true
  local list = book(true).pending
  list[#list + 1] = rec
  for _, timing in ipairs({ "before", "after" }) do
    for _, id in ipairs(rec[timing]) do
      local r = find(id)
      if r then keep(r) end
    end
  end
end

local function remove_pending(rec)
  local list = book().pending
  for i = #list, 1, -1 do
    if list[i].id == rec.id then table.remove(list, i) end
  end
end

local fail

-- The reactions to rec still waiting fail with it: what they answer is gone. (One under way,
-- its pulse begun - the dodge that failed it - goes on to its end.)
local function fail_reactions(rec)
  for _, timing in ipairs({ "before", "after" }) do
    for _, id in ipairs(rec[timing]) do
      local r = find(id)
      if r and r.phase == "reacted_to" and r.ticks == 0 then fail(r, "what it answers failed") end
    end
  end
end

local function over(rec) return rec.phase == "resolved" or rec.phase == "failed" end

fail = function(rec, reason)
  if over(rec) then return end
  set_state(rec, "failed", reason)
  if not rec.trigger or reason ~= "what it answers failed" then
    narrate(rec, string.format("%s: %s fails%s.", who(rec), abilities.label(rec.ability),
      reason and (" (" .. reason .. ")") or ""))
  end
  finish(rec)
  fail_reactions(rec)
end

-- Fails the action `id` at once (cairn.cards.fail): true, or false when there is no such
-- action or it is over already.
function lifecycle.fail_id(id, reason)
  local rec = find(id)
  if not rec or over(rec) then return false end
  fail(rec, reason)
  return true
end

-- Fails at once every action e declared that is not over (cairn.cards.interrupt): its
-- waiting and pulsing actions and its reactions. Returns how many failed.
function lifecycle.interrupt(e, reason)
  local list = {}
  for _, rec in pairs(records) do
    if rec.source == e.id and not over(rec) then list[#list + 1] = rec end
  end
  for _, rec in ipairs(book().pending) do
    if rec.source == e.id and not over(rec) and records[rec.id] ~= rec then
      list[#list + 1] = rec
    end
  end
  table.sort(list, function(a, b) return a.id < b.id end)
  local n = 0
  for _, rec in ipairs(list) do
    if not over(rec) then -- failing one fails the reactions waiting on it
      fail(rec, reason)
      n = n + 1
    end
  end
  return n
end

-- The card of action `id` was exhausted (its cost, an effect): it leaves the table for the
-- exhaust pile when the action ends.
function lifecycle.exhausts(id)
  local rec = id and find(id)
  if rec then rec.exhaust = true end
end

local resolve

-- Its reactions of one timing resolve: before ones the last declared first, after ones in the
-- order declared.
local function resolve_reactions(rec, timing)
  local list = rec[timing]
  if timing == "before" then
    for i = #list, 1, -1 do
      local r = find(list[i])
      if r and r.phase == "reacted_to" then resolve(r) end
    end
  else
    for i = 1, #list do
      local r = find(list[i])
      if r and r.phase == "reacted_to" then resolve(r) end
    end
  end
end

local function opts_of(rec)
  local targets = {}
  for _, id in ipairs(rec.targets) do
    local e = entity(id)
    if e then targets[#targets + 1] = e end
  end
  return { targets = targets, cell = rec.cell and { x = rec.cell.x, y = rec.cell.y } or nil,
    source = entity(rec.source_of_trigger), trigger = rec.trigger and "reaction" or nil,
    action = rec.id, trigger_action = rec.trigger or nil, x = rec.x }
end

-- One pulse: the first performs the ability (its cost, effect, msg, the card's move), the
-- others its effect again, or the pulse effect behaviour when it names one.
local function pulse(rec)
  local src = entity(rec.source)
  local a = abilities.find(rec.ability)
  local l = live_of(rec)
  rec.ticks = rec.ticks + 1
  -- The next one is due at the end of the next beat: set before this one runs, so that what
  -- it runs reads the action as it stands after it (its beats_left).
  if rec.ticks < rec.max_ticks then rec.due = host.world().beat + 1 end
  if rec.ticks == 1 then
    abilities.perform(src, a, l.card, l.answers, opts_of(rec))
  elseif rec.tick_effect then
    behaviour(rec.tick_effect, a.name .. ": pulses: effect", a.name)(view(rec))
  else
    abilities.effect_again(src, a, l.card, l.answers, opts_of(rec))
  end
end

local function condition_holds(rec)
  if not rec.condition then return true end
  return behaviour(rec.condition, rec.ability .. ": pulses: condition", rec.ability)(view(rec))
    and true
end

-- Why rec cannot pulse now, or nil: its source gone, its pulse condition (asked before every
-- pulse, the first too), and for the first, its cost; and its req when it waited (a delay),
-- since the world moved on since it was declared.
local function pulse_problem(rec)
  local src = entity(rec.source)
  if not src or src:is_dead() then return "its source is gone" end
  if rec.ticks == 0 then
    local a = abilities.find(rec.ability)
    local l = live_of(rec)
    if rec.kept and a.def.req then
      local ok, why = a.def.req(src, l.card)
      if not ok then return why and tostring(why) or "not now" end
    end
    local why = abilities.cost_problem(src, a, l.card)
    if why then return why end
  end
  if not condition_holds(rec) then return "its condition no longer holds" end
end

-- rec's last pulse ran: it has resolved, and its after-reactions resolve.
local function resolved(rec)
  set_state(rec, "resolved")
  finish(rec)
  resolve_reactions(rec, "after")
end

-- Resolves rec, due now: its before-reactions, then its first pulse (or its only one), then,
-- once it has resolved, its after-reactions.
resolve = function(rec)
  resolve_reactions(rec, "before")
  if rec.phase == "failed" then return end
  local why = pulse_problem(rec)
  if why then return fail(rec, why) end
  pulse(rec)
  if rec.phase == "failed" then return end
  if rec.ticks < rec.max_ticks then
    if rec.phase ~= "started" then
      set_state(rec, "started")
      narrate(rec, string.format("%s %s %s (%d beats).", who(rec),
        who(rec) == "You" and "begin" or "begins", abilities.label(rec.ability), rec.max_ticks))
    end
    keep(rec)
    return
  end
  resolved(rec)
end

-- Its card leaves the table, to the exhaust pile when it was exhausted, else the discard pile.
local function clear_table(rec)
  if not rec.card then return end
  local src = entity(rec.source)
  local deck = src and piles.of(src)
  if deck and piles.find(deck, rec.card.id) == "table" then
    piles.move(deck, rec.card.id, rec.exhaust and "exhaust" or "discard")
  end
end

finish = function(rec)
  if rec.kept then remove_pending(rec) end
  rec.kept = false
  clear_table(rec)
end

-- Declaring ---------------------------------------------------------------------------------

-- Why actor cannot declare ability a (with card inst) now, or nil: its declarability and its
-- points. (Availability - req, once, cost - is the ability's own, checked by its caller.)
function lifecycle.problem(actor, a, targets, trigger)
  local def = a.def
  local why = points_problem(actor, def)
  if why then return why end
  if def.declarable then
    local ok, reason = def.declarable(actor, targets or {}, trigger)
    if not ok then return reason and tostring(reason) or "cannot be declared now" end
  end
end

-- Declares ability a for actor (the card inst it is, if any), its prompts answered; opts as
-- abilities.perform takes them, with opts.reaction_to, the record it reacts to. Returns true,
-- or false and why it cannot be declared.
declare = function(actor, a, inst, answers, opts)
  opts = opts or {}
  local def = a.def
  local targets = {}
  for i, e in ipairs(opts.targets or {}) do targets[i] = e end
  if #targets == 0 and type(answers.target) == "userdata" then targets[1] = answers.target end
  local trigger = opts.reaction_to
  local why = lifecycle.problem(actor, a, targets, trigger and view(trigger))
  if why then return false, why end
  spend(actor, def)
  local deck = piles.of(actor)
  if deck and inst and piles.find(deck, inst) == "hand" then -- on the table while under way
    piles.move(deck, inst, "table")
  end
  local b = book(true)
  local ids = {}
  for i, e in ipairs(targets) do ids[i] = e.id end
  local cell = opts.cell or (type(answers.target) == "table" and answers.target.x and
    { x = answers.target.x, y = answers.target.y }) or nil
  if not cell and targets[1] and targets[1].x then cell = { x = targets[1].x, y = targets[1].y } end
  local pulses = def.pulses or {}
  local w = host.world()
  local reached = reach.of(actor, a, inst, answers, targets, cell, opts)
  local rec = { id = b.next_id, phase = "declared", source = actor.id, targets = ids,
    cell = cell and { x = cell.x, y = cell.y } or false, ability = a.name,
    card = inst and plain(inst) or false, answers = plain(answers),
    trigger = trigger and trigger.id or false, timing = def.reaction and def.reaction.timing
      or false, depth = trigger and trigger.depth + 1 or 0, ticks = 0,
    max_ticks = pulses.max or 1, condition = pulses.condition or false,
    tick_effect = pulses.effect or false, due = w.beat + (def.delay or 0),
    source_of_trigger = opts.source and opts.source.id or false, x = opts.x or false,
    before = {}, after = {}, kept = false, affected = reached.ids, cells = reached.cells,
    covers = reached.shapes }
  b.next_id = b.next_id + 1
  lives[rec.id] = { card = inst, answers = answers }
  records[rec.id] = rec
  if def.delay and def.delay > 0 then
    rec.delay_text = string.format(" (in %d beat%s)", def.delay, def.delay == 1 and "" or "s")
  end
  set_state(rec, "declared")
  if trigger then
    local list = rec.timing == "after" and trigger.after or trigger.before
    list[#list + 1] = rec.id
    narrate(rec, string.format("%s %s %s.", who(rec), who(rec) == "You" and "answer with" or
      "answers with", abilities.label(rec.ability)))
  elseif def.delay and def.delay > 0 then
    narrate(rec, string.format("%s readies %s%s.", who(rec), abilities.label(rec.ability),
      rec.delay_text))
  end
  window(rec)
  if rec.phase == "failed" then return true end -- failed in its window (cairn.cards.fail)
  set_state(rec, "reacted_to")
  if trigger then return true end -- it resolves with its trigger
  if rec.due > w.beat then
    keep(rec)
    return true
  end
  resolve(rec)
  return true
end
lifecycle.declare = declare

-- The end of a beat: the actions due resolve, or pulse, in the order declared; a started one
-- whose pulse condition fails fails.
function lifecycle.beat_end()
  local w = host.world()
  local b = data.real(w.data).actions
  b = b and data.real(b)
  if not (b and #b.pending > 0) then
    lifecycle.clear()
    return
  end
  for _, rec in ipairs(b.pending) do records[rec.id] = rec end
  local due = {}
  for _, rec in ipairs(b.pending) do
    if rec.due <= w.beat and not rec.trigger then due[#due + 1] = rec end
  end
  for _, rec in ipairs(due) do
    if rec.phase == "started" then
      local why = pulse_problem(rec)
      if why then
        fail(rec, why)
      else
        pulse(rec)
        if rec.phase == "started" and rec.ticks >= rec.max_ticks then resolved(rec) end
      end
    elseif rec.phase == "reacted_to" then
      resolve(rec)
    end
  end
  lifecycle.clear()
end

-- Late windows ---------------------------------------------------------------------------

-- The entities of `list` rec's windows have not asked yet (its source never is), now marked
-- asked, or nil.
local function unasked(rec, list)
  local l = live_of(rec)
  local asked = l.asked
  if not asked then
    asked = { [rec.source] = true }
    for _, id in ipairs(rec.affected or rec.targets) do asked[id] = true end
    l.asked = asked
  end
  local fresh
  for _, t in ipairs(list) do
    if type(t) == "userdata" and not asked[t.id] and not t:is_dead() then
      asked[t.id] = true
      fresh = fresh or {}
      fresh[#fresh + 1] = t
    end
  end
  return fresh
end

-- Before an entry of a declared action runs (stack.set_before_entry): nothing more of an
-- action that failed. Those the entry reaches that no window of its action asked - a chain's
-- next hop found while it resolves, one who stepped into a delayed blow's area - are asked
-- now, and the before-reactions they declare resolve at once, before it touches them.
-- Returns whether the entry goes on, and whether its targets may have changed.
local function before_entry(en, list)
  local rec = records[en.request.action]
  if not rec then return true end
  if rec.phase == "failed" then return false end
  if not list or rec.depth >= depth_limit then return true end
  local fresh = unasked(rec, list)
  if not fresh then return true end
  rec.affected, rec.cells = rec.affected or util.copy(rec.targets), rec.cells or {}
  for _, e in ipairs(fresh) do
    rec.affected[#rec.affected + 1] = e.id
    if e.x then rec.cells[#rec.cells + 1] = { e.x, e.y } end
  end
  local before, after, height = #rec.before, #rec.after, stack.height()
  ask_each(rec, fresh)
  for i = #rec.before, before + 1, -1 do
    local r = find(rec.before[i])
    if r and r.phase == "reacted_to" then resolve(r) end
  end
  if rec.kept then -- a pulsing action waits on: its after-reactions wait with it
    for i = after + 1, #rec.after do keep(find(rec.after[i])) end
  end
  stack.resolve_above(height)
  return rec.phase ~= "failed", true
end
stack.set_before_entry(before_entry)

-- The fail_trigger effect: the action this one reacts to fails (a parry, a dodge).
stack.define({ name = "fail_trigger", target = "none", params = { reason = "string" },
  run = function(c)
    local id = c.entry.request.trigger_action
    if id then lifecycle.fail_id(id, c.params.reason or abilities.label(c.entry.request.ability)) end
  end })

-- Registers what the lifecycle needs in a world that uses cards: the state's kind of change
-- and the end of the beat.
function lifecycle.register()
  core.change(lifecycle.STATE, lifecycle.STATES)
  core.world_hook(core.find("chain", "beat_end"), lifecycle.beat_end, "highest")
end

stack.seal_builtins()
abilities.set_lifecycle(lifecycle)

return lifecycle
