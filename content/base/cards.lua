-- cards.lua: the player's deck (docs/cards.md is the engine's tutorial and reference). The
-- player starts with a small deck; every TURN_BEATS beats a new turn refills its energy and
-- draws cards into its hand, up to a limit; playing a card is a choice (play_card, key c) and
-- takes the beat, as any choice does. Going down the stairs offers a reward: one of three
-- cards to add, or an upgrade of a card of the deck (the choice "reward", key R, on the new
-- floor).
--
-- The cards, between them, use every part of the engine: each kind of cost (energy, X, hp,
-- a discard, exhausting the card, counters on the card), prompts (a target, a cell, a pick,
-- X), optional, once per turn shared between copies, end_turn, every target override,
-- validate, repeat and x_cost, custom_key_names, block, statuses that carry abilities, and
-- an effect of the pack's own. The enemies' abilities are here too (hex and slam): the
-- shaman and the brute resolve them from their sequences (enemies/shaman.lua, brute.lua).
--
-- Everything random (the shuffles, the rewards, random_enemy) draws from the world's
-- generator, and every list is walked in order: one seed and one set of choices, one game.
--
-- A module too: require "cards" gives the numbers, the starting deck, the reward pool and
-- the functions game.lua and the bot use.

local consumables = require "consumables"

local cards = {}

-- The turn, and what it brings -----------------------------------------------------------------

cards.TURN_BEATS = 5 -- a turn is five beats: beats 1-5, 6-10, ...
cards.ENERGY = 3     -- energy at the start of every turn (what was left is not kept)
cards.DRAW = 3       -- cards drawn at the start of every turn
cards.HAND_LIMIT = 5 -- a draw stops when the hand holds this many: the rest wait in the pile
cards.ACTIONS = 3    -- cards played a turn, at most (action points)
cards.REACTIONS = 2  -- reactions a turn, at most (reaction points)
cards.REWARD_OPTIONS = 3

-- The deck the player starts with (cards.deck, cards.set_deck, cards.add_to_deck).
local starting_deck = {
  "strike", "strike", "strike", "defend", "defend", "lunge", "dash", "second_wind",
}

-- What a reward may offer, each as often as its weight says (cards.add_reward).
local reward_pool = {
  { "strike", 2 }, { "defend", 2 }, { "flurry", 3 }, { "twin_strike", 3 }, { "fireball", 2 },
  { "whirlwind", 2 }, { "charged_bolt", 2 }, { "bloodletting", 2 }, { "gamble", 2 },
  { "tactics", 2 }, { "regrowth", 2 }, { "thorns", 2 }, { "spark", 2 }, { "war_cry", 1 },
  { "shove", 2 }, { "blink", 2 }, { "barricade", 1 }, { "cleanse", 1 }, { "riposte", 2 },
  { "dodge", 2 }, { "parry", 2 }, { "counter", 2 }, { "meditate", 2 }, { "fury", 2 },
  { "cripple", 2 },
}

-- What other packs call to change them: the tables stay base's, each change checked, and
-- placed at the caller's line when it cannot be used.

local function card_name(name, fn, level)
  if type(name) ~= "string" or name == "" then
    error("cards." .. fn .. ": a card is named by a string (\"crypt:hex_bolt\"), not " ..
      (name == nil and "nothing" or ("a " .. type(name))), level + 1)
  end
  return name
end

local function count_of(n, what, fn, level)
  if n == nil then return 1 end
  if math.type(n) ~= "integer" or n < 1 then
    error("cards." .. fn .. ": " .. what .. " must be a whole number of 1 or more, not " ..
      tostring(n), level + 1)
  end
  return n
end

-- cards.deck(): a copy of the starting deck's list of card names.
function cards.deck()
  return { table.unpack(starting_deck) }
end

-- cards.set_deck(list): the starting deck is these cards.
function cards.set_deck(list)
  if type(list) ~= "table" then error("cards.set_deck takes a list of card names", 2) end
  local deck = {}
  for i, name in ipairs(list) do
    if type(name) ~= "string" then error("cards.set_deck: entry " .. i .. " is not a card name", 2) end
    deck[i] = name
  end
  starting_deck = deck
end

-- cards.add_to_deck(name [, count]): count copies (1) of the card join the starting deck.
function cards.add_to_deck(name, count)
  card_name(name, "add_to_deck", 2)
  for _ = 1, count_of(count, "count", "add_to_deck", 2) do
    starting_deck[#starting_deck + 1] = name
  end
end

-- cards.add_reward{ card =, weight = }: the card joins the reward pool with that weight (1 by
-- default), a share of the draws beside the pool's own weights.
function cards.add_reward(spec)
  if type(spec) ~= "table" then
    error("cards.add_reward takes { card = \"pack:name\", weight = n }", 2)
  end
  local name = card_name(spec.card, "add_reward", 2)
  reward_pool[#reward_pool + 1] = { name, count_of(spec.weight, "weight", "add_reward", 2) }
end

-- cards.reward_pool(): a copy of the pool, { name, weight } each.
function cards.reward_pool()
  local list = {}
  for i, e in ipairs(reward_pool) do list[i] = { e[1], e[2] } end
  return list
end

-- Targets -----------------------------------------------------------------------------------

local function distance(a, x, y)
  return math.max(math.abs(a.x - x), math.abs(a.y - y))
end

-- A foe within reach and in a clear line (nothing in between): for cards aimed at someone.
local function foe_in_line(a, e)
  return cairn.cards.foe(a, e) and consumables.clear(cairn.world(), a, e.x, e.y)
end

local function at_foe(range, text)
  return { among = "entity", range = range, text = text, filter = foe_in_line }
end

-- A free floor cell in reach and in a clear line: where the player may go.
local function free_cell(a, c)
  local w = cairn.world()
  return (c.x ~= a.x or c.y ~= a.y) and not w:at(c.x, c.y, "wall") and not w:at(c.x, c.y)
    and consumables.clear(w, a, c.x, c.y)
end

-- A cell at least two cells off, in a clear line: a blast of radius 1 there spares the player.
local function far_cell(a, c)
  local w = cairn.world()
  return distance(a, c.x, c.y) >= 2 and not w:at(c.x, c.y, "wall")
    and consumables.clear(w, a, c.x, c.y, 1)
end

-- Statuses and the pack's own effect -------------------------------------------------------

-- Hexed: every hit on the hexed does 1 more damage (before block and armour soak it). The
-- shaman's hex; the card cleanse lifts it.
cairn.status {
  name = "hexed",
  description = "takes 1 more damage from every hit",
  handlers = { defence = { rank = "high", fn = function(ev)
    if ev.damage > 0 then ev.damage = ev.damage + 1 end
  end } },
}

-- Thorny: while it lasts its bearer carries the ability thorns_back, which a hit sets off
-- against whoever struck (the trigger's source).
cairn.ability {
  name = "thorns_back",
  trigger = "hurt",
  priority = 1,
  effect = { { damage = { damage = 1, target = "trigger_source" } } },
  msg = "Thorns prick back.",
}

-- A status whose bearer carries an ability while it lasts.
local function carrying(name, description, ability)
  cairn.status {
    name = name,
    description = description,
    apply = function(e) cairn.cards.grant(e, ability) end,
    wear_off = function(e) cairn.cards.revoke(e, ability) end,
  }
end

carrying("thorny", "hits back whoever hits it, for 1", "thorns_back")

-- Riposting: while it lasts a hit on its bearer offers a riposte, which costs energy. It is
-- the player's to take or leave, in the middle of the enemy's hit: `cairn play` asks, and a
-- bot's answer function or the default (yes) answers in a headless game. With thorns up too,
-- the two answer one hit: interactive, so the player orders them.
cairn.ability {
  name = "riposte_back",
  label = "riposte",
  trigger = "hurt",
  interactive = true,
  optional = "Riposte for 1 energy?",
  cost = { energy = 1 },
  effect = { { damage = { damage = 2, target = "trigger_source" } } },
  msg = "You riposte.",
}

carrying("riposting", "may strike back whoever hits it, for energy", "riposte_back")

-- A hit on the player sets off what it carries for "hurt" (thorns_back, riposte_back): once
-- a hit, however many statuses gave them, so that they resolve together, in order.
cairn.handler { chain = "damaged", entity = "player", fn = function(ev)
  if ev.actor and ev.actor ~= ev.target and not ev.actor:is_dead() then
    cairn.cards.fire("hurt", ev.target, { source = ev.actor })
  end
end }

-- drain: an effect of the pack's own - its target (the actor, by default) heals `drain`.
cairn.effect {
  name = "drain",
  params = { drain = "value" },
  target = "self",
  run = function(ctx, target)
    local n = ctx:number("drain", 1)
    if n > 0 and target.hp and target.hp < target.max_hp then target:heal(n) end
  end,
}

-- A validator of the pack's own: a foe stands next to the actor.
cairn.validator {
  name = "foe_adjacent",
  check = function(_, _, who)
    local w = cairn.world()
    for dy = -1, 1 do
      for dx = -1, 1 do
        local e = (dx ~= 0 or dy ~= 0) and w:at(who.x + dx, who.y + dy)
        if e and cairn.cards.foe(who, e) then return true end
      end
    end
    return false
  end,
}

-- The cards ---------------------------------------------------------------------------------
-- (payloads resolve last entry first: a card that hits then blocks lists the block first)

cairn.card {
  name = "strike",
  text = "{damage} damage, range 2",
  cost = { energy = 1 },
  values = { damage = 2 },
  upgrade = { values = { damage = 3 } },
  target = at_foe(2, "Strike what?"),
  effect = { { damage = {} } },
  msg = "You strike for {damage}.",
}

cairn.card {
  name = "defend",
  text = "block {block} this turn",
  cost = { energy = 1 },
  values = { block = 2 },
  upgrade = { values = { block = 3 } },
  effect = { { block = {} } },
  msg = "You raise your guard ({block}).",
}

-- A thrust along a line: everyone in its three cells is hit, foe or not.
cairn.card {
  name = "lunge",
  text = "{damage} to all in a line of {length}",
  cost = { energy = 1 },
  values = { damage = 1, length = 3 },
  upgrade = { values = { damage = 2 } },
  target = { among = "cell", range = 3, text = "Lunge which way?",
    filter = function(a, c) return not cairn.world():at(c.x, c.y, "wall") and
      (c.x ~= a.x or c.y ~= a.y) and (c.x == a.x or c.y == a.y or
        math.abs(c.x - a.x) == math.abs(c.y - a.y)) end },
  effect = { { damage = { target = "line" } } },
  msg = "You lunge.",
}

-- Free, but once a turn between all the copies of the deck.
cairn.card {
  name = "dash",
  text = "move 2 cells; once a turn",
  cost = { energy = 0 },
  once = "per_turn",
  once_key = "dash",
  values = { distance = 2 },
  target = { among = "cell", range = 2, text = "Dash where?", filter = free_cell },
  effect = { { move = {} } },
}

-- if / else: low on hp it heals, else it blocks.
cairn.card {
  name = "second_wind",
  text = "hp below {low}: heal {heal}; else block {block}",
  cost = { energy = 1 },
  values = { low = 3, heal = 2, block = 1 },
  upgrade = { values = { heal = 3, block = 2 } },
  effect = { { validate = { validators = { { hp_below = 3 } },
    passed = { { heal = {} } }, failed = { { block = {} } } } } },
  msg = "You catch your breath.",
}

cairn.card {
  name = "flurry",
  text = "{damage} damage {hits} times, next to you",
  cost = { energy = 1 },
  values = { damage = 1, hits = 2 },
  upgrade = { values = { hits = 3 } },
  target = at_foe(1, "Flurry at what?"),
  effect = { { ["repeat"] = { times = "hits", payload = { { damage = {} } } } } },
  msg = "A flurry of blows.",
}

-- Two hits from one card: the second reads `second` instead of `damage` (both upgradable).
cairn.card {
  name = "twin_strike",
  text = "{damage} then {second} damage, next to you",
  cost = { energy = 1 },
  values = { damage = 1, second = 1 },
  upgrade = { values = { damage = 2, second = 2 } },
  target = at_foe(1, "Strike what?"),
  effect = { { damage = { custom_key_names = { damage = "second" } } }, { damage = {} } },
}

-- Exhausted once played: out of the deck for the rest of the game. Its hits set what they
-- hit burning (statuses.lua), which the damage effect carries as an attack's status.
cairn.card {
  name = "fireball",
  text = "{damage} to all around a cell, burning {magnitude} for {beats} beats; exhausts",
  cost = { energy = 2, exhaust = true },
  values = { damage = 2, radius = 1, magnitude = 1, beats = 2 },
  upgrade = { values = { damage = 3 } },
  target = { among = "cell", range = 4, area = 1, text = "Fireball where?", filter = far_cell },
  effect = { { damage = { target = "area", status = "base:burning" } } },
  msg = "Fire blossoms.",
}

-- X: all the energy left, or less (a number prompt), times the damage to everyone around.
cairn.card {
  name = "whirlwind",
  text = "X times {damage} to all next to you",
  cost = { energy = "X" },
  values = { damage = 1 },
  upgrade = { values = { damage = 2 } },
  effect = { { x_cost = { payload = { { damage = { target = "adjacent" } } } } } },
  msg = "You whirl.",
}

-- No energy: it spends a charge on the card itself, three in all.
cairn.card {
  name = "charged_bolt",
  text = "{damage} damage, range 5; 3 charges",
  cost = { counters = { charge = 1 } },
  counters = { charge = 3 },
  values = { damage = 2 },
  upgrade = { values = { damage = 3 } },
  target = at_foe(5, "Bolt at what?"),
  effect = { { damage = {} } },
  msg = "A bolt crackles.",
}

cairn.card {
  name = "bloodletting",
  text = "pay 1 hp: gain {energy} energy",
  cost = { hp = 1 },
  optional = "Lose 1 hp for energy?",
  values = { energy = 2 },
  upgrade = { values = { energy = 3 } },
  effect = { { gain_energy = {} } },
  msg = "Blood for power.",
}

-- Discard another card to draw two.
cairn.card {
  name = "gamble",
  text = "discard a card: draw {draw}",
  cost = { energy = 0, discard = 1 },
  values = { draw = 2 },
  upgrade = { values = { draw = 3 } },
  effect = { { draw = {} } },
}

-- A pick: draw or guard.
cairn.card {
  name = "tactics",
  text = "draw {draw}, or block {block}",
  cost = { energy = 1 },
  values = { draw = 2, block = 2 },
  upgrade = { values = { draw = 3, block = 3 } },
  choices = { { name = "plan", kind = "pick", text = "Which plan?",
    options = { { value = "draw", label = "draw cards" }, { value = "block", label = "block" } } } },
  effect = function(ctx)
    if ctx.request.answers.plan == "draw" then
      ctx:push({ { draw = {} } })
    else
      ctx:push({ { block = {} } })
    end
  end,
}

-- Block now, and a heal when the turn ends.
cairn.card {
  name = "regrowth",
  text = "block {block}; heal 1 at the turn's end",
  cost = { energy = 1 },
  values = { block = 1 },
  upgrade = { values = { block = 2 } },
  effect = { { block = {} } },
  end_turn = { effect = { { heal = { heal = 1 } } }, msg = "You mend." },
}

cairn.card {
  name = "thorns",
  text = "for {beats} beats, hits on you hit back",
  cost = { energy = 1 },
  values = { status = "base:thorny", beats = 5 },
  upgrade = { values = { beats = 10 } },
  effect = { { apply_status = { target = "self" } } },
  msg = "Thorns sprout from your skin.",
}

cairn.card {
  name = "riposte",
  text = "for {beats} beats, when hit you may pay 1 energy to hit back for 2",
  cost = { energy = 1 },
  values = { status = "base:riposting", beats = 5 },
  upgrade = { values = { beats = 10 } },
  effect = { { apply_status = { target = "self" } } },
  msg = "You ready a riposte.",
}

-- Statuses with a magnitude (statuses.lua): strength on oneself, weakness and vulnerability
-- on a foe. Strength adds to the blows of the player's weapon, not to the cards' damage.
cairn.card {
  name = "fury",
  text = "strength {magnitude} for {beats} beats: your blows do {magnitude} more",
  cost = { energy = 1 },
  values = { status = "base:strength", magnitude = 1, beats = 5 },
  upgrade = { values = { beats = 8 } },
  effect = { { apply_status = { target = "self" } } },
  msg = "Fury fills you.",
}

-- Two statuses on one foe: the payload's second entry reads its own keys (custom_key_names).
cairn.card {
  name = "cripple",
  text = "a foe within 3 does 1 less and takes 1 more from each hit, {beats} beats",
  cost = { energy = 1 },
  values = { status = "base:weakness", second_status = "base:vulnerable", magnitude = 1,
    beats = 3 },
  upgrade = { values = { beats = 5 } },
  target = at_foe(3, "Cripple what?"),
  effect = { { apply_status = { custom_key_names = { status = "second_status" } } },
    { apply_status = {} } },
  msg = "You cripple it.",
}

-- Reactions (docs/cards.md, "The action lifecycle"): played from the hand only in answer to
-- a blow declared at the player - the knight's heavy blow, a brute's slam: an action that
-- hits, not a shield raised or a hex - when the play screen asks, each for a reaction point.
local function to_blows(_, action) return action.blow end

cairn.card {
  name = "dodge",
  text = "react before a blow: it misses you",
  cost = { energy = 0 },
  values = {},
  reaction = { timing = "before", to = to_blows },
  effect = { { fail_trigger = { reason = "you dodge" } } },
  msg = "You dodge.",
}

cairn.card {
  name = "parry",
  text = "react before a blow: it fails, and its striker is stunned {beats} beat",
  cost = { energy = 1 },
  values = { status = "base:stun", beats = 1 },
  upgrade = { values = { beats = 2 }, text = "react before a blow: it fails, and its striker is stunned 2 beats" },
  reaction = { timing = "before", to = to_blows },
  effect = { { apply_status = { target = "trigger_source" } },
    { fail_trigger = { reason = "you parry" } } },
  msg = "You parry.",
}

cairn.card {
  name = "counter",
  text = "react after a blow: {damage} damage to its striker",
  cost = { energy = 1 },
  values = { damage = 2 },
  upgrade = { values = { damage = 3 } },
  reaction = { timing = "after", to = to_blows },
  effect = { { damage = { target = "trigger_source" } } },
  msg = "You counter.",
}

-- Channelled: heals 1 now and at the end of each of the next two beats, while no foe stands
-- next to the player; one that comes close breaks it (the action fails).
cairn.cards.behaviour("no_foe_adjacent", function(action)
  local a = action.source
  local w = cairn.world()
  for dy = -1, 1 do
    for dx = -1, 1 do
      local e = (dx ~= 0 or dy ~= 0) and w:at(a.x + dx, a.y + dy)
      if e and cairn.cards.foe(a, e) then return false end
    end
  end
  return true
end)

cairn.card {
  name = "meditate",
  text = "heal {heal} a beat for 3 beats, until a foe comes next to you",
  cost = { energy = 1 },
  values = { heal = 1 },
  upgrade = { values = { heal = 2 }, text = "heal 2 a beat for 3 beats, until a foe comes next to you" },
  pulses = { max = 3, condition = "no_foe_adjacent" },
  effect = { { heal = {} } },
  msg = "You breathe slowly.",
}

-- A foe anywhere on the floor, drawn by the world's generator; then a little of it back.
cairn.card {
  name = "spark",
  text = "{damage} to a random foe; heal {drain}",
  cost = { energy = 1 },
  values = { damage = 1, drain = 1 },
  upgrade = { values = { damage = 2 } },
  effect = { { drain = {} }, { damage = { target = "random_enemy" } } },
  msg = "A spark leaps.",
}

cairn.card {
  name = "war_cry",
  text = "stun every foe for {beats} beats; exhausts",
  cost = { energy = 2, exhaust = true },
  values = { status = "base:stun", beats = 2 },
  upgrade = { values = { beats = 3 } },
  effect = { { apply_status = { target = "all_enemies" } } },
  msg = "Your war cry echoes through the floor.",
}

-- Push a foe away; with one next to you after all, a jab too.
cairn.card {
  name = "shove",
  text = "push {push}; stun {beats}",
  cost = { energy = 1 },
  values = { push = 2, status = "base:stun", beats = 1 },
  upgrade = { values = { push = 3, beats = 2 } },
  target = at_foe(1, "Shove what?"),
  effect = { { apply_status = {} }, { push = {} } },
}

cairn.card {
  name = "blink",
  text = "teleport up to 4 cells",
  cost = { energy = 1 },
  target = { among = "cell", range = 4, text = "Blink where?", filter = free_cell },
  effect = { { teleport = {} } },
}

-- A crate where you want it: something between you and them.
cairn.card {
  name = "barricade",
  text = "a crate on a free cell next to you",
  cost = { energy = 1 },
  values = { entity = "base:crate" },
  target = { among = "cell", range = 1, text = "Barricade where?", filter = free_cell },
  effect = { { spawn = {} } },
}

-- The hex lifted, and a card drawn; with a foe next to you, a block too.
cairn.card {
  name = "cleanse",
  text = "lift a hex; draw 1",
  cost = { energy = 0 },
  values = { status = "base:hexed", draw = 1, block = 1 },
  effect = {
    { validate = { validators = { { foe_adjacent = true } }, passed = { { block = {} } } } },
    { draw = {} }, { remove_status = { target = "self" } } },
  msg = "The hex lifts.",
}

-- The enemies' abilities ----------------------------------------------------------------------

-- The shaman's hex: the player takes 1 more damage from every hit for a while. Cast from a
-- sequence step, at the first foe along the step's direction within the range.
cairn.ability {
  name = "hex",
  target = { among = "entity", range = 4 },
  effect = { { apply_status = { status = "base:hexed", beats = 6 } } },
  msg = "The shaman hexes you.",
}

-- The brute's slam: everyone next to it, friend or foe (no target: no direction needed).
-- The knight's heavy blow: declared at the player's cell, it lands a beat later, at the end
-- of the next beat (a telegraph): a step away, a dodge or a parry answers it.
cairn.ability {
  name = "heavy_blow",
  label = "heavy blow",
  target = { among = "entity", range = 1 },
  delay = 1,
  effect = { { damage = { damage = 3, target = "area", radius = 0 } } },
  msg = "The knight's blow falls.",
}

-- The shield bearer's reaction: before a card or an ability aimed at it resolves, it raises
-- its shield (block 2 until its turn ends), for a reaction point.
cairn.ability {
  name = "raise_shield",
  label = "raise shield",
  reaction = { timing = "before" },
  effect = { { block = { block = 2, beats = 2 } } },
  msg = "The shield bearer raises its shield.",
}

cairn.ability {
  name = "slam",
  effect = { { damage = { damage = 2, target = "adjacent" } } },
  msg = "The brute slams the ground.",
}

-- The deck in the game ------------------------------------------------------------------------

-- Gives the player its deck, shuffled with the world's generator.
function cards.setup(p)
  cairn.cards.setup(p, { deck = starting_deck, energy = cards.ENERGY, draw = cards.DRAW,
    hand_limit = cards.HAND_LIMIT, turn_beats = cards.TURN_BEATS, keep_hand = true,
    actions = cards.ACTIONS, reactions = cards.REACTIONS })
end

function cards.has_deck(p)
  return p.data.cards ~= nil
end

-- Every card of the deck, in every pile, in pile order.
local PILES = { "hand", "draw", "discard", "exhaust" }
local function all_cards(p)
  local list = {}
  for _, name in ipairs(PILES) do
    for _, c in ipairs(cairn.cards.pile(p, name)) do list[#list + 1] = c end
  end
  return list
end
cards.all_cards = all_cards

local function short(name) return (name:gsub("^[^:]*:", "")) end
cards.short = short

-- Cards without an upgrade.
local NO_UPGRADE = { ["base:blink"] = true, ["base:barricade"] = true }

local function weighted(pool)
  local total = 0
  for _, entry in ipairs(pool) do total = total + entry[2] end
  local roll = math.random(total)
  for _, entry in ipairs(pool) do
    roll = roll - entry[2]
    if roll <= 0 then return entry[1] end
  end
end

-- A reward's options, drawn from the world's generator: three different cards, the last of
-- which gives way to an upgrade of a card of the deck one time in two (when the deck has one
-- not upgraded yet). Kept in p.data.reward until taken.
function cards.offer(p)
  local options = {}
  local taken = {}
  while #options < cards.REWARD_OPTIONS do
    local name = weighted(reward_pool)
    if not taken[name] then
      taken[name] = true
      options[#options + 1] = { card = name }
    end
  end
  local upgradable = {}
  for _, c in ipairs(all_cards(p)) do
    if not c.upgraded and not NO_UPGRADE[c.card] then
      upgradable[#upgradable + 1] = c
    end
  end
  if #upgradable > 0 and math.random(2) == 1 then
    local c = upgradable[math.random(#upgradable)]
    options[#options] = { upgrade = c.id, card = short(c.card) }
  end
  p.data.reward = options
end

function cards.option_label(o)
  local name = short(o.card):gsub("_", " ")
  if o.upgrade then return "upgrade " .. name .. " (" .. o.upgrade .. ")" end
  return "take " .. name
end

-- Takes option i of the reward: the card on top of the draw pile (drawn next turn), or the
-- card upgraded. Returns the words for the log.
function cards.take(p, i)
  local o = p.data.reward[i]
  p.data.reward = nil
  if o.upgrade then
    cairn.cards.upgrade(p, o.upgrade)
    return "You upgrade " .. short(o.card):gsub("_", " ") .. "."
  end
  cairn.cards.add(p, o.card, "draw")
  return "You take " .. short(o.card):gsub("_", " ") .. " into your deck."
end

-- What the play screen's panel shows under the actions: the energy, the turn, the piles, then
-- the hand, a line a card (dimmed, with why, when it cannot be played now).
function cards.panel(p)
  if not cards.has_deck(p) then return {} end
  local lines = {}
  lines[1] = string.format("Hand (c)  energy %d/%d", cairn.cards.energy(p), cards.ENERGY)
  -- The next turn (energy refilled, cards drawn) starts with the beat after the turn's last.
  local next_turn = cairn.cards.turn(p) * cards.TURN_BEATS + 1
  local wait = next_turn - cairn.world().beat
  lines[#lines + 1] = string.format("turn %d, the next in %d beat%s", cairn.cards.turn(p), wait,
    wait == 1 and "" or "s")
  lines[#lines + 1] = string.format("draw %d  discard %d  exhaust %d",
    #cairn.cards.pile(p, "draw"), #cairn.cards.pile(p, "discard"), #cairn.cards.pile(p, "exhaust"))
  local points = cairn.cards.points(p)
  lines[#lines + 1] = string.format("actions %d/%d  reactions %d/%d", points.actions,
    cards.ACTIONS, points.reactions, cards.REACTIONS)
  -- What is under way, as the lifecycle has it: whose, what, its state and the beats left.
  for _, a in ipairs(cairn.cards.pending()) do
    if not a.trigger then
      local whose = a.source == p and "you" or
        a.source and (a.source.type:gsub("^[^:]*:", ""):gsub("_", " ")) or "?"
      local left = a.state == "started" and
        string.format("%d of %d pulses done", a.pulses, a.max_pulses) or
        string.format("%d beat%s left", a.beats_left, a.beats_left == 1 and "" or "s")
      lines[#lines + 1] = { text = string.format("! %s: %s, %s, %s", whose, a.label,
        (a.state:gsub("_", " ")), left) }
    end
  end
  for _, c in ipairs(cairn.cards.hand(p)) do
    local text = c.label .. (c.text and (": " .. c.text) or "")
    if c.playable then
      lines[#lines + 1] = text
    else
      lines[#lines + 1] = { text = text .. " [" .. tostring(c.reason) .. "]", dim = true }
    end
  end
  if #cairn.cards.hand(p) == 0 then lines[#lines + 1] = "(no cards in hand)" end
  if p.data.reward then lines[#lines + 1] = "A reward waits (R)" end
  return lines
end

-- The choices -------------------------------------------------------------------------------

-- Playing a card: "play_card" (a game of another pack may have its own "play"), offered to
-- the base game's player only (an actor with an Inventory, as choices.lua's are).
local play = cairn.cards.play_choice { name = "play_card", key = "c" }
local can_play = play.available
play.available = function(a)
  if not a:has("Inventory") then return false end
  return can_play(a)
end
-- The menu of cards says what each does, as the panel does.
local pick = play.prompts[1]
local options = pick.options
pick.options = function(a, answers)
  local list = options(a, answers)
  local texts = {}
  for _, c in ipairs(cairn.cards.hand(a)) do texts[c.id] = c.text end
  for _, o in ipairs(list) do
    local text = texts[o.value.id]
    if text then o.label = o.label .. ": " .. text end
  end
  return list
end
cairn.choice(play)

cairn.choice {
  name = "reward",
  key = "R",
  description = "take the reward of the stairs: a card, or an upgrade",
  available = function(a)
    return a:has("Inventory") and a.data.reward ~= nil
  end,
  prompts = { { name = "option", kind = "pick", text = "Your reward?",
    options = function(a)
      local list = {}
      for i, o in ipairs(a.data.reward or {}) do
        list[i] = { value = i, label = cards.option_label(o) }
      end
      return list
    end } },
  perform = function(a, answers)
    cairn.cards.say(a, cards.take(a, answers.option))
    return true
  end,
}

return cards
