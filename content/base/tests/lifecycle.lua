-- The action lifecycle in the base game (cards.lua, enemies/knight.lua, shield_bearer.lua):
-- the knight's heavy blow, telegraphed a beat ahead and answered by a step away, a dodge, a
-- parry or a counter; the shield bearer raising its shield when a card is aimed at it; and
-- meditate, channelled over three beats until a foe comes close.

local cards = require "cards"

local function room(map, legend)
  local w = scenario { map = map, legend = legend }
  local p = w:players()[1]
  cards.setup(p)
  return w, p
end

local function hold(p, list)
  for _, c in ipairs(cairn.cards.pile(p, "hand")) do cairn.cards.move(p, c.id, "draw") end
  for _, name in ipairs(list) do cairn.cards.add(p, name, "hand") end
end

-- The player's reactions, by the label's first word ("pass" to pass), in the order asked;
-- the enemies' are their own (the first offered, as the default decider takes).
local asked
local function reacting(...)
  local picks = { ... }
  asked = {}
  cairn.cards.decide(function(m)
    if m.name ~= "reaction" then return nil end
    if not m.actor:has("PlayerControl") then return 1 end
    asked[#asked + 1] = m.text
    local want = table.remove(picks, 1) or "pass"
    for i, o in ipairs(m.options) do
      if o.label:find(want, 1, true) == 1 then return i end
    end
    error("no option " .. want .. " in " .. m.text)
  end)
end

local KNIGHT = [[
  #####
  #@K.#
  #...#
  #####
]]

test("the knight declares its heavy blow next to the player; it lands a beat later, for 3",
  function()
    local w, p = room(KNIGHT, { K = "knight" })
    reacting()
    w:step() -- beside the player: it sees it must declare
    w:step() -- the blow declared, due at the end of the next beat
    local pending = cairn.cards.pending()
    expect.eq(#pending, 1)
    expect.eq(pending[1].label, "heavy blow")
    expect.eq(pending[1].beats_left, 1)
    expect.eq(p.hp, 6, "nothing yet")
    w:step()
    expect.eq(p.hp, 3, "3 damage at the end of the beat it was due in")
    expect.eq(#cairn.cards.pending(), 0)
  end)

test("a step away from the cell it was aimed at and the blow falls on nothing", function()
  local w, p = room(KNIGHT, { K = "knight" })
  reacting()
  w:step(2)
  p:input("move", "s")
  w:step()
  expect.eq(p.hp, 6)
end)

test("a dodge, played when the blow is declared, fails it", function()
  local w, p = room(KNIGHT, { K = "knight" })
  w:step()
  hold(p, { "dodge" })
  reacting("dodge")
  w:step()
  expect.eq(#asked, 1)
  expect.truthy(asked[1]:find("heavy blow", 1, true), asked[1])
  expect.eq(cairn.cards.points(p).reactions, cards.REACTIONS - 1)
  w:step()
  expect.eq(p.hp, 6)
  expect.eq(#cairn.cards.pile(p, "discard"), 1, "the dodge is spent")
end)

test("a parry fails the blow and stuns the knight; a counter hits it after the blow", function()
  local w, p = room(KNIGHT, { K = "knight" })
  local k = w:at(2, 1)
  w:step()
  hold(p, { "parry" })
  reacting("parry")
  w:step(2)
  expect.eq(p.hp, 6)
  expect.truthy(k:status("stun") > 0, "stunned")

  w, p = room(KNIGHT, { K = "knight" })
  k = w:at(2, 1)
  w:step()
  hold(p, { "counter" })
  reacting("counter")
  w:step(2)
  expect.eq(p.hp, 3, "the blow lands")
  expect.eq(k.hp, 2, "then the counter")
end)

local BRUTE = [[
  #####
  #@B.#
  #...#
  #####
]]

test("the brute's slam asks the player next to it: a dodge and it hits no one", function()
  local w, p = room(BRUTE, { B = "brute" })
  reacting()
  w:step(2) -- beside the player: the club raised
  hold(p, { "dodge" })
  reacting("dodge")
  w:step() -- the slam
  expect.eq(#asked, 1)
  expect.truthy(asked[1]:find("slam: the cells next to the brute - you", 1, true), asked[1])
  expect.eq(p.hp, 6)
  expect.eq(cairn.cards.points(p).reactions, cards.REACTIONS - 1)

  w, p = room(BRUTE, { B = "brute" })
  reacting()
  w:step(3)
  expect.eq(p.hp, 4, "undodged, the slam's 2")
end)

test("the shield bearer raises its shield when a card is aimed at it, for a reaction point",
  function()
    local w, p = room("#@.H.#", { H = "shield_bearer" })
    local h = w:at(3, 0)
    h:apply("stun", 10)
    w:step() -- the first turn: energy
    hold(p, { "strike", "strike" })
    reacting()
    p:choose("play_card", { card = 1, target = h })
    w:step()
    expect.eq(h.hp, 3, "block 2 soaked the strike's 2")
    expect.eq(cairn.cards.points(h).reactions, 0)
    p:choose("play_card", { card = 1, target = h })
    w:step()
    expect.eq(h.hp, 1, "no reaction point left: the second strike lands")
  end)

test("a shield raised is no blow: the player holding reactions is not asked to answer it",
  function()
    local w, p = room("#@.H.#", { H = "shield_bearer" })
    local h = w:at(3, 0)
    h:apply("stun", 10)
    w:step() -- the first turn: energy
    hold(p, { "strike", "counter", "dodge", "parry" })
    reacting()
    p:choose("play_card", { card = 1, target = h })
    w:step()
    expect.eq(h.hp, 3, "the shield raised, block 2 soaked the strike's 2")
    expect.eq(asked, {}, "no reaction offered against the shield")
    expect.eq(#cairn.cards.pile(p, "hand"), 3, "counter, dodge and parry still in hand")
  end)

test("meditate heals a beat for three beats; a foe coming close breaks it", function()
  local w, p = room("#@......#")
  w:step()
  p.hp = 2
  hold(p, { "meditate" })
  p:choose("play_card", { card = 1 })
  w:step()
  expect.eq(p.hp, 3)
  w:step(2)
  expect.eq(p.hp, 5, "two more ticks")
  expect.eq(#cairn.cards.pending(), 0)

  w, p = room("#@..s...#")
  local s = w:at(4, 0)
  s:apply("stun", 100)
  w:step()
  p.hp = 2
  hold(p, { "meditate" })
  p:choose("play_card", { card = 1 })
  w:step()
  w:step()
  expect.eq(p.hp, 4, "two ticks")
  s:displace(2, 0) -- a foe next to the player
  w:step()
  expect.eq(#cairn.cards.pending(), 0, "it failed")
  expect.eq(p.hp, 4, "no third tick")
end)
