-- Tales of Maj'Eyal's effects: parameters, immunity, saves.

test("ToME's Stoneskin: its handler reads its power at each hit", function()
  local w = scenario { map = "@d" }
  local hero, dummy = w:at(0, 0), w:at(1, 0)
  hero.damage = 5
  dummy:apply("stoneskin", { magnitude = 3, beats = 10 })
  hero:input("attack", "e")
  w:step()
  expect.eq(dummy.hp, 28, "5 less its power 3")
  dummy:apply("stoneskin", { magnitude = 1, beats = 2 })
  expect.eq(dummy:magnitude("stoneskin"), 1, "cast again: the new power, though weaker")
  expect.eq(dummy:status("stoneskin"), 2, "and the new duration")
  hero:input("attack", "e")
  w:step()
  expect.eq(dummy.hp, 24, "5 less its power 1")
end)

test("ToME's Regeneration: heals its power each beat while it lasts", function()
  local w = scenario { map = "@" }
  local hero = w:at(0, 0)
  hero.hp = 10
  hero:apply("regeneration", { magnitude = 2, beats = 3 })
  w:step(5)
  expect.eq(hero.hp, 16, "2 a beat for 3 beats")
end)

test("ToME's immunity: a golem takes no poison, whoever gives it", function()
  local w = scenario { map = "@G" }
  local hero, golem = w:at(0, 0), w:at(1, 0)
  expect.eq(golem:apply("poison", { magnitude = 4, source = hero }), 0, "0: nothing landed")
  expect.eq(golem:status("poison"), 0)
  expect.eq(#golem:statuses(), 0)
  w:step()
  expect.eq(golem.hp, 30)
end)

test("ToME's stun immunity: a status that keeps others off or weakens them", function()
  local w = scenario { map = "@d" }
  local dummy = w:at(1, 0)
  dummy:apply("steady", 5)
  expect.eq(dummy:apply("stun", { magnitude = 2, beats = 3 }), 0, "resisted: 100% weaker")
  expect.eq(dummy:status("stun"), 0)
  expect.eq(dummy:apply("poison", { magnitude = 4 }), 2, "50% weaker")
  expect.eq(dummy:magnitude("poison"), 2)
  dummy:remove("steady")
  expect.eq(dummy:apply("stun", { magnitude = 2, beats = 3 }), 2, "without it the stun lands")
end)

test("ToME's physical save: a stun no stronger than the armour is shaken off", function()
  local w = scenario { map = "@d" }
  local dummy = w:at(1, 0)
  dummy.armor = 2
  expect.eq(dummy:apply("stun", { magnitude = 2, beats = 3 }), 0, "armour 2 >= power 2: saved")
  expect.eq(dummy:apply("stun", { magnitude = 3, beats = 3 }), 3, "power 3: it lands")
  expect.eq(dummy:status("stun"), 3)
  dummy:apply("stun", { magnitude = 3, beats = 1 })
  expect.eq(dummy:status("stun"), 3, "applied again: the longer duration is kept")
end)

test("ToME's saves: a chance drawn from the world's generator", function()
  local function landed(seed)
    local w = scenario { seed = seed, map = "dddddddddddddddddddd" }
    local pattern = ""
    for x = 0, 19 do
      pattern = pattern .. w:at(x, 0):apply("daze", { beats = 2 })
    end
    return pattern
  end
  local first = landed(1)
  local _, saved = first:gsub("0", "")
  expect.truthy(saved > 0 and saved < 20, "some saved, some not: " .. first)
  expect.eq(landed(1), first, "the same seed saves the same ones")
end)
