-- The zombie: a fixed round, two cells east, two south, two west, two north, whatever the
-- player does, hitting whoever stands in its way.

test("a zombie walks its square and comes back where it started", function()
  local w = scenario { map = [[
    ######
    #z...#
    #....#
    #....#
    #...@#
    ######
  ]] }
  local zombie = w:at(1, 1)
  w:step()
  expect.map(w, [[
    ######
    #.z..#
    #....#
    #....#
    #...@#
    ######
  ]], "beat 1: east")
  w:step()
  expect.map(w, [[
    ######
    #..z.#
    #....#
    #....#
    #...@#
    ######
  ]], "beat 2: east")
  w:step(2)
  expect.map(w, [[
    ######
    #....#
    #....#
    #..z.#
    #...@#
    ######
  ]], "beats 3 and 4: south")
  w:step(2)
  expect.map(w, [[
    ######
    #....#
    #....#
    #z...#
    #...@#
    ######
  ]], "beats 5 and 6: west")
  w:step(2)
  expect.map(w, [[
    ######
    #z...#
    #....#
    #....#
    #...@#
    ######
  ]], "beats 7 and 8: north, home again")
  expect.eq(zombie.step, 1, "and the round begins anew")
end)

test("a zombie hits the player standing in its way, and loses that step", function()
  local w = scenario { map = [[
    ######
    #z.@.#
    #....#
    #....#
    ######
  ]] }
  local player = w:at(3, 1)
  w:step()
  expect.map(w, [[
    ######
    #.z@.#
    #....#
    #....#
    ######
  ]], "beat 1: east")
  w:step()
  expect.map(w, [[
    ######
    #.z@.#
    #....#
    #....#
    ######
  ]], "beat 2: the player is in its way")
  expect.eq(player.hp, 5, "and takes a blow")
  expect.eq(player:magnitude("poison"), 1, "which poisons it")
  w:step()
  expect.map(w, [[
    ######
    #..@.#
    #.z..#
    #....#
    ######
  ]], "beat 3: it goes on south, as if it had stepped east twice")
  expect.eq(player.hp, 4, "the poison's 1: it never turns to follow")
  expect.eq(player:status("poison"), 0, "and the poison is spent")
end)
