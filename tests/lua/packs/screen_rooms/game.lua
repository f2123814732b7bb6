-- game.lua: rooms of 3 by 1 cells inside their walls, the base game's player at the west end.

-- The walls round the room and the player in it, returned.
local function room(w, players)
  for x = 0, 4 do
    w:spawn("base:wall", x, 0)
    w:spawn("base:wall", x, 2)
  end
  w:spawn("base:wall", 0, 1)
  w:spawn("base:wall", 4, 1)
  local p = players[1]
  if p then p:place(1, 1) else p = w:spawn("base:player", 1, 1) end
  return p
end

-- A throwing dagger lying on a spike trap east of the player, as one lands after a throw.
cairn.game {
  name = "dagger_on_trap",
  description = "A dagger lying on a trap.",
  width = 5,
  height = 3,
  floors = 1,
  generate = function(w, _, _, players)
    room(w, players)
    w:spawn("base:spike_trap", 2, 1)
    w:spawn("base:throwing_dagger", 2, 1)
  end,
}

-- The player stunned for 3 beats and blocking 2 damage for 4.
cairn.game {
  name = "stunned",
  description = "A stunned player, blocking.",
  width = 5,
  height = 3,
  floors = 1,
  generate = function(w, _, _, players)
    local p = room(w, players)
    p:apply("base:stun", 3)
    p.data.block = 2
    p:apply("cairn:block", 4)
  end,
}

-- The player strong 2 for good (until it is removed) and weakened 1 for 4 beats.
cairn.game {
  name = "strong",
  description = "A strong player, weakened for a while.",
  width = 5,
  height = 3,
  floors = 1,
  generate = function(w, _, _, players)
    local p = room(w, players)
    p:apply("base:strength", { magnitude = 2 })
    p:apply("base:weakness", { magnitude = 1, beats = 4 })
  end,
}
