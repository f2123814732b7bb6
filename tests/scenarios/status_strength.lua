-- Statuses with strength, from Lua: e:apply with a table (magnitude, beats, source),
-- e:magnitude, e:statuses, the stacking rules named in cairn.status, and the changes that
-- say what applying did.

cairn.status { name = "venom", stacking = "intensity", max = 10 }
cairn.status { name = "bleeding", stacking = "instances" }
cairn.status { name = "marked" }

cairn.entity { name = "imp", glyph = "i", decorators = { "Statused" } }

local map = [[
  #####
  #i.i#
  #####
]]

test("e:apply with a table gives magnitude, beats and source, and returns what landed",
  function()
    local w = scenario { map = map }
    local imp, other = w:at(1, 1), w:at(3, 1)
    expect.eq(imp:apply("venom", { magnitude = 3, beats = 4, source = other }), 3)
    expect.eq(imp:magnitude("venom"), 3)
    expect.eq(imp:status("venom"), 4)
    local rows = imp:statuses()
    expect.eq(#rows, 1)
    expect.eq(rows[1].name, "scenario:venom")
    expect.eq(rows[1].magnitude, 3)
    expect.eq(rows[1].beats, 4)
    expect.eq(rows[1].lasting, false)
    expect.eq(rows[1].source, other)
    local on = w:history()[#w:history()]
    expect.eq(on.kind, "status_on")
    expect.eq(on.amount, 4)
    expect.eq(on.magnitude, 3)
    expect.eq(on.other, other)
  end)

test("applying again by intensity adds up to the max and records status_changed", function()
  local w = scenario { map = map }
  local imp = w:at(1, 1)
  imp:apply("venom", { magnitude = 6, beats = 2 })
  imp:apply("venom", { magnitude = 6, beats = 1 })
  expect.eq(imp:magnitude("venom"), 10)
  expect.eq(imp:status("venom"), 2)
  local changed = w:history()[#w:history()]
  expect.eq(changed.kind, "status_changed")
  expect.eq(changed.status, "scenario:venom")
  expect.eq(changed.amount, 2)
  expect.eq(changed.magnitude, 10)
end)

test("without beats a status is lasting; e:apply(name, beats) is magnitude 1", function()
  local w = scenario { map = map }
  local imp = w:at(1, 1)
  imp:apply("marked", {})
  w:step()
  w:step()
  expect.eq(imp:statuses()[1].lasting, true)
  expect.truthy(imp:status("marked") > 0)
  imp:remove("marked")
  imp:apply("marked", 2)
  expect.eq(imp:magnitude("marked"), 1)
  expect.eq(imp:statuses()[1].source, nil)
end)

test("instances are one row each, in order of application, and the magnitude is their sum",
  function()
    local w = scenario { map = map }
    local imp = w:at(1, 1)
    imp:apply("bleeding", { magnitude = 1, beats = 1 })
    imp:apply("bleeding", { magnitude = 2, beats = 3 })
    expect.eq(#imp:statuses(), 2)
    expect.eq(imp:magnitude("bleeding"), 3)
    w:step()
    expect.eq(#imp:statuses(), 1)
    expect.eq(imp:statuses()[1].magnitude, 2)
  end)

test("a snapshot keeps magnitude, instances and source", function()
  local w = scenario { map = map }
  local imp, other = w:at(1, 1), w:at(3, 1)
  imp:apply("bleeding", { magnitude = 2, beats = 3, source = other })
  imp:apply("bleeding", { magnitude = 5 })
  local kept = w:snapshot()
  imp:remove("bleeding")
  w:restore(kept)
  local rows = imp:statuses()
  expect.eq(#rows, 2)
  expect.eq(rows[1].source, other)
  expect.eq(rows[2].magnitude, 5)
  expect.eq(rows[2].lasting, true)
end)

cairn.status { name = "strength", stacking = "intensity", modifies = { damage = 1 } }
cairn.entity { name = "brute", glyph = "b", decorators = { "Statused", "Attacking" },
  stats = { damage = 2 } }

test("modifies keeps a stat right as the magnitude changes, and gives it back", function()
  local w = scenario { map = [[
    ###
    #b#
    ###
  ]] }
  local brute = w:at(1, 1)
  brute:apply("strength", { magnitude = 3 })
  expect.eq(brute.damage, 5)
  brute:apply("strength", { magnitude = -4 })
  expect.eq(brute.damage, 1, "strength may go negative")
  brute:remove("strength")
  expect.eq(brute.damage, 2)
end)
