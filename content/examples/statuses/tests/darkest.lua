-- Darkest Dungeon's bleeds (separate instances) and stress (a meter that stays at 0).

test("Darkest Dungeon's bleeds: each an instance with its own magnitude and duration", function()
  local w = scenario { map = "@.d" }
  local hero, dummy = w:at(0, 0), w:at(2, 0)
  dummy:apply("bleed", { magnitude = 2, beats = 3, source = hero })
  dummy:apply("bleed", { magnitude = 1, beats = 1 })
  expect.eq(dummy:magnitude("bleed"), 3, "the sum of the instances")
  local rows = dummy:statuses()
  expect.eq(#rows, 2, "a row for each")
  expect.eq(rows[1].magnitude, 2)
  expect.eq(rows[1].source, hero)
  expect.eq(rows[2].beats, 1)
  expect.eq(rows[2].source, nil)
  w:step()
  expect.eq(dummy.hp, 27, "both bleed")
  expect.eq(#dummy:statuses(), 1, "the shorter one ran out")
  w:step(2)
  expect.eq(dummy.hp, 23, "the longer one bled on")
  expect.eq(dummy:status("bleed"), 0)
end)

test("Darkest Dungeon's bleeds: at most three at once, the oldest making room", function()
  local w = scenario { map = "@.d" }
  local dummy = w:at(2, 0)
  for n = 1, 4 do dummy:apply("bleed", { magnitude = n, beats = 3 }) end
  expect.eq(#dummy:statuses(), 3)
  expect.eq(dummy:statuses()[1].magnitude, 2, "the first is gone")
  expect.eq(dummy:magnitude("bleed"), 9, "2 + 3 + 4")
end)

test("Darkest Dungeon's stress: capped at 200, and kept at 0", function()
  local w = scenario { map = "@" }
  local hero = w:at(0, 0)
  hero:apply("stress", { magnitude = 150 })
  hero:apply("stress", { magnitude = 80 })
  expect.eq(hero:magnitude("stress"), 200, "the cap")
  hero:apply("stress", { magnitude = -200 })
  expect.eq(hero:magnitude("stress"), 0)
  expect.truthy(hero:status("stress") > 0, "empty, but there")
  w:step()
  expect.eq(#hero:statuses(), 1)
end)
