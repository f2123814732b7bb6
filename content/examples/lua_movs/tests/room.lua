-- In a room the wisp has more choices: it backs off diagonally, and when a wall is right
-- behind it, it slides along the wall.

test("it keeps its distance in a room, sliding along the walls", function()
  local w = scenario { map = [[
    #########
    #@......#
    #.......#
    #...w...#
    #.......#
    #########
  ]] }
  local player = w:at(1, 1)
  w:step() -- three cells away already (diagonals count as one): it stays
  expect.map(w, [[
    #########
    #@......#
    #.......#
    #...w...#
    #.......#
    #########
  ]])
  player:input("move", "e")
  w:step() -- two cells: straight away from the player is south-east
  expect.map(w, [[
    #########
    #.@.....#
    #.......#
    #.......#
    #....w..#
    #########
  ]])
  player:input("move", "e")
  w:step()
  player:input("move", "e")
  w:step()
  player:input("move", "se")
  w:step() -- the player is straight above it and the wall straight below: it goes sideways
  expect.map(w, [[
    #########
    #.......#
    #....@..#
    #.......#
    #...w...#
    #########
  ]])
end)
