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

cairn.status { name = "stun" }
cairn.status { name = "steady", resists = { stun = 100, venom = 50 } }
cairn.status { name = "daze", save = { stat = "armor", against = 3 } }
cairn.status { name = "fumble", save = { chance = 100 } }
cairn.entity { name = "knight", glyph = "k", decorators = { "Statused", "Attackable" },
  stats = { armor = 3 } }
cairn.entity { name = "witch", glyph = "w", decorators = { "Statused" },
  handlers = { status_give = function(ev)
    if ev.status == "scenario:venom" then ev.magnitude = ev.magnitude * 2 end
  end } }
cairn.entity { name = "warded", glyph = "d", decorators = { "Statused" },
  handlers = { status_receive = function(ev)
    if ev.status == "scenario:stun" then ev.propagate = false end
  end } }

test("status_give on the source may double a status; status_receive may block one", function()
  local w = scenario { map = [[
    #####
    #wid#
    #####
  ]] }
  local witch, imp, warded = w:at(1, 1), w:at(2, 1), w:at(3, 1)

  expect.eq(imp:apply("venom", { magnitude = 2, beats = 3, source = witch }), 4)
  expect.eq(imp:magnitude("venom"), 4)
  expect.eq(imp:apply("venom", { magnitude = 1, beats = 3 }), 1, "no source: no status_give")
  expect.eq(warded:apply("stun", { beats = 2, source = witch }), 0)
  expect.eq(warded:status("stun"), 0)
  expect.eq(warded:apply("stun", 2), 0, "the plain form goes through the chains too")
  local seen = warded:apply("venom", { magnitude = 1, beats = 1 })
  expect.eq(seen, 1)
end)

test("a status resists others; saves by chance and by stat", function()
  local w = scenario { map = [[
    ####
    #ik#
    ####
  ]] }
  local imp, knight = w:at(1, 1), w:at(2, 1)
  imp:apply("steady", {})
  expect.eq(imp:apply("stun", 3), 0, "immune")
  expect.eq(imp:apply("venom", { magnitude = 5, beats = 2 }), 2, "half as strong")
  expect.eq(knight:apply("daze", { beats = 2 }), 0, "armor 3 >= 3")
  knight.armor = 2
  expect.eq(knight:apply("daze", { beats = 2 }), 1)
  expect.eq(knight:apply("fumble", 2), 0)
end)

cairn.status { name = "poison", stacking = "intensity", decay = { by = 1 }, each = "damage" }
cairn.status { name = "block", stacking = "intensity", decay = { by = "all", when = "turn_start" } }
cairn.entity { name = "victim", glyph = "v", decorators = { "Statused", "WithHP" },
  stats = { hp = 10, max_hp = 10 } }

test("poison hurts by its magnitude in the tick, the source the cause, then decays by 1",
  function()
    local w = scenario { map = [[
      ####
      #vi#
      ####
    ]] }
    local victim, imp = w:at(1, 1), w:at(2, 1)
    victim:apply("poison", { magnitude = 3, source = imp })
    w:step()
    expect.eq(victim.hp, 7)
    expect.eq(victim:magnitude("poison"), 2)
    local hurt
    for _, c in ipairs(w:history()) do
      if c.kind == "damaged" then hurt = c end
    end
    expect.eq(hurt.other, imp)
    w:step()
    w:step()
    expect.eq(victim.hp, 4)
    expect.eq(victim:status("poison"), 0)
  end)

test("e:decay decays what counts at that moment, and only that", function()
  local w = scenario { map = [[
    ####
    #vi#
    ####
  ]] }
  local victim = w:at(1, 1)
  victim:apply("block", { magnitude = 5 })
  w:step()
  expect.eq(victim:magnitude("block"), 5)
  victim:decay("turn_end")
  expect.eq(victim:magnitude("block"), 5)
  victim:decay("turn_start")
  expect.eq(victim:status("block"), 0)
end)
