-- cards_repeat: a flurry: one hit cloned as many times as the card says; each a hit of its own.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- times names a value: the card's "hits", which an upgrade raises.
cairn.card { name = "flurry", values = { damage = 2, hits = 3 }, upgrade = { values = { hits = 4 } },
  target = { range = 1 },
  effect = { { ["repeat"] = { times = "hits", payload = { { damage = {} } } } } } }
