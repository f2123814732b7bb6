-- X cost, alone and around repeat.

local function setup(map, energy)
  local w = scenario { map = map }
  local h = w:players()[1]
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, energy)
  return w, h
end

test("whirlwind with X = 3 hits every goblin for 9", function()
  local w, h = setup("gHg", 3)
  cairn.cards.add(h, "whirlwind", "hand")
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { x = 3 })
  expect.eq(w:at(0, 0).hp, 11)
  expect.eq(w:at(2, 0).hp, 11)
  expect.eq(cairn.cards.energy(h), 0)
end)

test("barrage with X = 2 is two hits of 2", function()
  local w, h = setup("H.g", 3)
  cairn.cards.add(h, "barrage", "hand")
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { x = 2, target = w:at(2, 0) })
  expect.eq(w:at(2, 0).hp, 16)
  expect.eq(cairn.cards.energy(h), 1, "X is what was paid, not all there was")
end)
