-- cards/abilities.lua: abilities (cairn.ability), cards (cairn.card, an ability with values)
-- and resolving them: req, cost, prompts (through choices.lua), effect, msg, once per turn,
-- end_turn; simultaneous triggers and their order; the turn of a beat game.
--
-- Resolving an ability, in order:
--   1. open?   the actor is alive, req(actor, card) is not false, once-per-turn is not used
--              up, the cost can be paid - else it is not resolved, and the reason says why;
--   2. prompts optional (yes/no, first), the target, X (cost energy = "X"), the cards a
--              discard cost takes, then the ability's `choices` - asked through choices.lua,
--              answered by a decider (see deciders below); a cancel runs cancel_effect;
--   3. pays    the cost;
--   4. effect  a payload pushed on the stack (stack.lua) and resolved, or a function;
--   5. after   msg in the log, end_turn kept for the turn's end, the card to its pile,
--              once-per-turn marked, and the card_played trigger.
--
-- Deciders. A card played by the player is a choice (cairn.cards.play_choice): its prompts
-- are the choice's, answered as any choice's are (the terminal, a bot, a replay's record, a
-- test's answers). An ability resolved inside a beat (a trigger, an enemy's step, an effect
-- resolving another) is answered by the mid-beat decider: a test's (cairn.cards.decide), else
-- the answers the log kept for the beat (undo, replays), else the bot's `answer` function
-- (its answers kept for the log: begin_beat, end_beat, which the session calls around each
-- beat), else the default - the first option, the first candidate, the most, yes, and for
-- the order of simultaneous triggers priority order, which needs no question.
local choices = require("choices")
local core = require("cairn.core")
local data = require("lua.data")
local host = require("cairn.host")
local piles = require("cards.piles")
local stack = require("cards.stack")
local turns = require("session.turns")
local util = require("lua.util")
local abilities = {}

-- name -> { name, def, where, card = true for cards }: cairn.ability and cairn.card.
local registry = {}
abilities.registry = registry

-- The lifecycle (lifecycle.lua), which requires this module and so registers itself here
-- rather than being required: resolve hands it the abilities declared as actions, and reset
-- and register reset and register it too. Nil until it registers.
local lifecycle = nil

function abilities.set_lifecycle(l)
  lifecycle = l
end

local EMPTY = {}

-- Definitions ------------------------------------------------------------------------------

abilities.FIELDS = { name = "string", description = "string", text = { "string", "function" },
  label = "string", req = "function", cost = "table", target = "table",
  choices = { "table", "function" }, optional = "string",
  cancel_effect = { "table", "function" }, priority = "number",
  effect = { "table", "function" }, msg = { "string", "function" }, once = "string",
  once_key = "string", end_turn = "table", interactive = { "boolean", "function" },
  silent = { "boolean", "function" }, trigger = "string", one_queue = "boolean",
  reaction = "table", free = "boolean", declarable = "function", delay = "number",
  pulses = "table", not_distinct = "boolean", show_discard = "boolean", options = "table" }
abilities.CARD_FIELDS = util.copy_shallow(abilities.FIELDS)
for k, v in pairs({ values = "table", upgrade = "table", rarity = "string", counters = "table",
  tags = "table" }) do
  abilities.CARD_FIELDS[k] = v
end

local COST = { energy = { "number", "string" }, hp = "number", discard = "number",
  exhaust = "boolean", counters = "table" }
local UPGRADE = { values = "table", text = "string", cost = "table" }
local REACTION = { timing = "string", to = "function" }
local PULSES = { max = "number", condition = "string", effect = "string" }
local OPTION = { label = "string", req = "function", cost = "table",
  effect = { "table", "function" }, msg = { "string", "function" } }
local TARGET = { among = "string", range = { "number", "function" }, area = "number",
  filter = "function", text = { "string", "function" }, name = "string",
  priority = { "number", "boolean" } }

local function fits(spec, v)
  if type(spec) == "table" then
    for _, s in ipairs(spec) do
      if type(v) == s then return true end
    end
    return false
  end
  return type(v) == spec
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  return keys
end

local function check_fields(t, spec, what, out)
  local known = sorted_keys(spec)
  -- In sorted order: the problems of one definition come in the same order every run.
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local v = t[k]
    local s = spec[k]
    if not s then
      out[#out + 1] = string.format("%s: unknown field '%s'%s", what, tostring(k),
        util.hint(tostring(k), known))
    elseif not fits(s, v) then
      out[#out + 1] = string.format("%s: '%s' is a %s, not a %s", what, k,
        type(s) == "table" and table.concat(s, " or a ") or s, type(v))
    end
  end
end

-- The problems of an ability's options (a dialogue's answers: each a label, and its own req,
-- cost, effect and msg).
local function check_options(options, what, out)
  if #options == 0 then out[#out + 1] = what .. ": options: a list of one option or more" end
  for i, o in ipairs(options) do
    local at = string.format("%s: options[%d]", what, i)
    if type(o) ~= "table" then
      out[#out + 1] = at .. " is a table, not a " .. type(o)
    else
      check_fields(o, OPTION, at, out)
      if type(o.label) ~= "string" then out[#out + 1] = at .. ": 'label' is required" end
      if type(o.cost) == "table" then check_fields(o.cost, COST, at .. ": cost", out) end
      if type(o.effect) == "table" then stack.check(o.effect, at .. ": effect", out) end
    end
  end
end

-- Every problem of an ability map (or a card's), as "what: problem" lines.
function abilities.check(def, what, out, spec)
  out = out or {}
  check_fields(def, spec or abilities.FIELDS, what, out)
  if type(def.cost) == "table" then
    check_fields(def.cost, COST, what .. ": cost", out)
    local e = def.cost.energy
    if type(e) == "string" and e ~= "X" then
      out[#out + 1] = what .. ": cost: energy is a number or \"X\", not '" .. e .. "'"
    end
  end
  if type(def.target) == "table" then
    check_fields(def.target, TARGET, what .. ": target", out)
    local among = def.target.among
    if among ~= nil and among ~= "entity" and among ~= "cell" and among ~= "direction" then
      out[#out + 1] = what .. ": target: 'among' is entity, cell or direction, not '" ..
        tostring(among) .. "'"
    end
  end
  if def.once ~= nil and def.once ~= "per_turn" then
    out[#out + 1] = what .. ": once is \"per_turn\", not '" .. tostring(def.once) .. "'" ..
      util.hint(tostring(def.once), { "per_turn" })
  end
  if type(def.effect) == "table" then stack.check(def.effect, what .. ": effect", out) end
  if type(def.cancel_effect) == "table" then
    stack.check(def.cancel_effect, what .. ": cancel_effect", out)
  end
  if type(def.end_turn) == "table" then
    abilities.check(def.end_turn, what .. ": end_turn", out)
  end
  if type(def.upgrade) == "table" then
    check_fields(def.upgrade, UPGRADE, what .. ": upgrade", out)
    if type(def.upgrade.cost) == "table" then
      check_fields(def.upgrade.cost, COST, what .. ": upgrade: cost", out)
    end
  end
  if type(def.reaction) == "table" then
    check_fields(def.reaction, REACTION, what .. ": reaction", out)
    local t = def.reaction.timing
    if t ~= "before" and t ~= "after" then
      out[#out + 1] = what .. ": reaction: timing is \"before\" or \"after\", not " ..
        (t == nil and "missing" or ("'" .. tostring(t) .. "'")) ..
        util.hint(tostring(t), { "before", "after" })
    end
  end
  if type(def.pulses) == "table" then
    check_fields(def.pulses, PULSES, what .. ": pulses", out)
    local n = def.pulses.max
    if n ~= nil and not (math.type(n) == "integer" and n >= 1) then
      out[#out + 1] = what .. ": pulses: max is a whole number of 1 or more"
    end
  end
  if def.delay ~= nil and not (math.type(def.delay) == "integer" and def.delay >= 0) then
    out[#out + 1] = what .. ": delay is a whole number of beats, 0 or more"
  end
  if type(def.options) == "table" then check_options(def.options, what, out) end
  if def.effect == nil and def.options == nil then
    out[#out + 1] = what .. ": 'effect' is required"
  end
  return out
end

function abilities.add(entry, is_card)
  local name = entry.name
  registry[name] = { name = name, def = entry.def, where = entry.where, card = is_card,
    spare_request = false }
  local short = name:match(":(.*)$")
  -- A short name means the one ability of that name; two packs' share none.
  if short then
    if registry[short] == nil then
      registry[short] = registry[name]
    elseif registry[short] ~= registry[name] then
      registry[short] = false
    end
  end
  if is_card then piles.add_card(name, short, registry[name]) end
end

-- Whether an ability or card has this name (a full name, or a short one no two packs share).
function abilities.known(name)
  return registry[name] ~= nil and registry[name] ~= false
end

function abilities.find(name)
  local a = registry[name]
  if a == nil then
    error("no ability or card is named '" .. tostring(name) .. "'" ..
      util.hint(tostring(name), sorted_keys(registry)), 0)
  end
  if a == false then
    error("several packs define an ability or card '" .. name .. "': give its full name", 0)
  end
  return a
end

-- An ability given by name, as an entry, or as a table (not kept: no end_turn by name).
local function ability_of(x)
  if type(x) == "string" then return abilities.find(x) end
  if type(x) == "table" and x.def then return x end
  if type(x) == "table" then return { name = x.name or "ability", def = x, where = "?" } end
  error("an ability is a name or an ability table, not a " .. type(x), 0)
end
abilities.ability_of = ability_of

-- Where payloads nest in an entry's parameters (validate's branches, repeat, x_cost).
local NESTED = { "payload", "passed", "failed" }

-- Whether a payload hits someone: a damage entry, anywhere in it, not aimed at its actor
-- alone or at no one. An effect written as code may do anything, so it counts.
local function hits(payload)
  if type(payload) == "function" then return true end
  if type(payload) ~= "table" then return false end
  for _, entry in ipairs(payload) do
    for kind, params in pairs(entry) do -- one key
      local target = type(params) == "table" and params.target
      if kind == "damage" and target ~= "self" and target ~= "none" then return true end
      for _, k in ipairs(type(params) == "table" and NESTED or EMPTY) do
        if hits(params[k]) then return true end
      end
    end
  end
  return false
end

-- Whether the ability named is a blow: its effect, or a pulse's, hits someone. Worked out once
-- an ability.
function abilities.is_blow(name)
  local a = registry[name]
  if not a then return false end
  if a.blow == nil then
    local def = a.def
    a.blow = hits(def.effect) or hits(def.pulses and def.pulses.effect)
  end
  return a.blow
end

-- What a front end calls an ability: its label, else its short name.
function abilities.label(name)
  local a = registry[name]
  local label = a and a.def.label
  if type(label) == "string" then return label end
  return util.spoken(name or "?")
end

-- Turns ---------------------------------------------------------------------------------------

local DEFAULT_TURN_BEATS = 4

-- The turn under way for e: its deck's, else the turn model's (a round, or every 4 beats).
function abilities.turn(e)
  local deck = piles.of(e)
  if deck then return deck.turn end
  return turns.number(host.world().beat, DEFAULT_TURN_BEATS)
end

local function once_key(a, inst)
  local def = a.def
  if def.once ~= "per_turn" then return nil end
  return def.once_key or (inst and ("#" .. inst.id)) or a.name
end

local function once_used(actor, a, inst)
  local key = once_key(a, inst)
  if not key then return false end
  local used = data.real(actor.data).once_used
  return used ~= nil and used[key] == abilities.turn(actor)
end

local function mark_once(actor, a, inst)
  local key = once_key(a, inst)
  if not key then return end
  local d = data.real(actor.data)
  if not d.once_used then
    actor.data.once_used = {}
    d = data.real(actor.data)
  end
  d.once_used[key] = abilities.turn(actor)
end

-- Costs ---------------------------------------------------------------------------------------

local function in_hand_but(deck, inst)
  local n = 0
  for _, c in ipairs(deck.hand) do
    if not inst or c.id ~= inst.id then n = n + 1 end
  end
  return n
end

-- The cost of the ability for this card: an upgraded card's upgrade.cost when it has one.
local function cost_of(def, inst)
  if inst and inst.upgraded and def.upgrade and def.upgrade.cost then return def.upgrade.cost end
  return def.cost
end
abilities.cost_of = cost_of

-- Why the cost cannot be paid now, or nil.
local function cost_problem(actor, def, inst)
  local cost = cost_of(def, inst)
  if not cost then return nil end
  local deck = piles.of(actor)
  if cost.energy ~= nil then
    if not deck then return "no energy" end
    if cost.energy ~= "X" and deck.energy < cost.energy then
      return string.format("needs %d energy, has %d", cost.energy, deck.energy)
    end
  end
  if cost.hp and (not actor.hp or actor.hp <= cost.hp) then
    return string.format("needs more than %d hp", cost.hp)
  end
  if cost.discard then
    if not deck or in_hand_but(deck, inst) < cost.discard then
      return string.format("needs %d other card%s in hand to discard", cost.discard,
        cost.discard == 1 and "" or "s")
    end
  end
  if cost.counters then
    for _, k in ipairs(sorted_keys(cost.counters)) do
      local have = inst and inst.counters and inst.counters[k] or 0
      if have < cost.counters[k] then
        return string.format("needs %d %s counter%s, has %d", cost.counters[k], k,
          cost.counters[k] == 1 and "" or "s", have)
      end
    end
  end
  return nil
end

-- Whether option o of a dialogue may be taken now: its req holds and its cost can be paid.
local function option_open(actor, o)
  if o.req and not o.req(actor) then return false end
  return cost_problem(actor, o, nil) == nil
end

local function some_option_open(actor, def)
  for _, o in ipairs(def.options) do
    if option_open(actor, o) then return true end
  end
  return false
end

-- Whether the actor may resolve the ability now: true, or false and why.
-- in_window: asked for a reaction, in the window an action opened (a reaction is available
-- nowhere else).
function abilities.available(actor, a, inst, in_window)
  a = ability_of(a)
  if actor:is_dead() then return false, "dead" end
  local def = a.def
  if def.reaction and not in_window then
    return false, "a reaction: played in answer to an action"
  end
  if def.req then
    local ok, why = def.req(actor, inst)
    if not ok then return false, why and tostring(why) or "not now" end
  end
  if once_used(actor, a, inst) then return false, "once a turn, and used this turn" end
  local problem = cost_problem(actor, def, inst)
  if problem then return false, problem end
  if def.options and not some_option_open(actor, def) then return false, "no option is open" end
  return true
end

-- Why the cost of ability a (for card inst) cannot be paid now, or nil.
function abilities.cost_problem(actor, a, inst)
  return cost_problem(actor, ability_of(a).def, inst)
end

local function pay(actor, def, inst, answers, request)
  local cost = cost_of(def, inst)
  if not cost then return end
  local deck = piles.of(actor)
  if cost.energy == "X" then
    local x = answers.x or deck.energy
    deck.energy = deck.energy - x
    request.x = x
  elseif cost.energy then
    deck.energy = deck.energy - cost.energy
  end
  if cost.hp then actor:hurt(cost.hp, actor) end
  if cost.discard then
    for i = 1, cost.discard do
      local c = answers["discard_" .. i]
      if c then piles.move(deck, c, "discard") end
    end
  end
  if cost.counters then
    for _, k in ipairs(sorted_keys(cost.counters)) do
      inst.counters[k] = inst.counters[k] - cost.counters[k]
    end
  end
  if cost.exhaust then request.exhaust = true end
end

-- Prompts -------------------------------------------------------------------------------------

local function card_label(inst)
  local a = registry[inst.card]
  local def = a and a.def or EMPTY
  local name = def.label or util.spoken(inst.card)
  if inst.upgraded then name = name .. "+" end
  local cost = cost_of(def, inst)
  cost = cost and cost.energy
  if cost ~= nil then name = name .. " (" .. tostring(cost) .. ")" end
  return name
end
abilities.card_label = card_label

-- A copy of prompt p whose field k (a value, or a function(actor, answers) giving it) is
-- passed through change(value, actor) as the prompt is asked.
local function reworked(p, k, change)
  local given = p[k]
  p = util.copy_shallow(p)
  p[k] = function(who, answers)
    local v = given
    if type(v) == "function" then v = v(who, answers) end
    return change(v, who)
  end
  return p
end

-- A pick of the ability's whose options of the same text are one option, the first: a person
-- sees no difference between them, so neither may a bot's or a test's answer by number.
local function distinct(p)
  return reworked(p, "options", function(list)
    if type(list) ~= "table" then return list end -- choices.lua says what is wrong
    local seen, out = {}, {}
    for _, v in ipairs(list) do
      local label = choices.option(v).label
      if not seen[label] then
        seen[label] = true
        out[#out + 1] = v
      end
    end
    return out
  end)
end

-- A pick of the ability's whose question lists the discard pile (show_discard): the cards
-- it picks among are often there, and the rest of the pile is worth seeing as it picks.
local function showing_discard(p)
  return reworked(p, "text", function(text, who)
    local names = {}
    local deck = piles.of(who)
    for i, c in ipairs(deck and deck.discard or EMPTY) do names[i] = card_label(c) end
    return string.format("%s (discard pile: %s)", tostring(text or p.name),
      #names > 0 and table.concat(names, ", ") or "empty")
  end)
end

-- The pick among an ability's options: those open now, by their labels; the answer is the
-- option's place in the list.
local function option_prompt(def, cancel)
  local text = type(def.text) == "string" and def.text or def.label or "Which?"
  return { name = "option", kind = "pick", text = text, cancel = cancel, not_distinct = true,
    options = function(who)
      local out = {}
      for k, o in ipairs(def.options) do
        if option_open(who, o) then out[#out + 1] = { value = k, label = o.label } end
      end
      return out
    end }
end

-- The prompts resolving the ability asks, in choices.lua's form: optional first, the target,
-- X, the cards a discard cost takes, the ability's choices.
function abilities.prompts(actor, a, inst)
  a = ability_of(a)
  local def = a.def
  local cancel
  if def.cancel_effect then
    cancel = function(who, answers)
      return abilities.cancel(who, a, inst, answers)
    end
  end
  -- An ability's target is an entity unless it says; cancelling it is the ability's cancel.
  local list = choices.lead_prompts(def)
  local t = def.target and list[#list]
  if t then t.among, t.cancel = t.among or "entity", cancel end
  local cost = cost_of(def, inst) or EMPTY
  if cost.energy == "X" then
    list[#list + 1] = { name = "x", kind = "number", text = "How much energy?", min = 0,
      max = function(who) return piles.need(who).energy end, cancel = cancel }
  end
  for i = 1, cost.discard or 0 do
    list[#list + 1] = { name = "discard_" .. i, kind = "pick", text = "Discard which card?",
      cancel = cancel,
      options = function(who, answers)
        local out = {}
        for _, c in ipairs(piles.need(who).hand) do
          local taken = inst and c.id == inst.id
          for j = 1, i - 1 do taken = taken or (answers["discard_" .. j] == c) end
          if not taken then out[#out + 1] = { value = c, label = card_label(c) } end
        end
        return out
      end }
  end
  local more = def.choices
  if type(more) == "function" then more = more(actor, inst) end
  if type(more) == "table" and more.kind then more = { more } end
  for _, p in ipairs(more or EMPTY) do
    if cancel and p.cancel == nil then
      p = util.copy_shallow(p)
      p.cancel = cancel
    end
    if p.kind == "pick" then
      if not (def.not_distinct or p.not_distinct) then p = distinct(p) end
      if def.show_discard then p = showing_discard(p) end
    end
    list[#list + 1] = p
  end
  if def.options then list[#list + 1] = option_prompt(def, cancel) end
  return list
end

-- Whether the card's target prompt has something to choose now: true, or false and why. A
-- hand shows a card with no target in range as unplayable, rather than letting the play
-- choice fail at its target ("nothing to choose for").
function abilities.has_target(actor, a)
  a = ability_of(a)
  local t = a.def.target
  if not t then return true end
  local prompt = util.copy_shallow(t)
  prompt.name, prompt.kind, prompt.among = "target", "select", t.among or "entity"
  local entry = { name = a.name, where = a.where, def = { label = a.name, prompts = { prompt } } }
  local ok = pcall(function() choices.prompt(choices.begin(actor, entry)) end)
  if ok then return true end
  return false, "nothing to target in range"
end

-- Mid-beat deciders ---------------------------------------------------------------------------

local custom_decider = nil

-- The default: the first option or candidate, the most, yes.
local function default_decider(m)
  if m.kind == "pick" then return m.options[1] and m.options[1].value end
  if m.kind == "select" then return m.candidates[1] end
  if m.kind == "number" then return m.max end
  return true
end

-- The session's side of one beat (begin_beat, end_beat): a bot's answer function, whose
-- answers are kept as text for the log; or the answers a log entry recorded, given back in
-- order (undo, replays). Nil between beats and in worlds without a session.
local beat_mid = nil

local function pairs_of(text)
  local list = {}
  for name, value in text:gmatch("([%w_]+)=([^;]*)") do list[#list + 1] = { name, value } end
  return list
end

-- src: a function(prompt) -> answer (a bot's), the text a log entry recorded,
-- { ask = function(prompt) -> text } (a front end's: every prompt is asked of it, and its
-- answers are kept as text), or nil.
function abilities.begin_beat(src)
  if type(src) == "string" then
    beat_mid = { recorded = pairs_of(src), next = 1, given = {} }
  elseif type(src) == "function" then
    beat_mid = { fn = src, given = {} }
  elseif type(src) == "table" then
    beat_mid = { ask = src.ask, given = {} }
  else
    beat_mid = nil
  end
end

-- The beat's mid-beat answers as text ("name=value;..."), or nil when none was asked.
function abilities.end_beat()
  local m = beat_mid
  beat_mid = nil
  if m and not m.recorded and #m.given > 0 then return table.concat(m.given, ";") end
  return nil
end

-- The default's answer as the text the log keeps (for a recorded beat whose answers ran out
-- or name another prompt: the game played again on other content, or a damaged record).
-- A beat that comes out differently then shows as such, by its checksum.
local function default_text(m)
  if m.kind == "pick" then return m.options[1] and "1" end
  if m.kind == "number" then return tostring(m.max) end
  if m.kind == "confirm" then return "yes" end
  local c = m.candidates[1]
  if type(c) == "userdata" then return "#" .. c.id end
  if type(c) == "table" then return c.x .. "," .. c.y end
  return c
end
abilities.default_text = default_text

-- The mid-beat decider now: a test's (cairn.cards.decide), the recorded answers, a bot's, a
-- front end's, or the default. Returns it, whether it answers with text, and where to keep
-- what it answers (a bot's or a front end's only: the others need no record).
local function decider()
  if custom_decider then return custom_decider, false, nil end
  local m = beat_mid
  if m and m.recorded then
    return function(p)
      local pair = m.recorded[m.next]
      if not pair or pair[1] ~= p.name then
        if p.name == "order" then return "1" end
        return default_text(p)
      end
      m.next = m.next + 1
      return pair[2]
    end, true, nil
  end
  if m and m.fn then return m.fn, false, m.given end
  if m and m.ask then return m.ask, true, m.given end
  return default_decider, false, nil
end

function abilities.set_decider(fn)
  custom_decider = fn
end

-- Asks every prompt of a resolution (choices.lua's queue) of the decider; keeps the answers
-- as text in `record` when given. Returns the resolution, dropped or not.
local function ask_all(actor, entry, decide, is_text, record)
  local r = choices.begin(actor, entry)
  while not choices.done(r) do
    local m = choices.prompt(r)
    local v = decide(m)
    if v == nil or v == "!" then
      if record then record[#record + 1] = m.name .. "=!" end
      choices.cancel(r)
    else
      local before = #r.given
      choices.answer(r, v, is_text)
      if record then
        for i = before + 1, #r.given do record[#record + 1] = r.given[i] end
      end
    end
  end
  return r
end

-- Messages ------------------------------------------------------------------------------------

-- The kind of change a msg is recorded as; narration.lua asks abilities.tell for its words.
-- A change holds numbers only, so the text waits in `spoken`, under the change's amount: its
-- place among the beat's msgs. That number comes from the beat's history, not from a count
-- kept here, so that a beat played again (undo, replays) records the same change - the
-- history is part of the checksum - even after a preview ran the beat in between.
abilities.SAID = "cairn:said"
local spoken = {}

local function fill(text, values)
  return (text:gsub("{([%w_]+)}", function(k)
    local v = values[k]
    return v ~= nil and tostring(v) or nil
  end))
end
abilities.fill = fill

local function say(actor, text)
  if type(text) ~= "string" or text == "" then return end
  local w = host.world()
  local n = 1
  for _, c in ipairs(w:history()) do
    if c.kind == abilities.SAID then n = n + 1 end
  end
  spoken[n] = text
  w:record(abilities.SAID, { entity = actor, amount = n })
end
abilities.say = say

-- The words of a change recorded by say (narration.lua); nil for other kinds.
function abilities.tell(c)
  if c.kind ~= abilities.SAID then return nil end
  return spoken[c.amount]
end

-- Resolving -----------------------------------------------------------------------------------

-- A play request: what one resolution of ability a knows (docs/cards.md, "play request").
-- Its values are a copy of the card's, made when it is played: resolution changes the card
-- only when an effect writes ctx.request.card.values on purpose.
--
-- A card played every beat would make a request every beat (a table, the copy of its values,
-- its targets list). So `spare`, a request of an earlier play of the same ability that is
-- over and that content never had in hand (stack.exposed), is filled again instead: every
-- field written, its values copied again in place (util.recopy), its targets list emptied
-- and filled. Nothing of the earlier play shows through, and no one else holds the table.
local function request_of(actor, a, inst, answers, opts, spare)
  local from = opts.values or inst and inst.values or a.def.values or EMPTY
  local r, targets
  if spare then
    r, targets = spare, spare.targets
    r.actor, r.card, r.ability, r.answers = actor, inst, a.name, answers
    r.values = util.recopy(r.values, from) or util.copy(from)
    r.x, r.source, r.trigger, r.action, r.trigger_action = opts.x, opts.source, opts.trigger,
      opts.action, opts.trigger_action
    r.cell, r.exhaust = nil, nil
    for i = #targets, 1, -1 do targets[i] = nil end
  else
    targets = {}
    r = { actor = actor, card = inst, ability = a.name, values = util.copy(from),
      targets = targets, answers = answers, x = opts.x, source = opts.source,
      trigger = opts.trigger, action = opts.action, trigger_action = opts.trigger_action }
  end
  local t = answers.target
  if opts.targets then
    for i, e in ipairs(opts.targets) do targets[i] = e end
  elseif type(t) == "userdata" then
    targets[1] = t
  elseif type(t) == "table" then
    r.cell = { x = t.x, y = t.y }
  end
  if opts.cell then r.cell = opts.cell end
  return r
end

-- Runs an effect (a payload or a function) for a request, and resolves the stack.
local ONE_QUEUE = { one_queue = true }

local function run_effect(effect, request, one_queue)
  if type(effect) == "function" then
    local c = stack.context({ def = { name = request.ability }, params = EMPTY,
      request = request })
    effect(c)
  elseif effect then
    stack.push(effect, request, one_queue and ONE_QUEUE or nil)
  end
  stack.resolve()
end

function abilities.cancel(actor, a, inst, answers)
  local def = a.def
  local request = request_of(actor, a, inst, answers or {}, EMPTY)
  run_effect(def.cancel_effect, request)
  return true
end

local function card_done(actor, inst, request)
  local deck = piles.of(actor)
  if not (deck and inst) then return end
  local where = piles.find(deck, inst)
  if where == "table" then
    -- A declared action's card: it leaves the table when its action ends, not at its first
    -- pulse.
    if request.exhaust then lifecycle.exhausts(request.action) end
  elseif where == "hand" or where == nil then
    local to = request.exhaust and "exhaust" or "discard"
    if where then
      piles.move(deck, inst, to)
    else
      deck[to][#deck[to] + 1] = inst
    end
  end
end

-- Performs a resolved ability: pays, runs the effect, says its msg, keeps its end_turn,
-- moves the card. Returns true.
function abilities.perform(actor, a, inst, answers, opts)
  a = ability_of(a)
  opts = opts or EMPTY
  answers = answers or {}
  local def = a.def
  -- Resolved to its end here unless the stack is resolving already: then this play's effects
  -- only wait on it, holding the request, when this returns.
  local whole = not stack.busy()
  -- The spare request is this play's while it runs (false: a play of the same ability
  -- inside this one makes its own).
  local spare = whole and a.spare_request or nil
  if spare then a.spare_request = false end
  local request = request_of(actor, a, inst, answers, opts, spare)
  pay(actor, def, inst, answers, request)
  mark_once(actor, a, inst)
  local deck = piles.of(actor)
  if deck and inst then
    -- Out of the hand while it resolves: a draw that reshuffles must not take it.
    local where, i = piles.find(deck, inst)
    if where == "hand" then table.remove(deck.hand, i) end
  end
  local effect, msg = def.effect, def.msg
  local option = def.options and def.options[answers.option]
  if option then
    -- A dialogue's answer: its own cost, effect and msg.
    pay(actor, option, nil, answers, request)
    effect, msg = option.effect, option.msg or msg
  end
  run_effect(effect, request, def.one_queue)
  if msg then
    local text = msg
    if type(text) == "function" then
      stack.expose(request)
      text = text(actor, request)
    end
    if type(text) == "string" then say(actor, fill(text, request.values)) end
  end
  if def.end_turn then
    if not registry[a.name] then
      error("ability '" .. a.name .. "': an end_turn needs the ability defined by name", 0)
    end
    if deck then
      deck.end_turn[#deck.end_turn + 1] = { ability = a.name, card = inst and inst.id or false }
    end
  end
  card_done(actor, inst, request)
  -- Over: the request is the next play's to fill, unless content had it.
  if whole and not stack.exposed(request) then a.spare_request = request end
  if inst then abilities.fire("card_played", actor, { source = actor, card = inst }) end
  return true
end

-- Resolves an ability for the actor: opts.answers answer its prompts (a table by prompt
-- name, or a decider; default: the mid-beat decider), opts.card is the card instance it is
-- the ability of, opts.targets / opts.cell choose without a prompt, opts.source and
-- opts.trigger say what set it off, opts.x the X paid. Returns true, or false and why.
-- The answers to ability a's prompts for the actor (a card inst's, if any): from
-- opts.answers (a table by prompt name, or a decider), else the mid-beat decider. A target
-- given in opts.targets or opts.cell is not asked. Returns the answers, or nil and why
-- ("dropped", "cancelled": a cancel runs its effect).
-- Whether an ability asks anything: most (an enemy's cast, a triggered effect) do not, and
-- need no list of prompts made to find it out.
local function asks(def, inst)
  if def.optional or def.target or def.choices or def.options then return true end
  local cost = cost_of(def, inst)
  return cost ~= nil and (cost.energy == "X" or (cost.discard or 0) > 0)
end

-- The answers of an ability that asked nothing: one table for all, which nothing may write.
local NO_ANSWERS = setmetatable({}, { __newindex = function()
  error("an ability that asked nothing has no answers to write", 2)
end })

function abilities.answer_prompts(actor, a, inst, opts)
  opts = opts or EMPTY
  if not asks(a.def, inst) then return NO_ANSWERS end
  local prompts = abilities.prompts(actor, a, inst)
  if opts.targets or opts.cell then
    for i = #prompts, 1, -1 do
      if prompts[i].name == "target" then table.remove(prompts, i) end
    end
  end
  if #prompts == 0 then return {} end
  local label = a.def.label or (a.name:gsub("^[^:]*:", ""))
  local entry = { name = a.name, where = a.where, def = { label = label, prompts = prompts } }
  local decide, is_text, record
  if opts.answers ~= nil then
    decide, is_text = choices.decider_of(opts.answers, entry), false
  else
    decide, is_text, record = decider()
  end
  local r = ask_all(actor, entry, decide, is_text, record)
  if r.dropped then return nil, "dropped" end
  if r.cancelled then
    r.cancelled(actor, r.answers)
    return nil, "cancelled"
  end
  return r.answers
end

-- Resolves an ability for the actor: opts.answers answer its prompts (a table by prompt
-- name, or a decider; default: the mid-beat decider), opts.card is the card instance it is
-- the ability of, opts.targets / opts.cell choose without a prompt, opts.source and
-- opts.trigger say what set it off, opts.x the X paid, opts.values the values it resolves
-- with (an item's data) in place of the card's; opts.declare: declared as an action
-- (lifecycle.lua: reactions, delay, pulses) rather than performed at once. Returns true, or
-- false and why.
function abilities.resolve(actor, ability, opts)
  opts = opts or EMPTY
  local a = ability_of(ability)
  local inst = opts.card
  local ok, why = abilities.available(actor, a, inst)
  if not ok then return false, why end
  local answers, dropped = abilities.answer_prompts(actor, a, inst, opts)
  if not answers then return false, dropped end
  if opts.declare then return lifecycle.declare(actor, a, inst, answers, opts) end
  return abilities.perform(actor, a, inst, answers, opts)
end

-- One more run of ability a's effect for the same request (a pulse after the first: no
-- cost, msg or card move).
function abilities.effect_again(actor, a, inst, answers, opts)
  local request = request_of(actor, a, inst, answers or {}, opts or EMPTY)
  run_effect(a.def.effect, request, a.def.one_queue)
end

-- A pick asked of the mid-beat decider outside a choice (a reaction window): the option's
-- number, recorded as the bot's and the person's answers are. A decline (nil or "!") takes
-- m.decline, the option that declines, when the pick has one. `unrecorded`: a reaction
-- window with nothing in it but a pass, asked only because a person asked to see such
-- windows: its answer is not kept, and a beat played again from the log passes it without
-- asking (a game played again may not ask it at all).
function abilities.ask_pick(m, unrecorded)
  if unrecorded and beat_mid and beat_mid.recorded and m.decline then return m.decline end
  local decide, _, record = decider()
  local v = decide(m)
  if (v == nil or v == "!") and m.decline then v = m.decline end
  local k = math.tointeger(tonumber(v))
  if not (k and m.options[k]) then
    error(string.format("'%s': the decider answered %s, not one of 1 to %d", m.text,
      tostring(v), #m.options), 0)
  end
  if record and not unrecorded then record[#record + 1] = m.name .. "=" .. k end
  return k
end

-- Simultaneous triggers -----------------------------------------------------------------------

local function flag(v, actor, request)
  if type(v) == "function" then return v(actor, request) and true or false end
  return v and true or false
end

-- A relic's ability resolves with the relic's data as its values, and spends a charge.
local function resolve_relic(t, a, event, ask)
  local relic = t.relic
  if t.actor:is_dead() or relic:is_dead() then return end
  local d = data.real(relic.data)
  local done = abilities.resolve(t.actor, a, { source = t.source, trigger = event,
    answers = ask, values = d })
  if done and d.charges then relic.data.charges = d.charges - 1 end
end

-- Resolves the triggered abilities of one event: list = { { actor =, ability =, source =,
-- card = }, ... }. By priority, higher first, stable; if any is interactive, the decider
-- orders those that are not silent (a pick, one at a time); silent ones resolve last, in
-- priority order, without a question. Returns the order they resolved in (ability names).
function abilities.trigger(event, list, ask)
  local items = {}
  for i, t in ipairs(list) do
    local a = ability_of(t.ability)
    items[#items + 1] = { t = t, a = a, i = i, p = a.def.priority or 0 }
  end
  table.sort(items, function(x, y)
    if x.p ~= y.p then return x.p > y.p end
    return x.i < y.i
  end)
  local loud, silent, interactive = {}, {}, false
  for _, it in ipairs(items) do
    if flag(it.a.def.silent, it.t.actor) then
      silent[#silent + 1] = it
    else
      loud[#loud + 1] = it
      interactive = interactive or flag(it.a.def.interactive, it.t.actor)
    end
  end
  local order = {}
  if interactive and #loud > 1 then
    local decide, record = ask, nil
    if not decide then
      local _
      decide, _, record = decider()
    end
    while #loud > 1 do
      local m = { kind = "pick", name = "order", choice = event, label = event,
        actor = loud[1].t.actor, text = "Which resolves first?", options = {}, decline = 1 }
      for k, it in ipairs(loud) do
        m.options[k] = { value = k, label = it.a.def.label or (it.a.name:gsub("^[^:]*:", "")) }
      end
      local v = decide(m)
      if v == nil or v == "!" then v = m.decline end
      local k = math.tointeger(tonumber(v))
      if record and k then record[#record + 1] = "order=" .. k end
      if not (k and loud[k]) then
        error(string.format("the order of '%s': the decider answered %s, not one of 1 to %d",
          event, tostring(v), #loud), 0)
      end
      order[#order + 1] = table.remove(loud, k)
    end
  end
  for _, it in ipairs(loud) do order[#order + 1] = it end
  for _, it in ipairs(silent) do order[#order + 1] = it end
  local names = {}
  for _, it in ipairs(order) do
    local t = it.t
    if t.relic then
      resolve_relic(t, it.a, event, ask)
    elseif not t.actor:is_dead() then
      abilities.resolve(t.actor, it.a, { source = t.source, trigger = event, card = t.card,
        answers = ask })
    end
    names[#names + 1] = it.a.name
  end
  return names
end

-- The abilities an entity carries (e.data.abilities: names; an item or a status gives and
-- takes them with cairn.cards.grant and revoke) that `event` triggers.
function abilities.carried(e, event)
  local names = data.real(e.data).abilities
  local list = EMPTY -- a list is made only when one is found: most fire nothing
  for _, name in ipairs(names or EMPTY) do
    local a = registry[name]
    if a and a.def.trigger == event then
      if list == EMPTY then list = {} end
      list[#list + 1] = a
    end
  end
  return list
end

-- Relics ------------------------------------------------------------------------------------
--
-- A relic is an entity (an item) that its holder keeps off the grid, its id in
-- e.data.relics, whose data names a triggered ability (`ability`): the events that fire on
-- the holder resolve it with the relic's data as its values. `charges` in its data, when
-- there, is how many more times it may resolve; it goes down by one each time it does.

function abilities.relics(e)
  local w, list = host.world(), {}
  for _, id in ipairs(data.real(e.data).relics or EMPTY) do
    local item = w:entity(id)
    if item then list[#list + 1] = item end
  end
  return list
end

-- q: the caller's pack's qualifier; the relic's ability is kept by its full name.
function abilities.add_relic(e, item, q)
  local name = item.data.ability
  if type(name) ~= "string" then
    error(tostring(item) .. " is not a relic: its data names no ability", 0)
  end
  local full = q and q(name) or name
  abilities.find(full)
  if full ~= name then item.data.ability = full end
  if item.x then item:lift() end
  local ids = e.data.relics
  local list = ids and util.copy(data.real(ids)) or {}
  list[#list + 1] = item.id
  e.data.relics = list
end

-- The relics of e whose ability `event` triggers and that have a charge left, as trigger
-- entries (abilities.trigger).
local function relics_for(e, event, source, list)
  for _, item in ipairs(abilities.relics(e)) do
    local d = data.real(item.data)
    local a = registry[d.ability]
    if a and a.def.trigger == event and (d.charges == nil or d.charges > 0) then
      if list == EMPTY then list = {} end
      list[#list + 1] = { actor = e, ability = a, source = source, relic = item }
    end
  end
  return list
end

-- Fires an event on an entity: the abilities it carries and its relics' that the event
-- triggers resolve, in order (abilities.trigger).
function abilities.fire(event, e, opts)
  if e:is_dead() then return EMPTY end
  local source = opts and opts.source
  local found = abilities.carried(e, event)
  local list = EMPTY
  if #found > 0 then
    list = {}
    for i, a in ipairs(found) do
      list[i] = { actor = e, ability = a, source = source, card = nil }
    end
  end
  if data.real(e.data).relics then list = relics_for(e, event, source, list) end
  if #list == 0 then return EMPTY end
  return abilities.trigger(event, list)
end

-- The stack has run empty: the abilities the actor that started it carries with trigger
-- "stack_empty" resolve. Not again while they resolve: their own stack running empty would
-- trigger them without end.
local emptying = false
stack.add_on_empty(function(actor)
  if emptying or not actor or actor:is_dead() then return end
  emptying = true
  local ok, err = pcall(abilities.fire, "stack_empty", actor)
  emptying = false
  if not ok then error(err, 0) end
end)

function abilities.grant(e, name)
  abilities.find(name)
  local names = e.data.abilities
  local list = names and util.copy(data.real(names)) or {}
  list[#list + 1] = name
  e.data.abilities = list
end

function abilities.revoke(e, name)
  local names = data.real(e.data).abilities or EMPTY
  local list = {}
  local gone = false
  for _, n in ipairs(names) do
    if n == name and not gone then gone = true else list[#list + 1] = n end
  end
  e.data.abilities = list
end

-- The holder's statuses that count its turn's start or end decay then, in the beats model,
-- where the cards' turn is its turn. Under a turn model the cards' turn is the round, and the
-- turn layer decays the active character's statuses at its own turn (session/turns.lua).
local function turn_decay(e, moment)
  if turns.model() == "beats" and not e:is_dead() then e:decay(moment) end
end

-- The turn: at the first beat of each turn (or before it, as a turn of the game begins:
-- abilities.next_turn) the last one ends (its end_turn abilities, the turn_end trigger, the
-- hand discarded unless the deck keeps it, then its turn_end statuses decay) and the new one
-- starts (its turn_start statuses decay first - a holder they kill starts no turn - then
-- energy refilled, cards drawn, the turn_start trigger). Once-per-turn needs no reset: it
-- remembers the turn it was used in.
local function end_turn(e, deck)
  local pending = deck.end_turn
  deck.end_turn = {}
  for _, p in ipairs(pending) do
    local a = registry[p.ability]
    if a and a.def.end_turn and not e:is_dead() then
      local inst
      if p.card then
        local where, i = piles.find(deck, p.card)
        if where then inst = deck[where][i] end
      end
      local sub = { name = a.name .. ".end_turn", def = a.def.end_turn, where = a.where }
      abilities.resolve(e, sub, { card = inst })
    end
  end
  abilities.fire("turn_end", e)
  if not deck.keep_hand then
    while #deck.hand > 0 do
      deck.discard[#deck.discard + 1] = table.remove(deck.hand, 1)
    end
  end
  turn_decay(e, "turn_end")
end

-- Every card holder whose turn has changed by `beat` ends its last turn and starts the new
-- one.
local function start_turns(w, beat)
  local wd = data.real(w.data)
  local list = wd.card_holders
  if not list then return end
  -- The gone leave the list (enemies with decks die floor after floor); a new list, so
  -- that the loop below is not walking the one it changes.
  local kept = {}
  for _, id in ipairs(list) do
    if w:entity(id) then kept[#kept + 1] = id end
  end
  if #kept < #list then wd.card_holders = kept end
  for _, id in ipairs(kept) do
    local e = w:entity(id)
    local deck = e and not e:is_dead() and piles.of(e)
    if deck then
      local turn = turns.number(beat, deck.turn_beats)
      if turn ~= deck.turn then
        if deck.turn > 0 then end_turn(e, deck) end
        deck.turn = turn
        turn_decay(e, "turn_start")
        if not e:is_dead() then
          deck.energy = deck.energy_max
          piles.draw(deck, deck.draw_per_turn)
          abilities.fire("turn_start", e)
        end
      end
    end
  end
end

-- beat_start: the beat's turn, if it is a new one.
function abilities.beat()
  local w = host.world()
  start_turns(w, w.beat)
end

-- As a turn of the game begins (a round's reset, a game's start): the turn of the beat to
-- come starts now, so that the decision taken before that beat sees its hand and energy.
function abilities.next_turn(w)
  start_turns(w, w.beat + 1)
end

-- A new world: what the last one left goes.
function abilities.reset()
  if lifecycle then lifecycle.reset() end
  for k in pairs(registry) do registry[k] = nil end
  piles.clear_cards()
  spoken, custom_decider, beat_mid = {}, nil, nil
  stack.clear()
  stack.reset_types()
  stack.reset_validators()
end

-- The cast action: an enemy's sequence step plays an ability, as data. The step names the
-- action "cast" (its type lists the decorator Casting); the ability is the one e.data.cast
-- names (the type's data, or a step's enter sets it). An ability with a target prompt takes
-- the first foe along the step's direction within the target's range - none there, and the
-- component fails, so the algorithm tries the movs's next direction; one without a target
-- needs no direction (its effects use overrides: adjacent, all_enemies, ...).
local DELTA = util.DELTA

local function cast(e, dir)
  local name = data.real(e.data).cast
  if type(name) ~= "string" then
    error(tostring(e) .. " casts, but its e.data.cast names no ability", 0)
  end
  local a = abilities.find(name)
  local opts = { targets = {} }
  local target = a.def.target
  if target then
    local d = DELTA[dir]
    if not (d and e.x) then return false end
    local w = host.world()
    local range = type(target.range) == "number" and target.range or 1
    local found
    for i = 1, range do
      local x, y = e.x + d[1] * i, e.y + d[2] * i
      if x < 0 or y < 0 or x >= w.width or y >= w.height or w:at(x, y, "wall") then break end
      local t = w:at(x, y, "real")
      if t then
        if stack.foe_of(e, t) then found = t end
        break
      end
    end
    if not found then return false end
    opts.targets, opts.cell = { found }, { x = found.x, y = found.y }
  end
  opts.declare = true
  return abilities.resolve(e, a, opts) == true
end
abilities.cast = cast

-- An event room (the decorator EventRoom, its action `event`): a player come onto its cell
-- since its last turn is asked the ability e.data.event names (a dialogue: its options); an
-- answer taken spends the room (e.data.spent), a decline leaves it for the next visit.
local function hold_event(room)
  local d = data.real(room.data)
  local w = host.world()
  local who = room.x and w:at(room.x, room.y)
  if who and who:is_dead() then who = nil end
  local comer = who and who.id ~= d.seen and not d.spent and who:has("PlayerControl")
  room.data.seen = who and who.id or false
  if not comer then return true end
  local name = d.event
  if type(name) ~= "string" then
    error(tostring(room) .. " is an event room, but its e.data.event names no ability", 0)
  end
  local pack = room.type:match("^([^:]+):")
  if pack and not name:find(":", 1, true) and abilities.known(pack .. ":" .. name) then
    name = pack .. ":" .. name
  end
  if abilities.resolve(who, name) == true then room.data.spent = true end
  return true
end

-- Registers what cards need in a world that uses them: block's status, msg's kind of change,
-- the turn's beat_start handler, the Casting decorator and the cast action; and of the
-- optional parts, those the packs use (`wanted`, init.lua: event_room, prime).
function abilities.register(effects, wanted)
  local casting = core.decorator("Casting", {}, {}, function(e, dir) return cast(e, dir) end)
  core.action("cast", { casting })
  if wanted.event_room then
    local room = core.decorator("EventRoom", {}, {}, function(e) return hold_event(e) end)
    core.action("event", { room })
  end
  local defence = core.find("chain", "defence")
  core.status(effects.BLOCK, nil, nil, effects.block_off, { { defence, effects.block_defence,
    "low" } })
  if wanted.prime then
    core.status(effects.PRIMED, nil, nil, effects.primed_off,
      { { core.find("chain", "act_check"), effects.primed_act, "low" } })
  end
  core.change(abilities.SAID)
  core.world_hook(core.find("chain", "beat_start"), abilities.beat, "highest")
  if lifecycle then lifecycle.register() end
end

return abilities
