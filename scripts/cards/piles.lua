-- cards/piles.lua: the cards an entity holds, in piles, and its energy. Everything lives in
-- the entity's data under `cards`, as plain values, so snapshots, saves, undo and replays
-- keep a deck with no machinery of their own:
--
--   e.data.cards = {
--     draw = { inst, ... }, hand = {...}, discard = {...}, exhaust = {...},  -- top is last
--     table = {...},       -- cards whose declared action is under way (lifecycle.lua);
--                          -- absent when empty
--     energy = 3, energy_max = 3, draw_per_turn = 5, hand_limit = 10, turn_beats = 4,
--     keep_hand = false,   -- true: the hand is not discarded at the turn's end
--     turn = 0,            -- the turn under way (0: none yet)
--     next_id = 13,        -- the id the next card instance gets
--     once = { [key] = turn },   -- once-per-turn abilities used, by once key
--     end_turn = { {...}, ... }, -- abilities to resolve when the turn ends
--   }
--
-- A card instance is { card = "pack:name", id = 12, values = {...}, upgraded = false,
-- counters = {} }: its values start as the definition's (upgraded ones merged in) and may
-- change for good (a card that grows each time it is played).
--
-- The runtime works on the plain tables behind the data views (data.real): it writes only
-- plain values, and this keeps a payload's inner loop free of the views' checks.
local data = require("lua.data")
local host = require("cairn.host")
local prims = require("cairn.prims")
local util = require("lua.util")
local piles = {}

piles.NAMES = { "draw", "hand", "discard", "exhaust", "table" }
local IS_PILE = { draw = true, hand = true, discard = true, exhaust = true, table = true }
piles.IS_PILE = IS_PILE

-- card name -> its definition's entry (cards are defined in abilities.lua, which adds them).
local card_defs = {}

-- The card named `name` (its full name) is `entry`, found by its short name too unless
-- another card has that name already.
function piles.add_card(name, short, entry)
  card_defs[name] = entry
  if short and card_defs[short] == nil then card_defs[short] = entry end
end

-- A new world: its cards are defined anew.
function piles.clear_cards()
  for k in pairs(card_defs) do card_defs[k] = nil end
end

-- The entity's card state (a plain table), or nil when it holds no cards.
function piles.of(e)
  local d = e.data
  -- Only an entity holding cards is worked on behind its data's views (data.real).
  return data.peek(d).cards and data.real(d).cards
end

local function need(e)
  local t = data.real(e.data).cards
  if not t then error(tostring(e) .. " holds no cards (cairn.cards.setup gives it piles)", 0) end
  return t
end
piles.need = need

-- The ids of the entities holding cards, in the order they were set up: the turn's work goes
-- through them in that order, never in pairs() order.
local function holders()
  local wd = host.world().data
  if not wd.card_holders then wd.card_holders = {} end
  return data.real(wd.card_holders)
end
piles.holders = holders

-- A new instance of the named card (its definition must exist), not yet in a pile.
function piles.instance(t, name, upgraded)
  local entry = card_defs[name]
  if not entry then error("no card is named '" .. tostring(name) .. "'", 0) end
  local def = entry.def
  local values = util.copy(def.values or {})
  if upgraded and def.upgrade and def.upgrade.values then
    for k, v in pairs(def.upgrade.values) do values[k] = util.copy(v) end
  end
  local inst = { card = entry.name, id = t.next_id, values = values, upgraded = upgraded and
    true or false, counters = util.copy(def.counters or {}) }
  t.next_id = t.next_id + 1
  return inst
end

-- Shuffles a list in place with the world's generator (Fisher-Yates): the same seed, the
-- same order.
function piles.shuffle(list)
  for i = #list, 2, -1 do
    local j = prims.random(i)
    list[i], list[j] = list[j], list[i]
  end
end

-- Gives e piles and energy: opts.deck (card names, or { name, upgraded = true } tables),
-- energy, draw (cards a turn), hand_limit, turn_beats, keep_hand (the hand stays at the
-- turn's end), actions and reactions (points a turn: lifecycle.lua). The deck goes to the
-- draw pile, shuffled.
function piles.setup(e, opts)
  opts = opts or {}
  local t = { draw = {}, hand = {}, discard = {}, exhaust = {}, energy = 0,
    energy_max = opts.energy or 3, draw_per_turn = opts.draw or 5,
    hand_limit = opts.hand_limit or 10, turn_beats = opts.turn_beats or 4, turn = 0,
    keep_hand = opts.keep_hand or false, actions_max = opts.actions,
    reactions_max = opts.reactions, next_id = 1, once = {}, end_turn = {} }
  for _, c in ipairs(opts.deck or {}) do
    if type(c) == "table" then
      t.draw[#t.draw + 1] = piles.instance(t, c[1] or c.card, c.upgraded)
    else
      t.draw[#t.draw + 1] = piles.instance(t, c, false)
    end
  end
  piles.shuffle(t.draw)
  e.data.cards = t -- through the view: checked once, then worked on as the real table
  local list = holders()
  local known = false
  for _, id in ipairs(list) do known = known or id == e.id end
  if not known then list[#list + 1] = e.id end
  return piles.of(e)
end

local NONE = {}

-- The pile named `name` of t. The table is there only while a card lies on it, so that a
-- deck whose cards are all played at once is the same data, and the same checksum, as before
-- there was a table: made here when a card goes to it.
function piles.pile(t, name)
  local pile = t[name]
  if not pile then
    pile = {}
    t[name] = pile
  end
  return pile
end

-- Where the instance (or its id) is: the pile's name and the index; nil when nowhere.
function piles.find(t, inst)
  local id = type(inst) == "table" and inst.id or inst
  for _, name in ipairs(piles.NAMES) do
    local pile = t[name] or NONE
    for i = 1, #pile do
      if pile[i].id == id then return name, i end
    end
  end
end

-- Moves an instance to the top of another pile; returns it, or nil when it is in no pile.
function piles.move(t, inst, to)
  if not IS_PILE[to] then error("no pile is named '" .. tostring(to) .. "'", 0) end
  local from, i = piles.find(t, inst)
  if not from then return nil end
  local card = table.remove(t[from], i)
  if from == "table" and #t.table == 0 then t.table = nil end
  local dest = piles.pile(t, to)
  dest[#dest + 1] = card
  return card
end

-- Draws n cards into the hand (up to its limit); when the draw pile runs out the discard
-- pile is shuffled into it. Returns the cards drawn.
function piles.draw(t, n)
  local drawn = {}
  for _ = 1, n do
    if #t.hand >= t.hand_limit then break end
    if #t.draw == 0 then
      if #t.discard == 0 then break end
      t.draw, t.discard = t.discard, {}
      piles.shuffle(t.draw)
    end
    local card = table.remove(t.draw)
    t.hand[#t.hand + 1] = card
    drawn[#drawn + 1] = card
  end
  return drawn
end

-- Takes n cards from the hand to `to` (discard or exhaust): which = "first" (oldest in hand),
-- "last" or "random" (the world's generator). Returns them.
function piles.take_from_hand(t, n, to, which)
  local moved = {}
  for _ = 1, n do
    local hand = t.hand
    if #hand == 0 then break end
    local i = which == "first" and 1 or which == "last" and #hand or prims.random(#hand)
    local card = table.remove(hand, i)
    t[to][#t[to] + 1] = card
    moved[#moved + 1] = card
  end
  return moved
end

function piles.gain_energy(t, n)
  t.energy = math.max(0, t.energy + n)
end

return piles
