-- Crates: hit one (walking into it with attack_dig_move does) and it slides a cell the same
-- way, unhurt; a crate that cannot slide takes the blow instead, and two blows break it.

test("walking into a crate shoves it one cell; the player stays put", function()
  local w = scenario { map = [[
    #######
    #@=...#
    #######
  ]] }
  local player = w:at(1, 1)
  local crate = w:at(2, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #@.=..#
    #######
  ]], "beat 1: the crate slid")
  expect.eq(crate.hp, 2, "unhurt")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@=..#
    #######
  ]], "beat 2: the player walks up to it")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@.=.#
    #######
  ]], "beat 3: and shoves it again")
end)

test("a crate with another crate behind it cannot slide: it takes the blow", function()
  local w = scenario { map = [[
    ######
    #@==.#
    ######
  ]] }
  local player = w:at(1, 1)
  local front = w:at(2, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #@==.#
    ######
  ]], "beat 1: neither crate moved")
  expect.eq(front.hp, 1, "the front one took the blow")
  expect.eq(w:at(3, 1).hp, 2, "the one behind was not touched")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #@.=.#
    ######
  ]], "beat 2: a second blow breaks it")
end)

test("a crate against a wall cannot slide either", function()
  local w = scenario { map = [[
    #####
    #.@=#
    #####
  ]] }
  local player = w:at(2, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@=#
    #####
  ]])
  expect.eq(w:at(3, 1).hp, 1)
  player:input("attack_dig_move", "w")
  w:step()
  expect.map(w, [[
    #####
    #@.=#
    #####
  ]], "the player walks away from it as from anything")
end)

test("a crate slides onto a trap like anyone, and the trap springs on it", function()
  local w = scenario { map = [[
    #######
    #@=^..#
    #######
  ]] }
  local player = w:at(1, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #@.^=.#
    #######
  ]], "slid onto the bounce trap, which bounced it on east")
end)
