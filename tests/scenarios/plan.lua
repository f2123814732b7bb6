-- Move planning with w:plan: every state within the budget, the cheapest way to each, turns
-- and postures costing what the options say, and a fall ending a plan there.

test("a plan reaches every cell within its budget, round the walls", function()
  local w = scenario { map = [[
    #######
    #@.#..#
    #.....#
    #######
  ]] }
  local p = w:plan(w:at(1, 1), { budget = 5 })
  expect.eq(p:cost(1, 1), 0)
  expect.eq(p:cost(2, 1), 1)
  expect.eq(p:cost(4, 1), 5, "down, along and up round the wall")
  expect.eq(p:cost(5, 1), nil, "one past the budget")
  expect.eq(p:cost(3, 1), nil, "a wall")
  local way = p:path(4, 1)
  expect.eq(#way, 5)
  expect.eq({ way[5].x, way[5].y, way[5].via, way[5].cost }, { 4, 1, "n", 5 })
  expect.eq({ way[1].x, way[1].y, way[1].cost }, { 2, 1, 1 }, "ties go the same way every time")
  expect.eq(#p:cells(), 8)
end)

test("with two facings a step back costs a turn first", function()
  local w = scenario { map = [[
    #####
    #.@.#
    #####
  ]] }
  local p = w:plan({ x = 2, y = 1, facing = "e" }, { budget = 5, facings = 2, turn = 2 })
  expect.eq(p:cost(3, 1), 1)
  expect.eq(p:cost(1, 1), 3)
  expect.eq(p:cost(2, 1, "w"), 2)
  local path = p:path(1, 1)
  expect.eq(path[1].via, "turn")
  expect.eq(path[1].facing, "w")
  expect.eq(path[2].via, "w")
  expect.eq(path[2].cost, 3)
end)

test("postures: a ladder is climbed on, goes only up and down, and only where ladders are", function()
  local w = scenario { map = [[
    #.#
    #.#
    ...
  ]] }
  local ladder = { [1] = true, [4] = true, [7] = true }
  local function allowed(x, y, posture)
    if w:at(x, y) then return false end
    if posture == "ladder" then return ladder[y * 3 + x] == true end
    return y == 2
  end
  local p = w:plan({ x = 0, y = 2 }, {
    budget = 10,
    postures = { "standing", "ladder" },
    step = { standing = 1, ladder = 2 },
    dirs = { ladder = { "n", "s" } },
    change = { standing = { ladder = 1 }, ladder = { standing = 1 } },
    allowed = allowed,
  })
  expect.eq(p:cost(1, 2), 1)
  expect.eq(p:cost(1, 2, nil, "ladder"), 2)
  expect.eq(p:cost(1, 0), 6, "on, then up two rungs")
  expect.eq(p:cost(1, 0, nil, "standing"), nil)
  local last = p:path(1, 0)
  expect.eq(last[#last].posture, "ladder")
end)

test("a shaft ends a plan there: what lies past it is reached the long way", function()
  local w = scenario { map = [[
    .......
    .#####.
    .......
  ]] }
  local p = w:plan({ x = 0, y = 0 }, {
    budget = 20,
    stop = function(x, y) return x == 3 and y == 0 end,
  })
  expect.eq(p:cost(3, 0), 3)
  expect.eq(p:cost(4, 0), 12)
  local plain = w:plan({ x = 0, y = 0 }, { budget = 20 })
  expect.eq(plain:cost(4, 0), 4)
end)

test("every reached state is listed once, with its cost", function()
  local w = scenario { map = [[
    ...
  ]] }
  local p = w:plan({ x = 0, y = 0, facing = "e" }, { budget = 1, facings = 2 })
  local seen = {}
  for _, s in ipairs(p:states()) do seen[#seen + 1] = s.x .. s.facing .. s.cost end
  expect.eq(seen, { "0e0", "0w1", "1e1" })
end)

test("mistakes in the options are named", function()
  local w = scenario { map = [[
    ...
  ]] }
  local from = { x = 0, y = 0 }
  expect.error(function() w:plan(from, {}) end, "'budget' must be a whole number")
  expect.error(function() w:plan(from, { budget = 1, facings = 3 }) end, "'facings' must be 1, 2, 4 or 8")
  expect.error(function() w:plan(from, { budget = 1, step = { crawl = 1 } }) end,
    "names a posture of 'postures', not 'crawl'")
  expect.error(function() w:plan(from, { budget = 1, step = -1 }) end, "whole cost")
  expect.error(function() w:plan({ x = 9, y = 0 }, { budget = 1 }) end, "off the grid")
end)

cairn.entity { name = "ladder", glyph = "H", layer = "floor" }
cairn.entity { name = "shaft", glyph = "v", layer = "floor" }

test("where postures may be and where a plan ends can be given as data: entity types", function()
  local w = scenario { map = [[
    #H#
    #H#
    .H.v.
  ]] }
  local p = w:plan({ x = 0, y = 2 }, {
    budget = 20,
    postures = { "standing", "ladder" },
    dirs = { standing = { "e", "w" }, ladder = { "n", "s" } }, -- a side view
    change = { standing = { ladder = 1 }, ladder = { standing = 1 } },
    -- standing: wherever there is no wall (the default); on a ladder: where one stands
    allowed = { ladder = { "scenario:ladder" } },
    stop = { "scenario:shaft" },
  })
  expect.eq(p:cost(1, 0), 4, "along, on, and up two rungs")
  expect.eq(p:cost(3, 2), 3, "the shaft is reached")
  expect.eq(p:cost(4, 2), nil, "but nothing past it")
  expect.error(function() w:plan({ x = 0, y = 2 }, { budget = 1, stop = { "scenario:nothing" } }) end,
    "'scenario:nothing' is not one")
  expect.error(function() w:plan({ x = 0, y = 2 }, { budget = 1, allowed = { crawl = true } }) end,
    "names a posture of 'postures', not 'crawl'")
end)
