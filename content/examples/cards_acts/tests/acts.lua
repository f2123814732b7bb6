-- A primed move pushes before it moves; step and strike are the hero's own acts.

local function duel(map, card)
  local w = scenario { map = map }
  local h = w:players()[1]
  cairn.cards.setup(h, { deck = {} })
  cairn.cards.set_energy(h, 3)
  cairn.cards.set_points(h, { actions = 2 })
  local c = cairn.cards.add(h, card, "hand")
  return w, h, c
end

test("after the shoulder, the next move into a goblin pushes it and steps in", function()
  local w, h, shoulder = duel("Hg...", "shoulder")
  expect.ok(cairn.cards.play(h, shoulder))
  expect.eq(h:status("cairn:primed"), 4, "primed for the card's beats")
  h:input("attack_move", "e")
  w:step()
  expect.map(w, ".H.g.")
  expect.eq(w:at(3, 0).hp, 20, "pushed, not struck")
  expect.eq(h:status("cairn:primed"), 0, "spent")
end)

test("a primed move spent, the next move into a goblin strikes it as ever", function()
  local w, h, shoulder = duel("Hg...", "shoulder")
  expect.ok(cairn.cards.play(h, shoulder))
  h:input("attack_move", "e")
  w:step()
  h:input("attack_move", "e")
  w:step()
  h:input("attack_move", "e")
  w:step()
  expect.map(w, "..Hg.")
  expect.truthy(w:at(3, 0).hp < 20, "struck")
end)

test("advance steps towards the cell, then strikes that way", function()
  local w, h, advance = duel("H.g", "advance")
  expect.ok(cairn.cards.play(h, advance, { target = { x = 2, y = 0 } }))
  expect.map(w, ".Hg")
  expect.truthy(w:at(2, 0).hp < 20, "struck by the hero's own attack")
end)

test("a primed move at the edge of the world is spent, and nothing else happens", function()
  local w, h, shoulder = duel("Hg", "shoulder")
  expect.ok(cairn.cards.play(h, shoulder))
  h:input("attack_move", "w")
  w:step()
  expect.eq(h:status("cairn:primed"), 0)
  expect.map(w, "Hg")
end)
