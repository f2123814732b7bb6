-- The wraith takes a portal when the way through it is shorter, and a looped corridor shows
-- its cells twice in a view.

test("the wraith goes through a portal to a player it has no other way to", function()
  local w = scenario { map = [[
    #########
    #W..#.@.#
    #########
  ]] }
  w:portal(3, 1, "e", 5, 1, "w")
  w:step(2)
  expect.map(w, [[
    #########
    #..W#.@.#
    #########
  ]])
  w:step()
  expect.map(w, [[
    #########
    #...#W@.#
    #########
  ]])
end)

test("in a looped corridor the wraith goes the short way, through the loop", function()
  local w = scenario { map = [[
    ########
    #.@...W#
    ########
  ]] }
  require("portals:wraith").loop(w, 1, 6, 1)
  -- west to the player is 4 steps; east, out of the end into the start, 2
  w:step()
  expect.map(w, [[
    ########
    #W@....#
    ########
  ]])
end)

test("a looped corridor shows its cells twice", function()
  local w = scenario { map = [[
    #######
    #@....#
    #######
  ]] }
  require("portals:wraith").loop(w, 1, 5, 1)
  local v = w:view(w:at(1, 1), 6)
  local where = {}
  for _, c in ipairs(v:cells()) do
    if c.x == 4 and c.y == 1 then where[#where + 1] = c.dx end
  end
  expect.eq(where, { -2, 3 })
end)
