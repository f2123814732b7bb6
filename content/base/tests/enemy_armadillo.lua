-- The armadillo: it watches until the player is in line, then rolls at it until something
-- stops it (whom it hits is stunned a beat), cannot be hurt while rolling, and rests for two
-- beats after.

test("it waits out of line; in line it turns, rolls, hits the player, then rests", function()
  local w = scenario { map = [[
    ########
    #@.....#
    #.....a#
    ########
  ]] }
  local player, armadillo = w:at(1, 1), w:at(6, 2)
  w:step()
  expect.map(w, [[
    ########
    #@.....#
    #.....a#
    ########
  ]], "beat 1: not in line, it waits")
  expect.eq(armadillo.step, 1, "still watching")
  player:input("move", "s")
  w:step()
  expect.map(w, [[
    ########
    #......#
    #@....a#
    ########
  ]], "beat 2: in line now: it turns to the player")
  expect.eq(armadillo.facing, "w")
  w:step()
  expect.map(w, [[
    ########
    #......#
    #@...a.#
    ########
  ]], "beat 3: it rolls")
  w:step(3)
  expect.map(w, [[
    ########
    #......#
    #@a....#
    ########
  ]], "beats 4 to 6: and rolls on, a cell a beat")
  player:input("attack_dig_move", "e")
  w:step()
  expect.eq(armadillo.hp, 2, "beat 7: the player's blow glances off the rolling armadillo")
  expect.eq(player.hp, 4, "which rolls into the player for 2")
  expect.map(w, [[
    ########
    #......#
    #@a....#
    ########
  ]], "and stops there")
  expect.eq(armadillo.step, 3, "to rest")
  player:input("attack_dig_move", "e")
  w:step()
  expect.eq(armadillo.hp, 2, "beat 8: the roll stunned the player: no blow")
  player:input("attack_dig_move", "e")
  w:step()
  expect.eq(armadillo.hp, 1, "beat 9: resting, it can be hurt")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    ########
    #......#
    #@.....#
    ########
  ]], "beat 10: and killed")
  expect.eq(player.hp, 4, "it never struck back while resting")
end)

test("a wall stops the roll too, and it rests after", function()
  local w = scenario { map = [[
    #####
    #.a.#
    #...#
    #...#
    #.@.#
    #####
  ]] }
  local player, armadillo = w:at(2, 4), w:at(2, 1)
  w:step() -- it spots the player below it
  expect.eq(armadillo.facing, "s")
  player:input("move", "e") -- and the player steps aside
  w:step()
  expect.map(w, [[
    #####
    #...#
    #.a.#
    #...#
    #..@#
    #####
  ]], "beat 2: rolling south all the same")
  w:step(2)
  expect.map(w, [[
    #####
    #...#
    #...#
    #...#
    #.a@#
    #####
  ]], "beats 3 and 4: down to the wall, past the player")
  expect.eq(player.hp, 6, "it rolls straight: the player beside its way is safe")
  w:step()
  expect.map(w, [[
    #####
    #...#
    #...#
    #...#
    #.a@#
    #####
  ]], "beat 5: the wall stops it")
  expect.eq(armadillo.step, 3, "and it rests")
  w:step(2)
  expect.eq(armadillo.step, 1, "beats 6 and 7: rested, it watches again")
  expect.eq(player.hp, 6)
end)

test("a roll that a bounce trap throws straight back ends, instead of rolling in place", function()
  local w = scenario { map = [[
    #########
    #.a^...@#
    #########
  ]] }
  w:at(3, 1, "trap").data.dir = "w"
  local armadillo = w:at(2, 1)
  w:step() -- it sees the player in its row, and faces east
  expect.eq(armadillo.step, 2, "rolling")
  w:step() -- onto the trap, which throws it back west
  w:step() -- it rolls on, is thrown back
  expect.map(w, [[
    #########
    #.a^...@#
    #########
  ]], "thrown back where it was")
  expect.eq(armadillo.step, 3, "so the roll is over: it rests")
end)
