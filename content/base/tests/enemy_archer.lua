-- The archer: in line with the player, within 5 cells and in plain view, it looses an arrow
-- (`*`) that flies a cell a beat and hits the first thing in its way; otherwise it closes in.
-- It rests every other beat.

test("an archer shoots, rests and shoots again; each arrow flies until it hits", function()
  local w = scenario { map = [[
    #######
    #@...k#
    #######
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #######
    #@..*k#
    #######
  ]], "beat 1: an arrow, in the cell towards the player")
  expect.eq(w:at(4, 1, "projectile").facing, "w")
  w:step()
  expect.map(w, [[
    #######
    #@.*.k#
    #######
  ]], "beat 2: the archer rests, the arrow flies")
  w:step()
  expect.map(w, [[
    #######
    #@*.*k#
    #######
  ]], "beat 3: it flies on, and a second one is loosed")
  expect.eq(player.hp, 6)
  w:step()
  expect.map(w, [[
    #######
    #@.*.k#
    #######
  ]], "beat 4: the first hits the player and is gone")
  expect.eq(player.hp, 5)
  w:step(2)
  expect.eq(player.hp, 4, "beats 5 and 6: the second hits too")
end)

test("an arrow the player steps out of the way of flies on into the wall", function()
  local w = scenario { map = [[
    ######
    #.....
    #@..k#
    ######
  ]] }
  local player = w:at(1, 2)
  w:step()
  expect.map(w, [[
    ######
    #.....
    #@.*k#
    ######
  ]], "beat 1: loosed")
  player:input("move", "n")
  w:step()
  expect.map(w, [[
    ######
    #@....
    #.*.k#
    ######
  ]], "beat 2: the player steps aside")
  w:step()
  expect.map(w, [[
    ######
    #@....
    #*.k.#
    ######
  ]], "beat 3: the arrow flies past; out of line, the archer closes in")
  w:step()
  expect.map(w, [[
    ######
    #@....
    #..k.#
    ######
  ]], "beat 4: the wall ends the arrow")
  expect.eq(player.hp, 6)
end)

test("an arrow hits whoever steps into its cell", function()
  local w = scenario { map = [[
    ######
    #.@.k#
    ######
  ]] }
  local player = w:at(2, 1)
  w:step()
  expect.map(w, [[
    ######
    #.@*k#
    ######
  ]], "beat 1: loosed")
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    ######
    #..@k#
    ######
  ]], "beat 2: the player walked into the arrow's cell; the arrow hit it there")
  expect.eq(player.hp, 5)
end)

test("an arrow hits any monster in its way", function()
  local w = scenario { map = [[
    #########
    #@....k.#
    #########
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #########
    #@...*k.#
    #########
  ]], "beat 1: loosed at the player")
  local zombie = w:spawn("zombie", 3, 1) -- its round starts with a step east
  w:step()
  expect.map(w, [[
    #########
    #@..z.k.#
    #########
  ]], "beat 2: the zombie stepped into the arrow's way and took it")
  expect.eq(zombie.hp, 1)
  expect.eq(player.hp, 6)
end)

test("an archer shoots no farther than 5 cells", function()
  local w = scenario { map = [[
    ##########
    #@.....k.#
    ##########
  ]] }
  w:step()
  expect.map(w, [[
    ##########
    #@....k..#
    ##########
  ]], "beat 1: 6 cells off, it closes in")
  w:step(2)
  expect.map(w, [[
    ##########
    #@...*k..#
    ##########
  ]], "beats 2 and 3: a rest, then at 5 cells, a shot")
end)

test("an archer does not shoot past a crate in the way", function()
  local w = scenario { map = [[
    ########
    #@.=..k#
    ########
  ]] }
  w:step(3)
  expect.map(w, [[
    ########
    #@.=k..#
    ########
  ]], "beats 1 to 3: no shot, it walks up instead")
  w:step(2)
  expect.map(w, [[
    ########
    #@.=k..#
    ########
  ]], "beats 4 and 5: and stays stuck behind the crate")
end)

test("next to the player an archer strikes in melee", function()
  local w = scenario { map = [[
    #####
    #@k.#
    #####
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #####
    #@k.#
    #####
  ]])
  expect.eq(player.hp, 5)
end)
