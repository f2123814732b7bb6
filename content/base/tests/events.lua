-- The base game's event rooms (events.lua): stepping onto an altar or a well asks its
-- question in the middle of the beat, its options those the player can take now; an answer
-- spends the room, walking away (a decline) leaves it for the next visit.

local cards = require "cards"
local inventory = require "inventory"

-- The player west of an event room of `kind`, its deck set up; the mid-beat decider answers
-- with `answer` (nil: decline) and keeps the questions asked.
local function before(kind, answer)
  local w = scenario { map = "#@.#" }
  local p = w:players()[1]
  cards.setup(p)
  local room = w:spawn(kind, 2, 0)
  local asked = {}
  cairn.cards.decide(function(m)
    asked[#asked + 1] = m
    return answer
  end)
  return w, p, room, asked
end

local function labels(m)
  local out = {}
  for i, o in ipairs(m.options) do out[i] = o.label end
  return out
end

local function step(w, p, dir)
  p:choose("bump", { target = dir })
  w:step()
end

test("the blood altar asks as the player steps on; bleeding offers a card and spends it", function()
  local w, p, altar, asked = before("blood_altar", 1)
  local hp = p.hp
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(#asked, 1, "asked once, in the beat")
  expect.eq(asked[1].name, "option")
  expect.eq(labels(asked[1])[1], "Bleed on it (2 hp): choose a new card")
  expect.eq(p.hp, hp - 2)
  expect.truthy(p.data.reward, "a reward on offer")
  expect.truthy(altar.data.spent)
  step(w, p, "w")
  step(w, p, "e")
  expect.eq(#asked, 1, "a spent room asks nothing")
end)

test("walking away from a question leaves the room to ask again at the next visit", function()
  local w, p, altar, asked = before("blood_altar", nil)
  local hp = p.hp
  step(w, p, "e")
  expect.eq(#asked, 1)
  expect.eq(p.hp, hp, "nothing paid")
  expect.falsy(altar.data.spent)
  step(w, p, "w")
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(#asked, 2, "asked again")
end)

test("only the options the player can take now are offered", function()
  local w, p, _, asked = before("wishing_well", 1)
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(labels(asked[1]), { "Draw up a healing potion" }, "at full hp, no drink")
  expect.eq(inventory.name(inventory.bag(p)[1]), "healing potion")
end)

test("the well heals a hurt player who drinks", function()
  local w, p = before("wishing_well", 1)
  p:hurt(3)
  local hp = p.hp
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(p.hp, hp + 2)
end)

test("the explorer heals at a room when hurt, and walks away rather than bleed when low", function()
  local explorer = require "bots.explorer"
  local w, p = before("blood_altar", nil)
  local prompt = { kind = "pick", name = "option", actor = p, options = {
    { label = "Bleed on it (2 hp): choose a new card" }, { label = "Burn a card: heal 3" } } }
  expect.eq(explorer.answer({}, w, prompt), 1, "unhurt: the card")
  p:hurt(1)
  expect.eq(explorer.answer({}, w, prompt), 2, "hurt: the healing")
  prompt.options[2] = nil
  p:hurt(1)
  expect.eq(explorer.answer({}, w, prompt), nil, "4 hp: no bleeding")
end)

test("a room none of whose options is open asks nothing, and stays for a later visit", function()
  local w, p, well, asked = before("wishing_well", 1)
  for _ = 1, inventory.BAG_SIZE do inventory.bag_add(p, w:spawn("bomb", 0, 0)) end
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(#asked, 0, "at full hp with a full bag, nothing to take")
  expect.falsy(well.data.spent)
end)

test("the well's potion comes up into the bag though an item lies underfoot", function()
  local w, p = before("wishing_well", 1)
  w:spawn("bomb", 2, 0)
  step(w, p, "e")
  cairn.cards.decide(nil)
  expect.eq(inventory.name(inventory.bag(p)[1]), "healing potion")
  expect.eq(w:at(2, 0, "item").type, "base:bomb", "the bomb still lies there")
end)
