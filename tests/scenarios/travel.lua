-- Travel and auto-explore, as the play screen's _ and o run them: a journey walks a beat a
-- step over what the player remembers, each step an ordinary move, and stops when something
-- happens - an enemy comes into view first of all.

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Displaceable", "WithHP", "Killable", "Attackable" },
  stats = { hp = 10, team = 1 } }
cairn.entity { name = "rock", glyph = "#", layer = "wall" }
cairn.entity { name = "pit", glyph = "^", layer = "trap" }
cairn.entity { name = "lurker", glyph = "g",
  decorators = { "Attackable", "WithHP", "Killable" }, stats = { hp = 3, team = 2 },
  sequence = { { action = "none", movs = "none" } } }

cairn.entity { name = "boulder", glyph = "0" } -- on the real layer: it stands in the way
cairn.entity { name = "stairs", glyph = ">", layer = "floor" }
cairn.entity { name = "gem", glyph = "*", layer = "item" }
cairn.entity { name = "pebble", glyph = ",", layer = "item" }

-- The game's pick-up choice: the item underfoot goes into the hero's e.data.held.
cairn.choice { name = "grab", key = "g", label = "grab",
  available = function(a) return a.x ~= nil and cairn.world():at(a.x, a.y, "item") ~= nil end,
  perform = function(a)
    local item = cairn.world():at(a.x, a.y, "item")
    item:lift()
    a.data.held = a.data.held or {}
    a.data.held[#a.data.held + 1] = item.id
    return true
  end }

local TYPES = { ["@"] = "hero", ["#"] = "rock", ["^"] = "pit", g = "lurker", [">"] = "stairs",
  ["*"] = "gem", [","] = "pebble", ["0"] = "boulder" }

-- A game of one floor drawn in rows; the hero sees `sight` cells around it. `portals`:
-- { x1, y1, side1, x2, y2, side2 } each, joined as w:portal joins them.
local function cave(name, rows, sight, portals)
  cairn.game { name = name, width = #rows[1], height = #rows, sight = sight, pick_up = "grab",
    generate = function(w)
      for y, row in ipairs(rows) do
        for x = 1, #row do
          local t = TYPES[row:sub(x, x)]
          if t then w:spawn(t, x - 1, y - 1) end
        end
      end
      for _, p in ipairs(portals or {}) do w:portal(table.unpack(p)) end
    end,
    avoid = function(w, x, y) return w:at(x, y, "trap") ~= nil end }
end

-- A corridor round a corner, the lurker out of sight behind it.
cave("corner", {
  "############",
  "#@.........#",
  "#.########.#",
  "#.########.#",
  "#.######g..#",
  "############",
}, 4)

-- A hall with a pit in the straight way across it.
cave("hall", {
  "#########",
  "#.......#",
  "#@..^...#",
  "#.......#",
  "#########",
}, 9)

-- Two rooms joined by a corridor, and by portal doors as the base game places them: the west
-- room's east side (3, 2) to the east room's west side (11, 2), rock behind each. Through the
-- door the hero sees the east room where the rock (4, 2) is.
cave("doors", {
  "###############",
  "#...#######...#",
  "#.@.#######...#",
  "#...#######...#",
  "##.#########.##",
  "##...........##",
  "###############",
}, 4, { { 3, 2, "e", 11, 2, "w" } })

test("auto-explore by portal doors ends: the rock a portal hides is not left to explore", function()
  local g = game("doors")
  local p = g.world:players()[1]
  g:explore()
  local why, beats = g:journey()
  expect.eq(why, "nothing left to explore here")
  expect.truthy(beats < 30, "it walked the corridor once, not back and forth")
  expect.eq(p.x >= 11 and p.y <= 3, true, "into the east room, by the corridor")
  expect.error(function() g:explore() end, "nothing left to explore here")
end)

test("the travel cursor on a cell seen through a portal door goes to that cell", function()
  local g = game("doors")
  local p = g.world:players()[1]
  g:explore() -- the corridor remembered, and back by it
  g:journey()
  g:travel(2, 2)
  expect.eq(g:journey(), "you are there")
  -- Two cells past the door the map shows the east room's (12, 2), where the level has rock.
  expect.eq(g:describe(5, 2), "nothing")
  local cells, why = g:way(5, 2)
  expect.eq(why, nil)
  expect.eq({ cells[#cells - 1], cells[#cells] }, { 12, 2 }, "round by the corridor")
  g:travel(5, 2)
  expect.eq(g:journey(), "you are there")
  expect.eq({ p.x, p.y }, { 12, 2 })
end)

-- A corridor with a gem, a pebble and stairs along it.
cave("shop", {
  "############",
  "#@.*..,...>#",
  "############",
}, 2)

test("the travel cursor's places: what is set in the floor first, then items, nearest first",
  function()
    local g = game("shop")
    expect.eq(g:places(), { 3, 1 }, "the gem, two cells off: the rest is out of sight")
    g:pickup("")
    g:explore()
    expect.eq(g:journey(), "there is something here")
    expect.eq({ g.world:players()[1].x, g.beats }, { 3, 2 }, "on the gem")
    g:explore()
    g:journey() -- on the pebble
    g:explore()
    g:journey() -- to the end
    expect.eq(g.world:players()[1].x, 9)
    expect.eq(g:places(), { 10, 1, 6, 1, 3, 1 }, "the stairs, then the pebble and the gem")
    g:travel(10, 1)
    expect.eq(g:journey(), "you are there")
  end)

test("auto-explore picks up the items its rule names, and stops at the others", function()
  local g = game("shop")
  local p = g.world:players()[1]
  g:pickup("*")
  g:explore()
  expect.eq(g:journey(), "there is something here")
  expect.eq(p.x, 6, "on the pebble")
  expect.eq(g.beats, 6, "five steps and the beat the gem was picked up in")
  expect.eq(#p.data.held, 1)
  expect.eq(g.world:entity(p.data.held[1]).type, "scenario:gem")
  expect.eq(g:undo(), true, "the pick-up a beat of its own")
  g:pickup("all")
  g:explore()
  expect.eq(g:journey(), "nothing left to explore here")
  expect.eq(#p.data.held, 2)
  g:pickup("")
end)

-- Two rooms, a boulder in the doorway between them.
cave("blocked", {
  "#########",
  "#@..#...#",
  "#...0...#",
  "#...#...#",
  "#########",
}, 2)

test("auto-explore goes round what it sees standing in the way, never into it", function()
  local g = game("blocked")
  local p = g.world:players()[1]
  g:explore()
  local why = g:journey()
  expect.eq(why, "nothing left to explore here")
  expect.truthy(p.x <= 3, "still in the west room")
  expect.error(function() g:explore() end, "nothing left to explore here")
end)

test("auto-explore stops when an enemy comes into view", function()
  local g = game("corner")
  local p = g.world:players()[1]
  g:explore()
  local why, beats = g:journey()
  expect.eq(why, "lurker comes into view")
  expect.truthy(beats > 3, "it walked a while first")
  expect.eq(g.beats, beats, "a beat a step")
  expect.truthy(p.x >= 6, "along the corridor")
  expect.error(function() g:explore() end, "not with an enemy in view")
end)

test("travel walks the way it remembers, keeping off what the game avoids", function()
  local g = game("hall")
  local p = g.world:players()[1]
  -- Exploring remembers the hall: it is all in sight, so nothing is left to explore.
  expect.error(function() g:explore() end, "nothing left to explore here")
  expect.error(function() g:travel(1, 2) end, "you are there already")
  expect.error(function() g:travel(20, 2) end, "off the map")
  g:travel(7, 2)
  local why, beats = g:journey()
  expect.eq(why, "you are there")
  expect.eq(p.x, 7)
  expect.eq(p.y, 2)
  expect.eq(beats, 6, "round the pit: a diagonal step on, one back")
  expect.eq(p.hp, 10)
end)

test("a journey's steps are moves: undo takes them back one at a time", function()
  local g = game("hall")
  local p = g.world:players()[1]
  expect.error(function() g:explore() end, "nothing left to explore here")
  g:travel(4, 1)
  local _, beats = g:journey()
  expect.eq(beats, 3)
  expect.eq(p.x, 4)
  expect.eq(g:undo(), true)
  expect.eq(g.beats, 2)
  expect.eq(p.x, 3)
  expect.eq(p.y, 1)
end)
