-- A movs is given its entity and the cell it stands on, and w:closest_player gives the
-- player's cell with the player: the two reads every movs makes, without a field look-up
-- (a call into C) for each coordinate.

-- What the movs was given, by the entity's name, for the tests to compare with e.x, e.y.
local seen = {}

local function chase(e, x, y)
  local p, px, py = cairn.world():closest_player(x, y)
  seen[e.type] = { x = x, y = y, ex = e.x, ey = e.y, px = px, py = py, p = p }
  if not p then return nil end
  if px > x then return "e" end
  if px < x then return "w" end
  if py > y then return "s" end
  if py < y then return "n" end
end
cairn.movs { name = "chase", fn = chase }

cairn.entity { name = "hunter", glyph = "h", decorators = { "Moving" },
  sequence = { { action = "move", movs = "chase" } } }

-- A Lua algorithm asks the movs itself, through ev:dirs().
cairn.algo { name = "asking", fn = function(ev)
  for _, d in ipairs(ev:dirs()) do
    if ev:attempt(d) then return end
  end
end }
cairn.entity { name = "asker", glyph = "a", decorators = { "Moving" }, algo = "asking",
  sequence = { { action = "move", movs = "chase" } } }

test("a movs is given its entity's cell, the cell e.x and e.y read", function()
  local w = scenario { map = [[
    ......
    .h...@
    ......
  ]] }
  w:step()
  local s = seen["scenario:hunter"]
  expect.eq({ s.x, s.y }, { 1, 1 })
  expect.eq({ s.ex, s.ey }, { 1, 1 })
  expect.map(w, [[
    ......
    ..h..@
    ......
  ]])
  w:step()
  expect.eq({ seen["scenario:hunter"].x, seen["scenario:hunter"].y }, { 2, 1 })
end)

test("a movs that ev:dirs() asks is given the cell too", function()
  local w = scenario { map = [[
    @...
    ....
    ...a
  ]] }
  w:step()
  local s = seen["scenario:asker"]
  expect.eq({ s.x, s.y, s.ex, s.ey }, { 3, 2, 3, 2 })
  expect.map(w, [[
    @...
    ....
    ..a.
  ]])
end)

test("w:closest_player gives the player and its cell, or nil when there is none", function()
  local w = scenario { map = [[
    h...
    ...@
  ]] }
  w:step()
  local s = seen["scenario:hunter"]
  expect.eq(s.p, w:at(3, 1))
  expect.eq({ s.px, s.py }, { 3, 1 })
  w = scenario { map = "h.." }
  w:step()
  s = seen["scenario:hunter"]
  expect.eq({ s.p, s.px, s.py }, {})
  expect.map(w, "h..")
end)
