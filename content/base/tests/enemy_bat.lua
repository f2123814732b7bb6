-- The bat: each beat it tries the four ways in a random order (drawn from the world's seed)
-- and goes the first that is open, biting the player if that is where it leads.

-- The bat's cell after each of `beats` beats.
local function flight(seed, beats)
  local w = scenario { seed = seed, map = [[
    #######
    #.....#
    #.....#
    #..b..#
    #.....#
    #.....#
    #######
  ]] }
  local bat, cells = w:at(3, 3), {}
  for _ = 1, beats do
    w:step()
    cells[#cells + 1] = bat.x .. "," .. bat.y
  end
  return cells
end

test("in a corridor a bat moves one cell every beat, east or west", function()
  local w = scenario { seed = 7, map = [[
    #########
    #...b...#
    #########
  ]] }
  local bat = w:at(4, 1)
  local seen = {}
  for beat = 1, 12 do
    local x = bat.x
    w:step()
    expect.eq(bat.y, 1, "beat " .. beat .. ": still in the corridor")
    expect.eq(math.abs(bat.x - x), 1, "beat " .. beat .. ": one cell")
    seen[bat.x - x] = true
  end
  expect.eq(seen, { [-1] = true, [1] = true }, "it went both ways")
end)

test("a bat's flight is drawn from the seed: the same seed, the same flight", function()
  local three = table.concat(flight(3, 10), " ")
  expect.eq(table.concat(flight(3, 10), " "), three)
  local differ = false
  for seed = 4, 8 do differ = differ or table.concat(flight(seed, 10), " ") ~= three end
  expect.truthy(differ, "some other seed flies another way")
end)

test("in the open a bat goes every way in time", function()
  local w = scenario { seed = 2, map = [[
    #####
    #...#
    #.b.#
    #...#
    #####
  ]] }
  local bat = w:at(2, 2)
  local ways = {}
  for _ = 1, 30 do
    local x, y = bat.x, bat.y
    w:step()
    ways[cairn.dir.toward(bat.x - x, bat.y - y)] = true
  end
  expect.eq(ways, { n = true, e = true, s = true, w = true })
end)

test("a bat hemmed in next to the player bites it, since that is the only way open", function()
  local w = scenario { map = [[
    #####
    #@b##
    #####
  ]] }
  local player = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #####
    #@b##
    #####
  ]])
  expect.eq(player.hp, 5, "beat 1: bitten")
  w:step()
  expect.eq(player.hp, 4, "beat 2: bitten again")
end)

test("one blow kills a bat", function()
  local w = scenario { map = [[
    #####
    #@b##
    #####
  ]] }
  local player = w:at(1, 1)
  player:input("attack_dig_move", "e")
  w:step()
  expect.map(w, [[
    #####
    #@.##
    #####
  ]])
  expect.eq(player.hp, 6, "the player acts first: it never bit")
end)
