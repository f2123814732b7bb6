-- arena.lua: a game to play these statuses in (cairn play --pack content/examples/statuses
-- --game burning_ground): a viper whose bite poisons comes at the hero down a strip of ground
-- between fires and an acid pool, which burn and corrode whoever steps off the strip.

cairn.game {
  name = "burning_ground",
  description = "cross the fire and the acid, and kill the viper",
  width = 9, height = 3,
  generate = function(w)
    w:spawn("hero", 0, 1)
    w:spawn("fire", 3, 0)
    w:spawn("fire", 3, 2)
    w:spawn("fire", 4, 2)
    w:spawn("acid_pool", 5, 0)
    w:spawn("viper", 8, 1)
  end,
  outcome = function(w)
    if #w:entities("viper") == 0 then return "won" end
  end,
}

-- What the hero can do at the keys: step (striking whoever is in the way) and wait. Only the
-- hero of this pack has them, so that a game with other players keeps its own.
local function hero(a) return a.type == "statuses:hero" end

cairn.choice {
  name = "step",
  key = "direction",
  label = "move",
  description = "step that way, striking whoever is in the way",
  available = hero,
  target = { among = "direction", text = "Move which way?" },
  action = "attack_move",
}

cairn.choice {
  name = "wait",
  key = ".",
  description = "let a beat go by",
  available = hero,
  action = "none",
}
