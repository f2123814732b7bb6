-- Repeat: each clone is its own attack, in the history.

test("three hits of two, three attacks in the history", function()
  local w = scenario { map = "Hg" }
  local h, g = w:at(0, 0), w:at(1, 0)
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "flurry", "hand")
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = g })
  expect.eq(g.hp, 14)
  local attacks = 0
  for _, c in ipairs(w:history()) do
    if c.kind == "attacked" and c.entity == g then attacks = attacks + 1 end
  end
  expect.eq(attacks, 3)
end)

test("the upgrade adds a hit", function()
  local w = scenario { map = "Hg" }
  local h, g = w:at(0, 0), w:at(1, 0)
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "flurry", "hand", true)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = g })
  expect.eq(g.hp, 12)
end)
