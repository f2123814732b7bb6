-- The skeleton's steps, beat by beat. Its sequence is rest, then attack_move, so it covers
-- one cell every two beats.

test("it walks towards the player, resting every other beat", function()
  local w = scenario { map = [[
    #######
    #@...s#
    #######
  ]] }
  w:step() -- step 1: rest
  expect.map(w, [[
    #######
    #@...s#
    #######
  ]])
  w:step() -- step 2: nobody to hit in the next cell, so it moves
  expect.map(w, [[
    #######
    #@..s.#
    #######
  ]])
  w:step(4)
  expect.map(w, [[
    #######
    #@s...#
    #######
  ]])
end)

test("next to the player it attacks instead of moving", function()
  local w = scenario { map = [[
    #####
    #@s.#
    #####
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.eq(player.hp, 10, "it rests first")
  w:step()
  expect.eq(player.hp, 8, "then hits for its damage, 2")
  expect.map(w, [[
    #####
    #@s.#
    #####
  ]])
  w:step(2)
  expect.eq(player.hp, 6)
end)

test("skeletons in a line move as one and never hit each other", function()
  local w = scenario { map = [[
    ########
    #@...ss#
    ########
  ]] }
  w:step(2)
  expect.map(w, [[
    ########
    #@..ss.#
    ########
  ]])
  w:step(4)
  expect.map(w, [[
    ########
    #@ss...#
    ########
  ]])
  for _, s in ipairs(w:entities("skeleton")) do expect.eq(s.hp, 3) end
end)
