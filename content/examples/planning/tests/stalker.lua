-- The stalker plans its way to the player: round a wall, through a low tunnel only when
-- crawling through it is cheaper than going round, and never over spikes.

test("it goes round a wall by the cheapest way", function()
  local w = scenario { map = [[
    #######
    #s.#.@#
    #.....#
    #######
  ]] }
  w:step(3)
  expect.map(w, [[
    #######
    #..#.@#
    #..s..#
    #######
  ]])
end)

test("it crawls through a short tunnel rather than go the long way round", function()
  local w = scenario { map = [[
    #########
    #s==@...#
    #.#####.#
    #.......#
    #########
  ]] }
  w:step()
  expect.map(w, [[
    #########
    #.s=@...#
    #.#####.#
    #.......#
    #########
  ]])
end)

test("it goes round a long tunnel when walking round is cheaper", function()
  local w = scenario { map = [[
    ########
    #s===@.#
    #.####.#
    #......#
    ########
  ]] }
  w:step()
  expect.map(w, [[
    ########
    #.===@.#
    #s####.#
    #......#
    ########
  ]])
end)

test("it walks round rather than step over spikes", function()
  local w = scenario { map = [[
    #######
    #s^.@.#
    #.....#
    #######
  ]] }
  w:step()
  expect.map(w, [[
    #######
    #.^.@.#
    #s....#
    #######
  ]])
end)
