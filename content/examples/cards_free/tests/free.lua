-- One action point a turn: one poke, and as many feints as the hand holds.

test("out of action points a poke is not playable; a free feint still is", function()
  local w = scenario { map = "Hg" }
  local h, g = w:at(0, 0), w:at(1, 0)
  cairn.cards.setup(h, { actions = 1 })
  for _, c in ipairs({ "poke", "poke", "feint", "feint" }) do cairn.cards.add(h, c, "hand") end
  local function card(name)
    for _, c in ipairs(cairn.cards.pile(h, "hand")) do
      if c.card == "cards_free:" .. name then return c.id end
    end
  end
  expect.eq(cairn.cards.play(h, card("poke"), { target = g }), true)
  expect.eq(cairn.cards.points(h).actions, 0)
  local ok, why = cairn.cards.playable(h, card("poke"))
  expect.eq(ok, false)
  expect.eq(why, "no action points left this turn")
  expect.eq(cairn.cards.play(h, card("feint"), { target = g }), true)
  expect.eq(cairn.cards.play(h, card("feint"), { target = g }), true)
  expect.eq(g.hp, 17)
end)
