-- cards_free: action points (docs/cards.md, "The action lifecycle"). Each card played costs
-- its holder an action point, so many a turn; a `free` card costs none. The hero ("H") and
-- the goblins ("g") are cards_duel's.

cairn.card { name = "poke", values = { damage = 1 }, target = { among = "entity", range = 1 },
  effect = { { damage = {} } } }

cairn.card { name = "feint", values = { damage = 1 }, free = true,
  target = { among = "entity", range = 1 }, effect = { { damage = {} } } }
