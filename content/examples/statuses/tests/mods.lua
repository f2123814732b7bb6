-- Mods on the status chains: the applier's status_give and the receiver's status_receive.

test("a mod on the giver's status_give: the viper's poison doubles", function()
  local w = scenario { map = "@v" }
  local hero, viper = w:at(0, 0), w:at(1, 0)
  w:step()
  expect.eq(hero.hp, 19, "bitten")
  expect.eq(hero:magnitude("poison"), 4, "its bite gives 2, doubled")
  expect.eq(hero:statuses()[1].source, viper)
  expect.eq(hero:apply("poison", { magnitude = 1 }), 1, "poison from no one is not doubled")
  expect.eq(hero:apply("poison", { magnitude = 1, source = viper }), 2, "from the viper it is")
end)

test("a mod on the receiver's status_receive: no stun lands on the knight", function()
  local w = scenario { map = "@dk" }
  local hero, dummy, knight = w:at(0, 0), w:at(1, 0), w:at(2, 0)
  expect.eq(knight:apply("stun", { beats = 2, source = hero }), 0)
  expect.eq(knight:status("stun"), 0)
  expect.eq(knight:apply("poison", { magnitude = 1 }), 1, "other statuses land")
  expect.eq(dummy:apply("stun", { beats = 2, source = hero }), 1, "others are stunned")
end)
