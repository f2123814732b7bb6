-- What previews leave behind: nothing. The bot previews five beats before each one it plays,
-- on the base game's dungeon; the world must be exactly as it was after each preview, and
-- the game the bot plays the same as one given the same inputs without any preview.

local cautious = require "cautious"

local SEED = 3
local BEATS = 12

test("previews leave the world's checksum as it was", function()
  local g = game("dungeon", { seed = SEED })
  local w = g.world
  for beat = 1, BEATS do
    local p = w:players()[1]
    local sum = w:checksum()
    local action, dir = cautious.decide({}, w, p, g)
    expect.eq(w:checksum(), sum, "after the previews of beat " .. beat)
    g:input(action, dir)
    g:step()
  end
  expect.eq(g.beats, BEATS)
end)

test("the bot's game is the game its inputs make", function()
  local g = game("dungeon", { seed = SEED })
  local inputs, sums = {}, {}
  for beat = 1, BEATS do
    local action, dir = cautious.decide({}, g.world, g.world:players()[1], g)
    inputs[beat] = { action, dir }
    g:input(action, dir)
    g:step()
    sums[beat] = g.world:checksum()
  end
  -- The same seed and the same inputs, with no preview at all.
  local again = game("dungeon", { seed = SEED })
  for beat = 1, BEATS do
    again:input(inputs[beat][1], inputs[beat][2])
    again:step()
    expect.eq(again.world:checksum(), sums[beat], "beat " .. beat)
  end
end)

test("a beat the bot played can be undone", function()
  local g = game("dungeon", { seed = SEED })
  g:bot("cautious")
  g:step()
  local before = g.world:checksum()
  g:bot("cautious")
  g:step()
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), before)
  expect.eq(g.beats, 1)
end)
