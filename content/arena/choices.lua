-- choices.lua: what the gladiator can choose to do, as the play screen lists them and bots
-- and tests commit them (e:choose): step or strike (the movement keys), wait, and play a
-- card (c), each for an action point of its turn, and pass (p) the rest of the turn. They are
-- the gladiator's only: the base game's player, loaded beside, does not get them, nor this
-- one the base game's.

local function ours(test)
  return function(a)
    if a.type ~= "arena:gladiator" then return false end
    if test then return test(a) end
    return true
  end
end

-- A step that could do nothing is refused with why, before any beat passes.
local function bump_way(a, dir)
  local dx, dy = cairn.dir.delta(dir)
  local w = cairn.world()
  if w:at(a.x + dx, a.y + dy, "wall") then return false, "A wall is in the way." end
  local other = w:at(a.x + dx, a.y + dy)
  if other and not a:is_foe(other) then return false, "Your hound is in the way." end
  return true
end

cairn.choice {
  name = "bump",
  key = "direction",
  label = "move",
  description = "step that way, or strike the foe in the way",
  available = ours(),
  target = { among = "direction", text = "Move which way?", filter = bump_way },
  action = "attack_move",
}

cairn.choice {
  name = "wait",
  key = ".",
  description = "let an action go by",
  available = ours(),
  action = "none",
}

local play = cairn.cards.play_choice { name = "play", key = "c" }
play.available = ours(play.available)
cairn.choice(play)

-- The rest of the turn given up: initiative goes on to the next fighter.
cairn.choice {
  name = "pass",
  key = "p",
  description = "end your turn, whatever action points are left",
  available = ours(),
  perform = function(a) cairn.turns.pass(a) end,
}
