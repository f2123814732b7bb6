-- A relic's ability resolves on its trigger with the relic's numbers, within its limits.

local function duel(kind)
  local w = scenario { map = "Hg" }
  local h = w:players()[1]
  cairn.cards.setup(h, { deck = {} })
  local relic = w:spawn(kind, 0, 0, "item")
  cairn.cards.add_relic(h, relic)
  return w, h, relic
end

test("a relic is kept off the grid, among the holder's relics", function()
  local w, h, collar = duel("spiked_collar")
  expect.eq(cairn.cards.relics(h), { collar })
  expect.eq(w:at(0, 0, "item"), nil)
end)

test("the collar hits back the first hit of a turn, for its damage", function()
  local w, _, _ = duel("spiked_collar")
  local goblin = w:at(1, 0)
  goblin:attack("w")
  goblin:attack("w")
  expect.eq(goblin.hp, 18, "once a turn: 2, not 4")
end)

test("the candle heals at each turn's start while it has charges", function()
  local w, h, candle = duel("candle")
  h:hurt(10)
  w:step(12) -- turns start at beats 1, 5 and 9: three charges, then none
  expect.eq(h.hp, 13)
  expect.eq(candle.data.charges, 0)
  w:step(4)
  expect.eq(h.hp, 13, "spent")
end)
