-- The three statuses, on the player and on monsters: stun takes the turn, freeze the turn
-- and every change of cell, bind the moves only, until the bound one struggles free.

test("a stunned skeleton loses its turns, then goes on where it left off", function()
  local w = scenario { map = [[
    #######
    #@...s#
    #######
  ]] }
  local skeleton = w:at(5, 1)
  skeleton:apply("stun", 2)
  w:step(2)
  expect.map(w, [[
    #######
    #@...s#
    #######
  ]], "beats 1 and 2: stunned")
  expect.eq(skeleton:status("stun"), 0, "worn off")
  w:step()
  expect.map(w, [[
    #######
    #@..s.#
    #######
  ]], "beat 3: it steps")
end)

test("a stunned player does nothing, whatever it is told", function()
  local w = scenario { map = [[
    #####
    #@..#
    #####
  ]] }
  local player = w:at(1, 1)
  player:apply("stun", 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #@..#
    #####
  ]], "beat 1: stunned")
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@.#
    #####
  ]], "beat 2: free")
end)

test("a stunned monster can still be bounced; a frozen one cannot be moved at all", function()
  local w = scenario { legend = { S = { "skeleton", "bounce_trap" } }, map = [[
    ########
    #S....S#
    #......#
    #@.....#
    ########
  ]] }
  local stunned, frozen = w:at(1, 1), w:at(6, 1)
  w:at(1, 1, "trap").data.dir = "e"
  w:at(6, 1, "trap").data.dir = "w"
  stunned:apply("stun", 3)
  frozen:apply("freeze", 3)
  w:step() -- the traps find both standing on them, as newcomers
  expect.map(w, [[
    ########
    #^s...s#
    #......#
    #@.....#
    ########
  ]], "beat 1: the stunned one was bounced off")
  expect.eq({ frozen.x, frozen.y }, { 6, 1 }, "the frozen one is still on its trap")
  w:step(2)
  expect.map(w, [[
    ########
    #^s...s#
    #......#
    #@.....#
    ########
  ]], "beats 2 and 3: neither acts")
end)

test("a frozen player cannot act, and thaws", function()
  local w = scenario { map = [[
    #####
    #@..#
    #####
  ]] }
  local player = w:at(1, 1)
  player:apply("freeze", 2)
  for beat = 1, 2 do
    player:input("move", "e")
    w:step()
    expect.map(w, [[
      #####
      #@..#
      #####
    ]], "beat " .. beat .. ": frozen")
  end
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@.#
    #####
  ]], "beat 3: thawed")
end)

test("a bound skeleton cannot move but still hits", function()
  local w = scenario { map = [[
    #####
    #@s.#
    #####
  ]] }
  local player, skeleton = w:at(1, 1), w:at(2, 1)
  skeleton:apply("bind", 5)
  w:step()
  expect.eq(player.hp, 5, "beat 1: bound, it hits all the same")
end)

test("bound, it struggles once a beat, however many ways it tries, and is free after two",
  function()
  local w = scenario { map = [[
    #######
    #@....#
    #.....#
    #....s#
    #######
  ]] }
  local skeleton = w:at(5, 3)
  skeleton:apply("bind", 10)
  w:step()
  expect.map(w, [[
    #######
    #@....#
    #.....#
    #....s#
    #######
  ]], "beat 1: it tried west, then north; both vetoed")
  expect.eq(skeleton.data.bind_struggles, 1, "one struggle")
  w:step(2) -- a rest, then its second struggle
  expect.map(w, [[
    #######
    #@....#
    #.....#
    #....s#
    #######
  ]], "beats 2 and 3: still in place")
  expect.eq(skeleton:status("bind"), 0, "but free at the end of beat 3")
  w:step(2) -- a rest, a step
  expect.map(w, [[
    #######
    #@....#
    #.....#
    #...s.#
    #######
  ]], "beats 4 and 5: on its way")
end)

test("a bind ends when the binder is no longer next to its victim", function()
  local w = scenario { map = [[
    #######
    #.@m..#
    #######
  ]] }
  local player, monkey = w:at(2, 1), w:at(3, 1)
  w:step()
  expect.eq(player:status("bind"), 5, "beat 1: bound")
  monkey:apply("stun", 2)
  monkey:displace(5, 1) -- thrown off, say
  player:input("move", "w")
  w:step()
  expect.map(w, [[
    #######
    #@...m#
    #######
  ]], "beat 2: the player walks away at once")
  expect.eq(player:status("bind"), 0)
end)
