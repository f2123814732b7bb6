-- cards_targets: a card that hits every foe, one that hits an area, and the dead left out.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- No target prompt: the override says whom the effect is for.
cairn.card { name = "cleave", values = { damage = 3 },
  effect = { { damage = { target = "all_enemies" } } } }
-- A cell is chosen; everyone within radius 1 of it is hit, the hero too if it stands there.
cairn.card { name = "firebomb", values = { damage = 2, radius = 1 },
  target = { among = "cell", range = 4 },
  effect = { { damage = { target = "area" } } } }
-- Dead targets are dropped: the second hit finds no one when the first killed.
cairn.card { name = "overkill", values = { damage = 20 }, target = { range = 2 },
  effect = { { heal = { heal = 5, target = "chosen" } }, { damage = {} } } }
