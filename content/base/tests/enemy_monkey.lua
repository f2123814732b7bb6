-- The monkey: it closes in every beat, and its blow binds the player, who then cannot walk
-- away until it has struggled free (two tries) or the monkey has let go.

test("its blow binds the player, who struggles twice, then walks away", function()
  local w = scenario { map = [[
    #######
    #..@.m#
    #######
  ]] }
  local player = w:at(3, 1)
  w:step()
  expect.map(w, [[
    #######
    #..@m.#
    #######
  ]], "beat 1: it closes in")
  w:step()
  expect.eq(player.hp, 5, "beat 2: its blow lands")
  expect.eq(player:status("bind"), 5, "and binds the player")
  player:input("attack_dig_move", "w")
  w:step()
  expect.map(w, [[
    #######
    #..@m.#
    #######
  ]], "beat 3: the player cannot walk away")
  expect.eq(player.hp, 4)
  player:input("attack_dig_move", "w")
  w:step()
  expect.map(w, [[
    #######
    #..@m.#
    #######
  ]], "beat 4: nor now, but that was its second struggle")
  expect.eq(player:status("bind"), 0, "free at the end of the beat")
  player:input("attack_dig_move", "w")
  w:step()
  expect.map(w, [[
    #######
    #.@m..#
    #######
  ]], "beat 5: away, with the monkey on its heels")
  expect.eq(player.hp, 3, "the monkey hit it in beats 3 and 4 as well")
end)

test("bound, the player can still hit back, and the bind ends with the monkey", function()
  local w = scenario { map = [[
    ######
    #.@m.#
    ######
  ]] }
  local player = w:at(2, 1)
  w:step()
  expect.eq(player:status("bind"), 5, "beat 1: bound")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #.@..#
    ######
  ]], "beat 2: the monkey is dead")
  expect.eq(player:status("bind"), 0, "and the player free")
  player:input("attack_dig_move", "w")
  w:step()
  expect.map(w, [[
    ######
    #@...#
    ######
  ]], "beat 3: it walks")
end)
