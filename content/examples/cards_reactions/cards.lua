-- cards_reactions: a card played is a declared action, and those it targets may react
-- (docs/cards.md, "The action lifecycle"). The hero ("H") and the goblins ("g") are
-- cards_duel's.

-- The hero's jab: 2 damage to a goblin next to it.
cairn.card { name = "jab", values = { damage = 2 }, target = { among = "entity", range = 1 },
  effect = { { damage = {} } } }

-- A before-reaction resolves just ahead of what it answers, and may make it fail: the jab
-- then does nothing at all (its phase is "failed").
cairn.card { name = "duck", values = {}, reaction = { timing = "before" },
  effect = { { fail_trigger = { reason = "ducked" } } } }

-- An after-reaction resolves once what it answers has resolved. Its target is the one who
-- acted (a reaction is aimed at its trigger's source).
cairn.card { name = "retort", values = { damage = 1 }, reaction = { timing = "after" },
  effect = { { damage = {} } } }
