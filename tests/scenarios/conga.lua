-- The general algorithm's conga line: enemies queued in a corridor all step towards the
-- player in the same beat, whatever order they were spawned in, each exactly once.

cairn.entity { name = "zombie", glyph = "z", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "basic" } } }

-- A corridor with the player at the west end; zombies are spawned by the test.
local corridor = [[
  ############
  #@.........#
  ############
]]

local function spawn_zombies(w, xs)
  local zs = {}
  for i, x in ipairs(xs) do zs[i] = w:spawn("zombie", x, 1) end
  return zs
end

local function moves(w)
  local list = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "moved" then list[#list + 1] = c.from.x .. ">" .. c.to.x end
  end
  return list
end

test("a line of zombies spawned front first moves as one", function()
  local w = scenario { map = corridor }
  spawn_zombies(w, { 6, 7, 8, 9 })
  expect.map(w, [[
    ############
    #@....zzzz.#
    ############
  ]])
  w:step()
  expect.map(w, [[
    ############
    #@...zzzz..#
    ############
  ]])
  expect.eq(moves(w), { "6>5", "7>6", "8>7", "9>8" }, "in spawn order, nobody waiting")
end)

test("a line of zombies spawned back first moves as one: each blocker goes first", function()
  local w = scenario { map = corridor }
  local zs = spawn_zombies(w, { 9, 8, 7, 6 })
  w:step()
  expect.map(w, [[
    ############
    #@...zzzz..#
    ############
  ]])
  expect.eq(moves(w), { "6>5", "7>6", "8>7", "9>8" },
    "the last spawned (the front one) moved first, made to act by the one behind it")
  for i, z in ipairs(zs) do
    expect.eq(z.last.success, true, "zombie " .. i .. " succeeded")
    expect.eq(z.last.algo.direction, "w", "zombie " .. i .. " went west")
  end
end)

test("a line spawned in shuffled order moves as one, two beats running", function()
  local w = scenario { map = corridor }
  spawn_zombies(w, { 8, 6, 9, 7 })
  w:step()
  w:step()
  expect.map(w, [[
    ############
    #@..zzzz...#
    ############
  ]], "each zombie moved once per beat, no more")
  expect.eq(#moves(w), 4)
end)

test("the line stops behind a zombie that cannot move", function()
  local w = scenario { map = corridor }
  spawn_zombies(w, { 5, 4, 3, 2 }) -- the front one is next to the player already
  w:step()
  expect.map(w, [[
    ############
    #@zzzz.....#
    ############
  ]])
  expect.eq(moves(w), {}, "nobody moved: the front one blocked them all")
end)

test("a column of zombies walking south moves as one, back first", function()
  local w = scenario { map = [[
    ###
    #.#
    #.#
    #.#
    #.#
    #.#
    #@#
    ###
  ]] }
  for y = 3, 1, -1 do w:spawn("zombie", 1, y) end
  w:step()
  expect.map(w, [[
    ###
    #.#
    #z#
    #z#
    #z#
    #.#
    #@#
    ###
  ]])
end)

-- Four entities in a square, each pushing into the next cell clockwise: a ring of blockers.
local ring_dir = { "e", "s", "w", "n" }
for i, d in ipairs(ring_dir) do
  cairn.movs { name = "ring_" .. i, fn = function() return { d } end }
  cairn.entity { name = "ring" .. i, glyph = tostring(i), decorators = { "Moving", "Displaceable" },
    sequence = { { action = "move", movs = "ring_" .. i } } }
end

test("a ring of entities blocking each other ends the beat with nobody moved", function()
  local w = scenario { map = [[
    ####
    #12#
    #43#
    ####
  ]] }
  w:step()
  expect.map(w, [[
    ####
    #12#
    #43#
    ####
  ]])
  for _, e in ipairs(w:entities()) do
    if e.type:match("ring") then expect.falsy(e.last.success, e.type .. " failed") end
  end
end)

test("a ring with a gap turns as one", function()
  local w = scenario { map = [[
    ####
    #12#
    #.3#
    ####
  ]] }
  w:step()
  expect.map(w, [[
    ####
    #.1#
    #32#
    ####
  ]])
end)
