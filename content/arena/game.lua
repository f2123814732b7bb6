-- game.lua: the arena as a game. One floor: a walled pit with a few pillars set by the seed,
-- the gladiator and its hound at the west end, the brute, the slinger and two swordsmen at
-- the east end. The gladiator wins when every foe is down, and loses when it dies (the
-- runtime sees to that) or when the crowd tires of a fight that has gone on too long.
--
-- Its turn model is initiative (docs/cards.md, "Turn models"): one fighter acts at a time,
-- in the order of their data.initiative (fighters.lua), each with two action points a round;
-- a step, a blow, a card or a wait costs one, a pass (choices.lua) gives up the rest. A
-- round is the cards' turn: it refills the gladiator's energy and draws its cards.
--
-- `cairn sim --game arena` and `cairn play --game arena` start it by name.

local cards = require "cards"

local WIDTH, HEIGHT = 15, 9
local ACTIONS = 2 -- action points of every fighter, each round
local TIRED = 30  -- the rounds the crowd watches before it calls the fight lost

-- The cells pillars may stand on: the middle of the pit, away from where the sides start.
local function pillar_cells()
  local cells = {}
  for x = 4, WIDTH - 5 do
    for y = 2, HEIGHT - 3 do cells[#cells + 1] = { x, y } end
  end
  return cells
end

local function build(w)
  for x = 0, WIDTH - 1 do
    for y = 0, HEIGHT - 1 do
      if x == 0 or y == 0 or x == WIDTH - 1 or y == HEIGHT - 1 then w:spawn("wall", x, y) end
    end
  end
  local cells = pillar_cells()
  for _ = 1, 3 do
    local c = table.remove(cells, math.random(#cells))
    w:spawn("pillar", c[1], c[2])
  end
end

-- Who starts where: the gladiator's side in the west, its foes in the east, a row or so off
-- the middle as the seed says.
local function muster(w)
  local mid = HEIGHT // 2
  local shift = math.random(3) - 2
  w:spawn("gladiator", 2, mid)
  w:spawn("hound", 2, mid + shift == mid and mid - 1 or mid + shift)
  w:spawn("brute", WIDTH - 3, mid + shift)
  w:spawn("swordsman", WIDTH - 4, 2)
  w:spawn("swordsman", WIDTH - 4, HEIGHT - 3)
  w:spawn("slinger", WIDTH - 2, mid - shift)
end

local function foes_left(w)
  local n = 0
  for _, e in ipairs(w:entities()) do
    if e.layer == "real" and e.team == 2 and not e:is_dead() then n = n + 1 end
  end
  return n
end

local function short(e)
  return (e.type:gsub("^[^:]*:", ""))
end

-- Every fighter standing but the gladiator (whose hp the header shows), with its hp, on one
-- line that the panel wraps: its side first, then its foes.
local function roll_call(w)
  local parts = {}
  for _, team in ipairs({ 1, 2 }) do
    for _, e in ipairs(w:entities()) do
      if e.layer == "real" and e.team == team and not e:is_dead() and
        not e:has("PlayerControl") then
        parts[#parts + 1] = string.format("%s %d/%d", short(e), e.hp, e.max_hp)
      end
    end
  end
  return "hp: " .. table.concat(parts, ", ")
end

cairn.game {
  name = "arena",
  description = "A gladiator and its hound against four; every foe down wins.",
  width = WIDTH,
  height = HEIGHT,
  sight = WIDTH, -- the whole pit is in view: nothing hides in the arena
  -- One fighter acts at a time, two actions a round, by data.initiative (fighters.lua).
  turns = { model = "initiative", actions = ACTIONS },
  generate = function(w)
    build(w)
    muster(w)
    cards.setup(w:players()[1])
  end,
  outcome = function(w)
    if foes_left(w) == 0 then return "won" end
    if cairn.turns.round() > TIRED then return "lost" end
  end,
  report = function(w)
    return { foes_left = foes_left(w) }
  end,
  panel = function(w, p)
    local lines = cards.panel(p)
    table.insert(lines, 1, roll_call(w))
    return lines
  end,
}
