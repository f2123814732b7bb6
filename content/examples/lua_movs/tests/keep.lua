-- The wisp in a corridor: it comes to three cells from the player and stays there, and
-- backs off when the player steps closer, until the wall stops it.

test("it comes no closer than three cells", function()
  local w = scenario { map = [[
    ##########
    #@......w#
    ##########
  ]] }
  w:step()
  expect.map(w, [[
    ##########
    #@.....w.#
    ##########
  ]])
  w:step(3)
  expect.map(w, [[
    ##########
    #@..w....#
    ##########
  ]])
  w:step(5) -- at three cells its movs gives no direction: it waits
  expect.map(w, [[
    ##########
    #@..w....#
    ##########
  ]])
end)

test("it backs off when the player comes closer, until it is cornered", function()
  local w = scenario { map = [[
    #######
    #@..w.#
    #######
  ]] }
  local player = w:at(1, 1)
  player:input("move", "e") -- players act first, then the wisp answers
  w:step()
  expect.map(w, [[
    #######
    #.@..w#
    #######
  ]])
  player:input("move", "e")
  w:step() -- the wall is behind it, and above and below: nowhere to go
  expect.map(w, [[
    #######
    #..@.w#
    #######
  ]])
  local wisp = w:at(5, 1)
  expect.falsy(wisp.last.success, "its move failed")
end)
