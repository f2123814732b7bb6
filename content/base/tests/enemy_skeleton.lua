-- The skeleton, beat by beat: a step towards the player (or a blow when next to it), then a
-- rest, over and over.

test("a skeleton steps towards the player, then rests, and so on", function()
  local w = scenario { map = [[
    #######
    #@...s#
    #######
  ]] }
  w:step() -- attack_move: nobody next to it, so it steps west
  expect.map(w, [[
    #######
    #@..s.#
    #######
  ]])
  w:step() -- rest
  expect.map(w, [[
    #######
    #@..s.#
    #######
  ]])
  w:step() -- step
  expect.map(w, [[
    #######
    #@.s..#
    #######
  ]])
  w:step(2) -- rest, step
  expect.map(w, [[
    #######
    #@s...#
    #######
  ]])
end)

test("next to the player a skeleton hits it every other beat, for 1", function()
  local w = scenario { map = [[
    #####
    #@s.#
    #####
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.eq(player.hp, 5, "beat 1: a blow")
  expect.map(w, [[
    #####
    #@s.#
    #####
  ]], "it attacked instead of moving")
  w:step()
  expect.eq(player.hp, 5, "beat 2: a rest")
  w:step()
  expect.eq(player.hp, 4, "beat 3: another blow")
end)

test("two blows of the player's kill a skeleton", function()
  local w = scenario { map = [[
    #####
    #@s.#
    #####
  ]] }
  local player, skeleton = w:at(1, 1), w:at(2, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.eq(skeleton.hp, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #####
    #@..#
    #####
  ]])
end)
