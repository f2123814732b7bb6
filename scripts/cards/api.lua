-- cards/api.lua: what content sees of cards - cairn.effect, cairn.validator, cairn.ability
-- and cairn.card are definitions (define.lua records them; compile runs `compile` below on
-- each), and cairn.resolve and the cairn.cards table are functions a pack calls while
-- playing: piles, playing a card, the play choice, triggers, the mid-beat decider.
local abilities = require("cards.abilities")
local lifecycle = require("cards.lifecycle")
local piles = require("cards.piles")
local stack = require("cards.stack")
local util = require("lua.util")
local api = {}

-- Compiling: kind -> function(entry) -> the list of its problems (each reported on its own
-- line by compile.lua); a definition with none is kept where the stack finds it.
api.compile = {}

-- The type names a parameter spec may use (stack.lua's fits reads them).
local PARAM_TYPE_NAMES = { "number", "string", "boolean", "table", "function", "payload", "value",
  "any" }
local PARAM_TYPES = {}
for _, t in ipairs(PARAM_TYPE_NAMES) do PARAM_TYPES[t] = true end

-- A table's keys as strings, sorted: problems come in the same order every run.
local function names_of(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  return keys
end

function api.compile.effect(e)
  local def = e.def
  local out = {}
  for _, k in ipairs(names_of(def.params or {})) do
    local v = def.params[k]
    local list = type(v) == "table" and v or { v }
    for _, t in ipairs(list) do
      if not PARAM_TYPES[t] then
        out[#out + 1] = string.format("params: '%s' is %s, not a type name (%s)%s",
          tostring(k), type(t) == "string" and ("'" .. t .. "'") or ("a " .. type(t)),
          table.concat(PARAM_TYPE_NAMES, ", "),
          type(t) == "string" and util.hint(t, PARAM_TYPE_NAMES) or "")
      end
    end
    if type(v) == "table" and #v == 0 then
      out[#out + 1] = "params: '" .. tostring(k) .. "' lists no type"
    end
  end
  if def.target ~= nil then
    local known = false
    for _, o in ipairs(stack.OVERRIDES) do known = known or o == def.target end
    if not known then
      out[#out + 1] = "target '" .. tostring(def.target) .. "' is not one of " ..
        table.concat(stack.OVERRIDES, ", ") .. util.hint(tostring(def.target), stack.OVERRIDES)
    end
  end
  if #out > 0 then return out end
  stack.define({ name = e.name, params = def.params, run = def.run, instant = def.instant,
    target = def.target, each = def.each, reach = def.reach }, e.where)
  -- Its short name too, unless a built-in or another pack's effect has it: then payloads
  -- name it in full.
  stack.add_short_name(e.name)
  return out
end

function api.compile.validator(e)
  stack.add_validator(e.name, e.def.check)
  return {}
end

function api.compile.ability(e)
  local out = abilities.check(e.def, "", {})
  if #out == 0 then abilities.add(e, false) end
  return out
end

function api.compile.card(e)
  local out = abilities.check(e.def, "", {}, abilities.CARD_FIELDS)
  if #out == 0 then abilities.add(e, true) end
  return out
end

-- Playing ----------------------------------------------------------------------------------

-- The card instances in a pile, as content reads them (copies: change them through the
-- functions here, or card values through ctx.request.card in an effect).
local function pile_list(e, name)
  local deck = piles.need(e)
  if not piles.IS_PILE[name] then error("no pile is named '" .. tostring(name) .. "'", 2) end
  return util.copy(deck[name] or {})
end

-- Finds an instance of e's deck by id or by an instance table's id: the live table.
local function live(e, inst)
  local deck = piles.need(e)
  local where, i = piles.find(deck, inst)
  if not where then error("card " .. tostring(type(inst) == "table" and inst.id or inst) ..
    " is in none of " .. tostring(e) .. "'s piles", 0) end
  return deck[where][i], where
end

-- Whether e can play the card (an instance or its id) from its hand now: true, or false and
-- why.
-- Whether a card of the hand can be played now: its ability is open, and its target prompt,
-- if any, has something to choose.
local function can_play(e, card)
  local a = abilities.find(card.card)
  local ok, why = abilities.available(e, a, card)
  if not ok then return false, why end
  why = lifecycle.problem(e, a)
  if why then return false, why end
  return abilities.has_target(e, a)
end

local function playable(e, inst)
  local card, where = live(e, inst)
  if where ~= "hand" then return false, "not in hand" end
  return can_play(e, card)
end

-- Plays a card from e's hand, its prompts answered by `answers` (as choices take them; for
-- the play choice, the choice's answers). Returns true, or false and why not.
local function play(e, inst, answers)
  local ok, why = playable(e, inst)
  if not ok then return false, why end
  local card = live(e, inst)
  local a = abilities.find(card.card)
  if type(answers) == "table" and answers.card ~= nil then
    return lifecycle.declare(e, a, card, answers, {})
  end
  return abilities.resolve(e, a, { card = card, answers = answers, declare = true })
end

-- The hand as a front end shows it: name, cost, text, playable and why not.
local function hand_view(e)
  local deck = piles.need(e)
  local out = {}
  for i, c in ipairs(deck.hand) do
    local a = abilities.find(c.card)
    local ok, why = can_play(e, c)
    local text = a.def.text
    if type(text) == "function" then text = text(c) end
    if c.upgraded and a.def.upgrade and a.def.upgrade.text then text = a.def.upgrade.text end
    out[i] = { id = c.id, card = c.card, label = abilities.card_label(c),
      cost = (abilities.cost_of(a.def, c) or {}).energy, text = text and abilities.fill(text, c.values),
      playable = ok, reason = why }
  end
  return out
end

-- A choice definition for playing a card (give it to cairn.choice): pick a playable card of
-- the hand, then its prompts; performed in the beat.
local function play_choice(opts)
  opts = opts or {}
  return {
    name = opts.name or "play", key = opts.key or "c", label = opts.label or "play a card",
    description = opts.description or "play a card from the hand",
    available = function(a)
      local deck = piles.of(a)
      if not deck then return false end
      if #deck.hand == 0 then return false, "no cards in hand" end
      for _, c in ipairs(deck.hand) do
        if can_play(a, c) then return true end
      end
      return false, "no card can be played now"
    end,
    prompts = { { name = "card", kind = "pick", text = opts.text or "Play which card?",
      options = function(a)
        local list = {}
        for _, c in ipairs(piles.need(a).hand) do
          if can_play(a, c) then
            list[#list + 1] = { value = c, label = abilities.card_label(c) }
          end
        end
        return list
      end,
      next = function(a, answers)
        local c = answers.card
        return abilities.prompts(a, abilities.find(c.card), c)
      end } },
    perform = function(a, answers)
      return (play(a, answers.card, answers))
    end,
  }
end

-- A name a pack gives (a card, an ability): its own of that short name when it has one,
-- else the name as given (a full name, or one short name shared by no two packs). Base
-- defines "strike" too: a pack's "strike" is its own strike.
local function qualifier(pack)
  local prefix = pack and pack.id and (pack.id .. ":")
  return function(name)
    if prefix and type(name) == "string" and not name:find(":", 1, true) and
        abilities.known(prefix .. name) then
      return prefix .. name
    end
    return name
  end
end
api.qualifier = qualifier

-- The cairn.cards table of one pack.
function api.module(pack)
  local q = qualifier(pack)
  local function setup(e, opts)
    if opts and opts.deck then
      local copy = util.copy_shallow(opts)
      copy.deck = {}
      for i, c in ipairs(opts.deck) do
        if type(c) == "table" then
          c = util.copy_shallow(c)
          if c[1] then c[1] = q(c[1]) end
          if c.card then c.card = q(c.card) end
          copy.deck[i] = c
        else
          copy.deck[i] = q(c)
        end
      end
      opts = copy
    end
    return piles.setup(e, opts)
  end
  return {
    setup = setup,
    pile = pile_list,
    hand = hand_view,
    energy = function(e) return piles.need(e).energy end,
    set_energy = function(e, n) piles.need(e).energy = n end,
    add = function(e, name, pile, upgraded)
      local deck = piles.need(e)
      local inst = piles.instance(deck, q(name), upgraded)
      if not piles.IS_PILE[pile or "draw"] then
        error("no pile is named '" .. tostring(pile) .. "'", 2)
      end
      local dest = piles.pile(deck, pile or "draw")
      dest[#dest + 1] = inst
      return inst.id
    end,
    draw = function(e, n) return #piles.draw(piles.need(e), n or 1) end,
    move = function(e, inst, to) return piles.move(piles.need(e), inst, to) ~= nil end,
    upgrade = function(e, inst)
      local card = live(e, inst)
      local def = abilities.find(card.card).def
      card.upgraded = true
      for k, v in pairs(def.upgrade and def.upgrade.values or {}) do card.values[k] = util.copy(v) end
    end,
    playable = playable,
    play = play,
    play_choice = play_choice,
    available = function(e, ability) return abilities.available(e, abilities.find(q(ability))) end,
    fire = function(event, e, opts) return abilities.fire(event, e, opts) end,
    trigger = function(event, list, ask) return abilities.trigger(event, list, ask) end,
    grant = function(e, name) return abilities.grant(e, q(name)) end,
    add_relic = function(e, item) return abilities.add_relic(e, item, q) end,
    relics = abilities.relics,
    revoke = function(e, name) return abilities.revoke(e, q(name)) end,
    decide = abilities.set_decider,
    behaviour = function(name, fn) lifecycle.behaviour(q(name), fn) end,
    on_state = lifecycle.on_state,
    reaction_depth = lifecycle.set_depth,
    action = lifecycle.get,
    pending = lifecycle.pending,
    fail = lifecycle.fail_id,
    interrupt = lifecycle.interrupt,
    points = function(e)
      local p = lifecycle.points(e)
      return { actions = p.actions, reactions = p.reactions }
    end,
    set_points = lifecycle.set_points,
    stack = stack.waiting,
    resolved = function() return stack.resolved end,
    turn = abilities.turn,
    say = abilities.say,
    foe = stack.foe_of,
    creature = stack.creature,
    block = function(e) return e.data.block or 0 end,
  }
end

api.set_stats = stack.set_stats

-- cairn.resolve of one pack.
function api.resolver(pack)
  local q = qualifier(pack)
  return function(actor, ability, opts)
    return abilities.resolve(actor, q(ability), opts)
  end
end

function api.resolve(actor, ability, opts)
  return abilities.resolve(actor, ability, opts)
end

return api
