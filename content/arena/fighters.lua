-- fighters.lua: the arena's walls and its two sides. Team 1 is the gladiator (the player) and
-- its hound; team 2 the brute, the slinger and the swordsmen. Each fighter's place in the
-- order of a round is its data.initiative, higher first (the initiative turn model's own
-- order, which game.lua chooses): the gladiator leads, the brute comes last.
--
-- The fighters of both sides that the game moves go for their closest foe, not for the
-- player as the built-in movs do: the hound hunts the gladiator's foes and they hunt the
-- hound as readily as the gladiator. A slinger hurls a stone at a foe in line with it.
--
-- A module too: require "fighters" gives the functions the cards and the bots share.

local fighters = {}

-- The distance the arena counts in: king moves, a diagonal step as one.
function fighters.distance(a, x, y)
  return math.max(math.abs(a.x - x), math.abs(a.y - y))
end

-- The living foe of e closest to the cell (x, y) (by default e's own), the first in e:foes's
-- order (row, then column) among equals; nil when none is left.
function fighters.closest_foe(e, x, y)
  x, y = x or e.x, y or e.y
  local best, best_d
  for _, f in ipairs(e:foes()) do
    local d = fighters.distance(f, x, y)
    if not best_d or d < best_d then best, best_d = f, d end
  end
  return best, best_d
end

-- Whether nothing stands between a and the cell (x, y) on the straight or diagonal line
-- from a to it: the cell must be in one of the eight directions from a. Returns the line's
-- direction when it is clear.
function fighters.clear_line(a, x, y)
  local dx, dy = x - a.x, y - a.y
  if dx ~= 0 and dy ~= 0 and math.abs(dx) ~= math.abs(dy) then return nil end
  local dir = cairn.dir.toward(dx, dy)
  if dir == "none" then return nil end
  local w = cairn.world()
  local sx, sy = cairn.dir.delta(dir)
  for i = 1, fighters.distance(a, x, y) - 1 do
    local cx, cy = a.x + sx * i, a.y + sy * i
    if w:at(cx, cy, "wall") or w:at(cx, cy) then return nil end
  end
  return dir
end

cairn.entity { name = "wall", glyph = "#", color = "white", layer = "wall" }
cairn.entity { name = "pillar", glyph = "O", color = "yellow", layer = "wall" }

-- Towards the closest foe: the way that closes in first, then the ways beside it, so that a
-- fighter slides along a pillar rather than stop at it.
cairn.movs {
  name = "at_foe",
  description = "towards the closest living foe, eight ways",
  fn = function(e, x, y)
    local foe = fighters.closest_foe(e, x, y)
    if not foe then return {} end
    local dir = cairn.dir.toward(foe.x - x, foe.y - y)
    return { dir, cairn.dir.rotate(dir, 1), cairn.dir.rotate(dir, -1),
      cairn.dir.rotate(dir, 2), cairn.dir.rotate(dir, -2) }
  end,
}

-- Slinging: an action component. A foe in a clear line that way, 2 to data.range cells off,
-- is hit by a stone at once (stones do not fly a cell a beat: only one fighter acts at a
-- time). Next to a foe, Attacking does the job.
cairn.decorator {
  name = "Slinging",
  description = "hurls a stone at a foe in a clear line, 2 to data.range cells away",
  data = { range = 4 },
  activate = function(e, dir)
    local w = cairn.world()
    local dx, dy = cairn.dir.delta(dir)
    for i = 2, e.data.range do
      local x, y = e.x + dx * i, e.y + dy * i
      if w:at(x, y, "wall") then return false end
      local other = w:at(x, y)
      if other then
        if not e:is_foe(other) or not fighters.clear_line(e, x, y) then return false end
        cairn.cards.say(e, "The slinger hurls a stone.")
        return e:attack_on({ other }, e.damage)
      end
    end
    return false
  end,
}
cairn.action { name = "sling_attack_move", components = { "Slinging", "Attacking", "Moving" } }

local FIGHTER = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable",
  "Statused" }

local function decorators(...)
  local list = { ... }
  for _, d in ipairs(FIGHTER) do list[#list + 1] = d end
  return list
end

-- The player. Its hits are its cards' (cards.lua); a bump into a foe is a bare-handed 1.
cairn.entity {
  name = "gladiator",
  glyph = "@",
  color = "bright_white",
  decorators = decorators("PlayerControl"),
  stats = { hp = 12, damage = 1, team = 1, targets = { 2 } },
  data = { initiative = 5 },
}

cairn.entity {
  name = "hound",
  glyph = "d",
  color = "bright_yellow",
  decorators = decorators(),
  stats = { hp = 5, damage = 1, team = 1, targets = { 2 } },
  data = { initiative = 4 },
  sequence = { { action = "attack_move", movs = "at_foe" } },
}

cairn.entity {
  name = "slinger",
  glyph = "s",
  color = "cyan",
  decorators = decorators("Slinging"),
  stats = { hp = 3, damage = 1, team = 2, targets = { 1 } },
  data = { initiative = 3 },
  sequence = { { action = "sling_attack_move", movs = "at_foe" } },
}

cairn.entity {
  name = "swordsman",
  glyph = "w",
  color = "bright_red",
  decorators = decorators(),
  stats = { hp = 5, damage = 1, team = 2, targets = { 1 } },
  data = { initiative = 2 },
  sequence = { { action = "attack_move", movs = "at_foe" } },
}

-- Slow and heavy: a step or a blow, then it gets its breath back.
cairn.entity {
  name = "brute",
  glyph = "B",
  color = "red",
  decorators = decorators(),
  stats = { hp = 10, damage = 2, team = 2, targets = { 1 } },
  data = { initiative = 1 },
  sequence = {
    { action = "attack_move", movs = "at_foe" },
    { action = "none" },
  },
}

return fighters
