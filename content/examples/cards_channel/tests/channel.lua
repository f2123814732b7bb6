-- A channelled card pulses once a beat while its condition holds.

local function drain()
  local w = scenario { map = "H.g" }
  local h, g = w:at(0, 0), w:at(2, 0)
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "drain", "hand")
  expect.eq(cairn.cards.play(h, cairn.cards.pile(h, "hand")[1]), true)
  return w, h, g
end

test("three pulses: one at once, then one at the end of each beat", function()
  local w, _, g = drain()
  expect.eq(g.hp, 19)
  expect.eq(cairn.cards.pending()[1].state, "started")
  w:step(2)
  expect.eq(g.hp, 17)
  expect.eq(#cairn.cards.pending(), 0, "resolved")
end)

test("its condition failing stops it early: the action fails", function()
  local w, h, g = drain()
  h.data.focus = false
  w:step(2)
  expect.eq(g.hp, 19, "no pulse after the first")
  expect.eq(#cairn.cards.pending(), 0)
end)
