-- cards_values: where an effect's numbers come from: its parameters, the play request, the card, the actor.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- Three ways to say how hard a card hits. ctx:value("damage") looks, in order, in the
-- effect's parameters, the play request (a copy of the card's values made when it is
-- played), the card's values, and the actor (its stats, then its data).
cairn.card { name = "fixed", effect = { { damage = { damage = 7 } } }, target = { range = 2 } }
cairn.card { name = "from_card", values = { damage = 4 }, effect = { { damage = {} } },
  target = { range = 2 }, upgrade = { values = { damage = 6 } } }
-- No damage anywhere but the hero's data: a card that grows with its wielder.
cairn.card { name = "from_hero", effect = { { damage = { custom_key_names = { damage = "might" } } } },
  target = { range = 2 } }
