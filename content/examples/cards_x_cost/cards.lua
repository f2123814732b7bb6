-- cards_x_cost: cards that spend all the energy they are given: numbers times X, or X hits.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- Every number the payload looks up is multiplied by the energy paid.
cairn.card { name = "whirlwind", cost = { energy = "X" }, values = { damage = 3 },
  effect = { { x_cost = { payload = { { damage = { target = "all_enemies" } } } } } } }
-- Only repeat's times is multiplied: X hits of the card's damage.
cairn.card { name = "barrage", cost = { energy = "X" }, values = { damage = 2 },
  target = { range = 3 },
  effect = { { x_cost = { values = { "times" }, payload = { { ["repeat"] = { times = 1,
    payload = { { damage = {} } } } } } } } } }
