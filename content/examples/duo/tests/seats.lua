-- Two heroes, two seats: each seat gives its own hero's input, a bot can take either seat,
-- and undo, replays and saves keep every seat's inputs.

local function heroes(g)
  local list = g.world:players()
  return list[1], list[2]
end

-- n beats, each seat's input given by a bot of its own.
local function play_bots(g, n)
  for _ = 1, n do
    g:bot("explorer", 1)
    g:bot("explorer", 2)
    g:step()
  end
end

-- A direction in which the hero can step: a cell next to it with nothing solid on it.
local function free_way(w, p)
  for _, d in ipairs({ "n", "e", "s", "w" }) do
    local dx = (d == "e" and 1) or (d == "w" and -1) or 0
    local dy = (d == "s" and 1) or (d == "n" and -1) or 0
    if not w:at(p.x + dx, p.y + dy, "real") and not w:at(p.x + dx, p.y + dy, "wall") then
      return d, p.x + dx, p.y + dy
    end
  end
end

test("the game has a seat for each hero, and waits for each in turn", function()
  local g = game("dungeon", { seed = 4 })
  expect.eq(g.seats, 2)
  expect.eq(#g.world:players(), 2)
  expect.eq(g:turn(), 1)
  g:input("none", nil, 1)
  expect.eq(g:turn(), 2, "the first seat has given its input: the second is waited for")
  g:input("none", nil, 2)
  expect.eq(g:turn(), 0, "every seat has given its input: the beat can be played")
  g:step()
  expect.eq(g:turn(), 1, "a new beat waits for the first seat again")
end)

test("each seat's input moves its own hero", function()
  local g = game("dungeon", { seed = 4 })
  local one, two = heroes(g)
  local x1, y1 = one.x, one.y
  local dir, x, y = free_way(g.world, two)
  g:input("move", dir, 2)
  g:step()
  expect.eq({ two.x, two.y }, { x, y }, "the second hero stepped " .. dir)
  expect.eq({ one.x, one.y }, { x1, y1 }, "the first hero gave nothing and stayed")
end)

test("a bot takes each seat, and the game comes out the same when played again", function()
  local start
  local function play()
    local g = game("dungeon", { seed = 7 })
    local _, two = heroes(g)
    start = { two.x, two.y }
    play_bots(g, 40)
    return g
  end
  local g = play()
  local one, two = heroes(g)
  expect.truthy(one and two, "both heroes live")
  expect.truthy(two.x ~= start[1] or two.y ~= start[2], "the second seat's bot moved its hero")
  local sum = g.world:checksum()
  expect.eq(play().world:checksum(), sum)
end)

test("undo takes back a beat of both seats and plays the others again", function()
  local g = game("dungeon", { seed = 7 })
  play_bots(g, 25)
  local sum = g.world:checksum()
  play_bots(g, 1)
  expect.eq(g:undo(), true)
  expect.eq(g.beats, 25)
  expect.eq(g.world:checksum(), sum)
end)

test("undo while the second seat chooses takes back the last beat and both seats' inputs",
  function()
    local g = game("dungeon", { seed = 7 })
    play_bots(g, 4)
    local sum = g.world:checksum()
    play_bots(g, 1)
    g:bot("explorer", 1)
    expect.eq(g:turn(), 2)
    expect.eq(g:undo(), true)
    expect.eq(g.beats, 4, "the last beat played is taken back")
    expect.eq(g.world:checksum(), sum)
    expect.eq(g:turn(), 1, "every seat is asked again, from the first")
  end)

test("undo with nothing to take back changes nothing, a seat's input given too", function()
  local g = game("dungeon", { seed = 7 })
  g:input("none", nil, 1)
  expect.eq(g:undo(), false, "no beat has been played")
  expect.eq(g:turn(), 2, "the first seat's input stands: the second is still waited for")
end)

test("a replay of two seats holds each seat's input and verifies", function()
  local g = game("dungeon", { seed = 7 })
  play_bots(g, 30)
  local text = g:record()
  expect.truthy(text:match("^cairn%-replay 5\n"), "a replay of several seats is of format 5")
  expect.truthy(text:match("\nbeat 1 [^\n]* s2=[^\n]*\n"), "a beat line has seat 2's input")
  local sum = g.world:checksum()
  local ok, why = g:verify(text)
  expect.eq(ok, true, why)
  expect.eq(g.world:checksum(), sum)
end)

test("a save keeps what each seat gave for the next beat", function()
  local g = game("dungeon", { seed = 4 })
  local _, two = heroes(g)
  local dir, x, y = free_way(g.world, two)
  g:input("none", nil, 1)
  g:input("move", dir, 2)
  g:reload()
  expect.eq(g.seats, 2)
  expect.eq(g:turn(), 0, "both seats' inputs came back with the save")
  g:step()
  two = g.world:entity(two.id)
  expect.eq({ two.x, two.y }, { x, y })
end)
