-- expect.history: a test asserts on what a beat did, in order, naming only the fields it
-- cares about.

cairn.entity { name = "biter", glyph = "b", decorators = { "Moving", "Attacking", "Attackable",
  "WithHP", "Killable" }, stats = { hp = 3, damage = 2, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } } }

test("the changes of a beat are found in order, by the fields given", function()
  local w = scenario { map = "@.b" }
  local player, biter = w:at(0, 0), w:at(2, 0)
  w:step()
  expect.history(w, { { kind = "moved", entity = biter, to = { x = 1, y = 0 } } })
  w:step()
  local found = expect.history(w, {
    { kind = "attacked", entity = player, other = "biter", amount = 2 },
    { kind = "damaged", entity = "test:player", value = 8 },
  })
  expect.eq(found[2].amount, 2, "the changes matched are returned")
end)

test("a change missing, or out of order, fails with the beat's history", function()
  local w = scenario { map = "@b" }
  w:step()
  local err = expect.error(function()
    expect.history(w, { { kind = "damaged" }, { kind = "attacked" } })
  end, "at beat 1 no change { kind = \"attacked\" } after change 1 of the list")
  expect.truthy(err:find("1. attacked, entity = entity 0 (test:player), other = entity 1 " ..
    "(scenario:biter)", 1, true), err)
  expect.error(function() expect.history(w, { { kind = "died" } }, "the kill") end,
    "the kill: at beat 1 no change { kind = \"died\" }")
end)
