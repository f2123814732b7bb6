-- Portals join two cell edges: moves go through them, views follow them (a corridor looped
-- on itself shows its cells twice), field of view sees through them, plans in a view take
-- them when they are shorter, and the checksum and snapshots keep them.

test("a move through a portal comes out on its other side", function()
  local w = scenario { map = [[
    #######
    #@..#.#
    #######
  ]] }
  w:portal(3, 1, "e", 5, 1, "w")
  local p = w:at(1, 1)
  for _ = 1, 3 do
    p:input("move", "e")
    w:step()
  end
  expect.map(w, [[
    #######
    #...#@#
    #######
  ]])
  expect.eq(w:portals(), { { a = { x = 3, y = 1, side = "e" }, b = { x = 5, y = 1, side = "w" } } })
end)

test("a corridor looped by a portal shows its cells twice in a view", function()
  local w = scenario { map = [[
    #######
    #@....#
    #######
  ]] }
  w:portal(5, 1, "e", 1, 1, "w")
  local v = w:view(w:at(1, 1), 6)
  expect.eq(v.radius, 6)
  expect.eq({ v:at(2, 0) }, { 3, 1 })
  expect.eq({ v:at(-3, 0) }, { 3, 1 }, "three west of the start is (3, 1) again")
  expect.truthy(v:sees(2, 0))
  expect.truthy(v:sees(-3, 0))
  local twice = 0
  for _, c in ipairs(v:cells()) do
    if c.x == 3 and c.y == 1 and c.seen then twice = twice + 1 end
  end
  expect.truthy(twice >= 2, "seen at least twice")
end)

test("field of view sees through a portal into a room it has no way to", function()
  local w = scenario { map = [[
    #########
    #...#...#
    #.@.#...#
    #...#...#
    #########
  ]] }
  local before = w:view(w:at(2, 2), 6)
  expect.falsy(before:sees(3, 0))
  w:portal(3, 2, "e", 5, 2, "w")
  local v = w:view(w:at(2, 2), 6)
  expect.eq({ v:at(2, 0) }, { 5, 2 })
  expect.truthy(v:sees(3, 0))
end)

test("a plan in a view goes through a portal when that is shorter than the way round", function()
  local w = scenario { map = [[
    #########
    #@..#...#
    #.#.#.#.#
    #.#.....#
    #########
  ]] }
  expect.eq(w:plan(w:at(1, 1), { budget = 20, view = 8 }):cost(7, 1), 10)
  w:portal(3, 1, "e", 5, 1, "w")
  local p = w:plan(w:at(1, 1), { budget = 20, view = 8 })
  expect.eq(p:cost(7, 1), 5)
  local way = p:path(7, 1)
  expect.eq({ way[3].x, way[3].y, way[3].dx }, { 5, 1, 3 }, "through the portal")
end)

test("portals are in the checksum and come back with a snapshot; w:clear closes them", function()
  local w = scenario { map = [[
    ....
  ]] }
  local plain = w:checksum()
  w:portal(3, 0, "e", 0, 0, "w")
  expect.truthy(w:checksum() ~= plain)
  local snap = w:snapshot()
  expect.truthy(w:close_portal(0, 0, "w"))
  expect.falsy(w:close_portal(0, 0, "w"))
  expect.eq(w:checksum(), plain)
  w:restore(snap)
  expect.eq(#w:portals(), 1)
  w:clear()
  expect.eq(#w:portals(), 0)
end)

test("bad portals are named", function()
  local w = scenario { map = [[
    ....
  ]] }
  expect.error(function() w:portal(9, 0, "e", 0, 0, "w") end, "off the grid")
  expect.error(function() w:portal(0, 0, "ne", 1, 0, "w") end, "a side is n, e, s or w")
  w:portal(3, 0, "e", 0, 0, "w")
  expect.error(function() w:portal(3, 0, "e", 1, 0, "s") end, "already in a portal")
  expect.error(function() w:view(w:at(0, 0) or { x = 0, y = 0 }, 0) end, "radius is 1 to 64")
end)

test("the grid's methods name themselves and the very value they refuse", function()
  local w = scenario { map = [[
    ....
  ]] }
  local at = { x = 0, y = 0 }
  expect.error(function() w:view(at, 2 ^ 40 // 1) end, "view: a view's radius is 1 to 64, " ..
    "not 1099511627776")
  expect.error(function() w:view(at, 2, 2 ^ 40 // 1) end, "view: the sight is 0 (the whole " ..
    "view) to the radius, not 1099511627776")
  expect.error(function() w:distances(0, 0, { costs = 5 }) end, "distances: 'costs' must be")
  expect.error(function() w:distances(0, 0, { costs = { -1 } }) end, "distances: costs[1] must")
  expect.error(function() w:path(0, 0, 3, 0, { costs = 5 }) end, "path: 'costs' must be")
end)

test("a view's sight limits its field of view as w:fov's radius does", function()
  local w = scenario { map = [[
    ..........
    ..........
    ..........
  ]] }
  local v = w:view({ x = 0, y = 1 }, 8, 3)
  expect.truthy(v:sees(3, 0))
  expect.falsy(v:sees(4, 0))
  expect.eq(#v, #w:fov(0, 1, 3))
  expect.error(function() w:view({ x = 0, y = 1 }, 8, 9) end, "the sight is 0")
end)

test("a way planned in a view is walked as it is planned, through a portal that turns", function()
  local w = scenario { map = [[
    #######
    #@..#.#
    ###.#.#
    ###.#.#
    #######
  ]] }
  -- east out of (3, 1) comes in at the top of the east column, going south
  w:portal(3, 1, "e", 5, 1, "n")
  local p = w:at(1, 1)
  local way = w:plan(p, { budget = 10, view = 6 }):path(5, 3)
  expect.eq(#way, 5, "two east, through, then two down")
  local vias = {}
  for _, m in ipairs(way) do vias[#vias + 1] = m.via end
  expect.eq(vias, { "e", "e", "e", "s", "s" }, "past the portal, east in the view is south")
  for _, m in ipairs(way) do
    p:input("move", m.via)
    w:step()
    expect.eq({ p.x, p.y }, { m.x, m.y })
  end
end)
