-- A validator chooses between two payloads.

local function play(hp)
  local w = scenario { map = "H.g" }
  local h, g = w:at(0, 0), w:at(2, 0)
  h.hp = hp
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "second_wind", "hand")
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = g })
  return h.hp, g.hp
end

test("hurt: the passed payload heals", function()
  local hp, goblin = play(5)
  expect.eq(hp, 11)
  expect.eq(goblin, 20)
end)

test("healthy: the failed payload strikes", function()
  local hp, goblin = play(15)
  expect.eq(hp, 15)
  expect.eq(goblin, 16)
end)
