-- darkest.lua: Darkest Dungeon's bleeds and stress.

-- Bleed: each bleed is an instance of its own, with its own damage and duration; the bearer
-- loses the sum each beat. At most three at once (max: a fourth pushes the oldest out).
cairn.status {
  name = "bleed",
  adjective = "bleeding",
  description = "each instance loses its magnitude in hp each beat",
  stacking = "instances",
  max = 3,
  each = "damage",
}

-- Stress: a meter, not a timer. It rises and falls by what is applied (negative to relieve
-- it), up to 200, and at 0 it stays: the meter is there, empty.
cairn.status {
  name = "stress",
  description = "a meter from 0 to 200",
  stacking = "intensity",
  max = 200,
  at_zero = "stay",
}
