-- Traps spring in the traps phase, after the player and the monsters have moved, on whoever
-- has come onto them since their last turn. A bounce trap (`^`) throws it a cell its way
-- (data.dir, east unless set); spikes (`;`) take 1 hp.

test("a bounce trap throws whoever steps on it one cell its way, east by default", function()
  local w = scenario { map = [[
    ######
    #@^..#
    ######
  ]] }
  local player = w:at(1, 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    ######
    #.^@.#
    ######
  ]], "beat 1: stepped on it, and landed beyond")
  player:input("move", "w")
  w:step()
  expect.map(w, [[
    ######
    #.^@.#
    ######
  ]], "beat 2: back onto it, and thrown east again")
end)

test("the generator turns a bounce trap by setting its data.dir", function()
  local w = scenario { map = [[
    #####
    #@^.#
    #...#
    #####
  ]] }
  w:at(2, 1, "trap").data.dir = "s"
  local player = w:at(1, 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.^.#
    #.@.#
    #####
  ]])
end)

test("a bounce that is blocked leaves it on the trap, which does not spring again", function()
  local w = scenario { map = [[
    #######
    #@^=..#
    #######
  ]] }
  local player = w:at(1, 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@=..#
    #######
  ]], "beat 1: the crate is in the way: no bounce")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@.=.#
    #######
  ]], "beat 2: the way is free now, but the player stayed: still no bounce")
end)

test("monsters are bounced too", function()
  local w = scenario { map = [[
    #######
    #@.^.s#
    #.....#
    #######
  ]] }
  w:at(3, 1, "trap").data.dir = "s"
  w:step() -- the skeleton steps west
  expect.map(w, [[
    #######
    #@.^s.#
    #.....#
    #######
  ]])
  w:step(2) -- a rest, then a step onto the trap
  expect.map(w, [[
    #######
    #@.^..#
    #..s..#
    #######
  ]])
end)

test("spikes hurt whoever steps on them, once per visit", function()
  local w = scenario { map = [[
    #####
    #@;.#
    #####
  ]] }
  local player = w:at(1, 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@.#
    #####
  ]], "beat 1: onto the spikes")
  expect.eq(player.hp, 5)
  w:step()
  expect.eq(player.hp, 5, "beat 2: standing still on them does no more harm")
  player:input("move", "e")
  w:step()
  player:input("move", "w")
  w:step()
  expect.eq(player.hp, 4, "beats 3 and 4: off and on again: another wound")
end)

test("spikes hurt monsters too, and can kill", function()
  local w = scenario { map = [[
    ######
    #@.;b#
    #.####
    ######
  ]] }
  w:step() -- hemmed in, the bat's only way out is west, onto the spikes
  expect.map(w, [[
    ######
    #@.;.#
    #.####
    ######
  ]])
end)
