-- Each level of the value hierarchy.

local function hit(card, upgraded, might)
  local w = scenario { map = "H.g" }
  local h, g = w:at(0, 0), w:at(2, 0)
  h.data.might = might
  cairn.cards.setup(h, {})
  cairn.cards.add(h, card, "hand", upgraded)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = g })
  return 20 - g.hp
end

test("the effect's own parameter", function()
  expect.eq(hit("fixed"), 7)
end)

test("the card's values, and an upgrade's", function()
  expect.eq(hit("from_card"), 4)
  expect.eq(hit("from_card", true), 6)
end)

test("the actor's data, when nothing above has the value", function()
  expect.eq(hit("from_hero", false, 5), 5)
end)
