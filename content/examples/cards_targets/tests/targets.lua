-- Target overrides and the dead filter.

local function setup(map)
  local w = scenario { map = map }
  local h = w:players()[1]
  cairn.cards.setup(h, {})
  return w, h
end

local function play(h, card, answers)
  cairn.cards.add(h, card, "hand")
  return cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], answers)
end

test("all_enemies hits every goblin, no prompt asked", function()
  local w, h = setup("g.H.g")
  play(h, "cleave")
  expect.eq(w:at(0, 0).hp, 17)
  expect.eq(w:at(4, 0).hp, 17)
end)

test("area hits around the chosen cell", function()
  local w, h = setup("H..gg.g")
  play(h, "firebomb", { target = { x = 4, y = 0 } })
  expect.eq(w:at(3, 0).hp, 18)
  expect.eq(w:at(4, 0).hp, 18)
  expect.eq(w:at(6, 0).hp, 20, "two cells from the chosen one")
end)

test("a target killed by the first effect is no target of the next", function()
  local w, h = setup("H.g")
  local g = w:at(2, 0)
  play(h, "overkill", { target = g })
  expect.truthy(g:is_dead())
  expect.eq(g.hp, 0, "the heal found no one to heal")
end)
