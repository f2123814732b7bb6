-- enemies/armadillo.lua: a living cannonball. It waits until the player is in line with it
-- (same row or column), turns to face it, then rolls straight on, one cell a beat, until
-- something stops it: a wall, another monster, or the player, whom it hits on the way in.
-- Curled up it cannot be hurt; it rests, open to blows, after each roll.

local WATCH, ROLL, REST = 1, 2, 3 -- its steps

-- The sequence's decide hooks run in the tick stage, after everyone has acted, and choose the
-- next step. Watching: when the player is in line, face it and roll from the next beat.
local function spot(e)
  local p = cairn.world():closest_player(e.x, e.y)
  if p and (p.x == e.x or p.y == e.y) then
    e.facing = cairn.dir.toward(p.x - e.x, p.y - e.y) -- the built-in straight movs follows it
    return ROLL
  end
end

-- Rolling: attack_move succeeds when it moved (roll on) and when it hit the player; a hit
-- ends the roll like a wall does.
local function after_roll(e, outcome)
  local algo = e.last and e.last.algo
  if outcome.success and algo.result.component == "Attacking" then return REST end
end

cairn.entity {
  name = "armadillo",
  glyph = "a",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 2, damage = 2, team = 2, targets = { 1 } },
  sequence = {
    [WATCH] = { action = "none", on_success = WATCH, decide = spot },
    -- on_success back to itself: it keeps rolling; on_failure (blocked): rest.
    [ROLL] = { action = "attack_move", movs = "straight", on_success = ROLL, on_failure = REST,
      decide = after_roll },
    [REST] = { action = "none", repeats = 2, on_success = WATCH },
  },
  handlers = {
    -- defence runs on the target before the damage; a veto blocks the hit.
    defence = function(ev)
      if ev.target.step == ROLL then ev:stop() end
    end,
  },
}
