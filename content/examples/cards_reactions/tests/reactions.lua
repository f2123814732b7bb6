-- A goblin holding reactions answers the hero's jab.

-- The hero jabs the goblin holding `cards`; the goblin reacts with the first it may (the
-- default answer to a reaction's question), then passes.
local function jab_at(cards)
  local w = scenario { map = "Hg" }
  local h, g = w:at(0, 0), w:at(1, 0)
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "jab", "hand")
  cairn.cards.setup(g, {})
  for _, c in ipairs(cards) do cairn.cards.add(g, c, "hand") end
  local picks = 0
  cairn.cards.decide(function(m)
    if m.name ~= "reaction" then return nil end
    picks = picks + 1
    return picks == 1 and 1 or #m.options -- the first reaction, then pass
  end)
  expect.eq(cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = g }), true)
  cairn.cards.decide(nil)
  return h, g
end

test("a duck before the jab makes it fail: the goblin is untouched", function()
  local _, g = jab_at({ "duck" })
  expect.eq(g.hp, 20)
  expect.eq(cairn.cards.points(g).reactions, 1, "a reaction point spent")
end)

test("a retort after the jab: the jab lands, then the hero is hit back", function()
  local h, g = jab_at({ "retort" })
  expect.eq(g.hp, 18)
  expect.eq(h.hp, 19)
end)
