-- The base game's relics (relics.lua): picked up for good, each an ability its trigger sets
-- off - a hit (the thorn ring, once a turn), a floor's start (the miner's lantern), a turn's
-- start (the war drum, while it has charges).

local cards = require "cards"
local inventory = require "inventory"

-- A test-only foe that hits the player for 1.
cairn.entity {
  name = "test_biter",
  glyph = "t",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, max_hp = 5, team = 2, targets = { 1 }, damage = 1 },
}

-- The player on a room with a relic of `kind` underfoot, picked up by the choice.
local function holding(kind, map)
  local w = scenario { map = map or "#@t#", legend = { t = "test_biter" } }
  local p = w:players()[1]
  cards.setup(p)
  local relic = w:spawn(kind, p.x, p.y)
  p:choose("pick_up")
  w:step()
  return w, p, relic
end

test("a relic picked up is kept for good, in no bag, and listed with what the player holds", function()
  local w, p, relic = holding("war_drum", "#@#")
  expect.eq(cairn.cards.relics(p), { relic })
  expect.eq(inventory.bag(p), {})
  expect.eq(w:at(p.x, p.y, "item"), nil, "off the floor")
  local summary = inventory.summary(p)
  expect.eq(summary[#summary], "war drum (" .. relic.data.charges .. ")")
end)

test("the thorn ring pricks back the first hit of a turn only", function()
  local w, p = holding("thorn_ring")
  local biter = w:at(2, 0)
  local hp = p.hp
  biter:attack("w")
  biter:attack("w")
  expect.eq(p.hp, hp - 2, "two hits")
  expect.eq(biter.hp, 4, "one prick this turn")
  -- the next turn's first hit is pricked again
  local turn = cairn.cards.turn(p)
  while cairn.cards.turn(p) == turn do
    p:choose("wait")
    w:step()
  end
  biter:attack("w")
  expect.eq(biter.hp, 3, "a prick a turn")
end)

test("the miner's lantern heals its heal at the start of a floor", function()
  local _, p, relic = holding("miners_lantern", "#@#")
  p:hurt(3)
  local hp = p.hp
  cairn.cards.fire("floor_start", p)
  expect.eq(p.hp, hp + relic.data.heal)
end)

test("the war drum blocks at each turn's start while it has charges, then is mute", function()
  local w, p, relic = holding("war_drum", "#@#")
  local turn = cairn.cards.turn(p)
  while cairn.cards.turn(p) == turn do
    p:choose("wait")
    w:step()
  end
  expect.eq(relic.data.charges, 5, "the next turn's start rolled it")
  expect.eq(cairn.cards.block(p), relic.data.block)
  relic.data.charges = 2
  cairn.cards.fire("turn_start", p)
  cairn.cards.fire("turn_start", p)
  expect.eq(relic.data.charges, 0)
  local block = cairn.cards.block(p)
  cairn.cards.fire("turn_start", p)
  expect.eq(cairn.cards.block(p), block, "no charge, no block")
end)
