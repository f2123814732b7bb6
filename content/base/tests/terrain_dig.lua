-- Digging: dirt (`+`) gives to a dig of power 1, a basic shovel's; a wall (`#`) never does.

test("with a shovel the player digs through dirt, then walks into the hole", function()
  local w = scenario { map = [[
    #######
    #@(++.#
    #######
  ]] }
  local player = w:at(1, 1)
  player:input("attack_dig_move", "e")
  w:step()
  player:choose("pick_up")
  w:step()
  expect.map(w, [[
    #######
    #.@++.#
    #######
  ]], "beats 1 and 2: it steps onto the shovel and picks it up")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@.+.#
    #######
  ]], "beat 3: nobody to attack, so attack_dig_move digs; the dirt goes at the beat's end")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #..@+.#
    #######
  ]], "beat 4: nothing left to dig, so it moves")
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #..@..#
    #######
  ]], "beat 5: the next one")
end)

test("bare hands do not dig dirt", function()
  local w = scenario { map = [[
    ####
    #@+#
    ####
  ]] }
  local player = w:at(1, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    ####
    #@+#
    ####
  ]])
  expect.falsy(player.last.success)
end)

test("a wall cannot be dug, whatever the digging power", function()
  local w = scenario { map = [[
    ####
    #@.#
    ####
  ]] }
  local player = w:at(1, 1)
  player.dig_power = 1000 -- holding no shovel, it digs with its own stat
  player:input("attack_dig_move", "n")
  w:step()
  expect.map(w, [[
    ####
    #@.#
    ####
  ]])
  expect.falsy(player.last.success, "the whole action failed")
end)

test("stairs lie under whoever stands on them", function()
  local w = scenario { map = [[
    #####
    #@>.#
    #####
  ]] }
  local player = w:at(1, 1)
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@.#
    #####
  ]], "the player shows, the stairs are under it")
  expect.eq(w:at(2, 1, "floor").type, "base:stairs")
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.>@#
    #####
  ]])
end)
