-- Moves and pushes of more than one cell: they go cell by cell, stop before the first cell
-- that cannot be entered, and fail only when not even one cell could be.

-- The changes of a kind in this beat's history, as { from.x, to.x } pairs.
local function changes(w, kind)
  local list = {}
  for _, c in ipairs(w:history()) do
    if c.kind == kind then list[#list + 1] = { c.from.x, c.to.x } end
  end
  return list
end

test("a move of 2 with a wall in the next cell fails instead of jumping over it", function()
  local w = scenario { map = [[
    ######
    #@#..#
    ######
  ]] }
  local p = w:at(1, 1)
  p.move_distance = 2
  expect.falsy(p:move("e"), "not even one cell could be entered")
  expect.map(w, [[
    ######
    #@#..#
    ######
  ]])
  expect.eq(changes(w, "moved"), {})
end)

test("a move of 2 with a wall two cells away stops in the free cell before it", function()
  local w = scenario { map = [[
    #####
    #@.##
    #####
  ]] }
  local p = w:at(1, 1)
  p.move_distance = 2
  expect.truthy(p:move("e"), "one cell entered is a move")
  expect.map(w, [[
    #####
    #.@##
    #####
  ]])
end)

cairn.entity { name = "rock", glyph = "o", decorators = { "Attackable", "Pushable",
  "Displaceable" } }
-- Something on the floor layer: it shares its cell with whoever stands there.
cairn.entity { name = "rug", glyph = "~", layer = "floor" }

test("a move stops before an entity in its way, and passes over what lies under it", function()
  local w = scenario { map = [[
    ########
    #@.~..o#
    ########
  ]] }
  local p = w:at(1, 1)
  p.move_distance = 9
  expect.truthy(p:move("e"))
  expect.map(w, [[
    ########
    #..~.@o#
    ########
  ]], "over the rug, and stopped next to the rock, which stayed")
end)

test("each cell entered is one moved change, and the move event ends where the mover is", function()
  local w = scenario { map = [[
    ######
    #@...#
    ######
  ]] }
  local p = w:at(1, 1)
  p.move_distance = 3
  local ended
  p:hook("move_do", function(ev) ended = { ev.from.x, ev.to.x } end)
  expect.truthy(p:move("e"))
  expect.eq(changes(w, "moved"), { { 1, 2 }, { 2, 3 }, { 3, 4 } })
  expect.eq(ended, { 1, 4 })
end)

test("a displace_check veto on a later cell stops the move on the cell before", function()
  local w = scenario { map = [[
    ######
    #@...#
    ######
  ]] }
  local p = w:at(1, 1)
  p.move_distance = 3
  p:hook("displace_check", function(ev)
    if ev.to.x == 3 then ev.propagate = false end
  end)
  expect.truthy(p:move("e"), "the first cell was entered")
  expect.eq(p.x, 2)
  expect.eq(changes(w, "moved"), { { 1, 2 } })
end)

test("a push goes cell by cell too: a veto on a later cell stops it on the cell before", function()
  local w = scenario { map = [[
    #######
    #@o...#
    #######
  ]] }
  local p, rock = w:at(1, 1), w:at(2, 1)
  p.damage = 0
  p.push_distance = 3
  p.push_power = 1
  rock:hook("displace_check", function(ev)
    if ev.to.x == 4 then ev.propagate = false end
  end)
  expect.truthy(p:attack("e"))
  expect.map(w, [[
    #######
    #@.o..#
    #######
  ]])
  expect.eq(changes(w, "moved"), { { 2, 3 } })
  expect.eq(changes(w, "pushed"), { { 2, 3 } }, "one pushed change for the whole push")
end)

test("cairn.dir.toward names the direction of a delta's signs, none for no delta", function()
  local want = {
    [-1] = { [-1] = "nw", [0] = "n", [1] = "ne" },
    [0] = { [-1] = "w", [0] = "none", [1] = "e" },
    [1] = { [-1] = "sw", [0] = "s", [1] = "se" },
  }
  for sy = -1, 1 do
    for sx = -1, 1 do
      expect.eq(cairn.dir.toward(sx * 7, sy * 3), want[sy][sx], sx .. ", " .. sy)
      expect.eq(cairn.dir.toward(sx * 0.5, sy), want[sy][sx], "fractions: " .. sx .. ", " .. sy)
    end
  end
  expect.error(function() cairn.dir.toward("1", 2) end, "cairn.dir.toward takes two numbers")
end)
