-- The hero's own acts as effects. `step`, `strike` and `dig` are its move, attack and dig
-- (through its decorators, as a beat's act goes); `prime` makes its next act of a kind
-- resolve an ability first, aimed at the cell that way.

-- Whoever stands in the way is shoved two cells off it.
cairn.ability { name = "shove_aside", effect = { { push = { push = 2 } } } }

cairn.card {
  name = "shoulder",
  cost = { energy = 1 },
  values = { beats = 4 },
  effect = { { prime = { act = "move", ability = "shove_aside" } } },
  text = "Your next move pushes whoever is in the way 2 cells, and you step in.",
}

-- A step towards the cell chosen, then a blow the same way: written in order, one queue.
cairn.card {
  name = "advance",
  cost = { energy = 1 },
  one_queue = true,
  target = { among = "cell", range = 2, text = "Advance where?" },
  effect = { { step = {} }, { strike = {} } },
  text = "Step, then strike.",
}
