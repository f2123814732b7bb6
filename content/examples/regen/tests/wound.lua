-- The decorator's damaged handler: a fresh wound restarts the count.

test("a hit restarts the count", function()
  local w = scenario { map = [[
    #####
    #@T##
    #####
  ]] }
  local player, troll = w:at(1, 1), w:at(2, 1)
  troll.hp = 3
  w:step()
  expect.eq(troll.data.regen_wait, 1, "one beat towards the next heal")
  player:input("attack", "e")
  w:step()
  expect.eq(troll.hp, 2, "hit instead of healed")
  expect.eq(troll.data.regen_wait, 1, "the count started again this beat")
  w:step()
  expect.eq(troll.hp, 3, "two beats after the wound")
  expect.eq(player.hp, 7, "the troll hit back each beat")
end)
