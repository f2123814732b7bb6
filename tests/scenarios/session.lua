-- A game session from Lua, as tools and bots reach it: undo takes back a beat exactly,
-- a preview shows the next beat without playing it, and a bot can preview before it decides.
use("base")

local seen_by_bot = {}

cairn.bot {
  name = "lookahead",
  -- Waits, having first looked at what waiting would bring.
  decide = function(_, w, _, game)
    local history = game:preview("none")
    seen_by_bot[#seen_by_bot + 1] = { beat = w.beat, changes = #history, sum = w:checksum() }
    return "none"
  end,
}

-- A bot that decides by what it remembers alone: how many times it was asked.
cairn.bot {
  name = "counting",
  decide = function(mem)
    mem.asked = (mem.asked or 0) + 1
    local ways = { "n", "e", "s", "w" }
    if mem.asked % 3 == 0 then return "attack_dig_move", ways[mem.asked // 3 % 4 + 1] end
    return "none"
  end,
}

local function play(g, bot, beats)
  for _ = 1, beats do
    g:bot(bot)
    g:step()
  end
end

test("after an undo a bot remembers what it did, and plays on as it would have", function()
  local straight = game("dungeon", { seed = 4 })
  play(straight, "counting", 30)
  local sum = straight.world:checksum()
  local g = game("dungeon", { seed = 4 })
  play(g, "counting", 27)
  expect.eq(g:undo(), true)
  play(g, "counting", 4)
  expect.eq(g.beats, 30)
  expect.eq(g.world:checksum(), sum)
end)

test("undo after a beat gives back the game before it", function()
  local g = game("dungeon", { seed = 3 })
  g:bot("base:explorer")
  g:step()
  g:bot("base:explorer")
  g:step()
  local before, beats = g.world:checksum(), g.beats
  g:bot("base:explorer")
  g:step()
  expect.truthy(g.world:checksum() ~= before)
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), before)
  expect.eq(g.beats, beats)
end)

test("undo takes back beats where the player waited, said or not", function()
  local g = game("dungeon", { seed = 3 })
  local sums = { [0] = g.world:checksum() }
  for beat = 1, 4 do
    if beat % 2 == 1 then g:input("none") end
    g:step()
    sums[beat] = g.world:checksum()
  end
  for beat = 3, 0, -1 do
    expect.eq(g:undo(), true)
    expect.eq(g.world:checksum(), sums[beat], "undone to beat " .. beat)
  end
end)

test("undo with nothing played says so", function()
  local g = game("dungeon", { seed = 3 })
  local undone, why = g:undo()
  expect.falsy(undone)
  expect.truthy(why:find("nothing to undo", 1, true), why)
end)

test("a preview returns the next beat's history and plays nothing", function()
  local g = game("dungeon", { seed = 3 })
  local w = g.world
  local p = w:players()[1]
  local sum, x, y = w:checksum(), p.x, p.y
  -- a direction whose cell is free to walk into
  local dir, to
  for _, d in ipairs({ { "n", 0, -1 }, { "e", 1, 0 }, { "s", 0, 1 }, { "w", -1, 0 } }) do
    local cx, cy = x + d[2], y + d[3]
    if not dir and not w:at(cx, cy, "wall") and not w:at(cx, cy) then
      dir, to = d[1], { x = cx, y = cy }
    end
  end
  local moved
  for _, c in ipairs(g:preview("move", dir)) do
    if c.kind == "moved" and c.entity == p then moved = c.to end
  end
  expect.eq(moved and (moved.x .. "," .. moved.y), to.x .. "," .. to.y, "the preview's move")
  expect.eq(w:checksum(), sum)
  expect.eq(g.beats, 0)
  expect.eq(p.x .. "," .. p.y, x .. "," .. y, "the player has not moved")
end)

test("a bot previews the beat before deciding, and the game is as it was", function()
  local g = game("dungeon", { seed = 3 })
  for _ = 1, 3 do
    local sum = g.world:checksum()
    g:bot("lookahead")
    expect.eq(seen_by_bot[#seen_by_bot].sum, sum, "the bot saw the world as it is")
    g:step()
  end
  expect.eq(#seen_by_bot, 3)
end)
