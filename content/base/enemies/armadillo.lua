-- enemies/armadillo.lua: a living cannonball. It waits until the player is in line with it
-- (same row or column), turns to face it, then rolls straight on, one cell a beat, until
-- something stops it: a wall, another monster, or the player, whom it hits on the way in.
-- Curled up it cannot be hurt; it rests, open to blows, after each roll. Its hit knocks the
-- wind out of whom it strikes: stunned for a beat (stats `inflicts`, statuses.lua).

local WATCH, ROLL, REST = 1, 2, 3 -- its steps

-- The sequence's decide callbacks run in the tick stage, after everyone has acted, and choose the
-- next step. Watching: when the player is in line, face it and roll from the next beat.
local function spot(e)
  local x, y = e.x, e.y
  local p, px, py = cairn.world():closest_player(x, y)
  if p and (px == x or py == y) then
    e.facing = cairn.dir.toward(px - x, py - y) -- the built-in straight movs follows it
    return ROLL
  end
end

-- Rolling: attack_move succeeds when it moved (roll on) and when it hit the player; a hit
-- ends the roll like a wall does. So does a beat that left it where it was: a bounce trap
-- may throw it straight back, and it would roll in place for ever.
local function start_roll(e)
  e.data.roll_x, e.data.roll_y = e.x, e.y
end

local function after_roll(e, outcome)
  local algo = e.last and e.last.algo
  if outcome.success and algo.result.component == "Attacking" then return REST end
  if e.x == e.data.roll_x and e.y == e.data.roll_y then return REST end
  start_roll(e)
end

cairn.entity {
  name = "armadillo",
  glyph = "a",
  color = "yellow",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 2, damage = 2, team = 2, targets = { 1 }, inflicts = "base:stun",
    inflict_beats = 1 },
  sequence = {
    [WATCH] = { action = "none", on_success = WATCH, decide = spot },
    -- on_success back to itself: it keeps rolling; on_failure (blocked): rest.
    [ROLL] = { action = "attack_move", movs = "straight", on_success = ROLL, on_failure = REST,
      enter = start_roll, decide = after_roll },
    [REST] = { action = "none", repeats = 2, on_success = WATCH },
  },
  data = { roll_x = -1, roll_y = -1 }, -- where the roll stood a beat ago
  handlers = {
    -- defence runs on the target before the damage; a veto blocks the hit.
    defence = function(ev)
      if ev.target.step == ROLL then ev.propagate = false end
    end,
  },
}
