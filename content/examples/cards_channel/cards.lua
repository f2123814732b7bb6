-- cards_channel: an action with several pulses (docs/cards.md, "The action lifecycle"). The
-- hero ("H") and the goblins ("g") are cards_duel's.

-- Behaviours: functions named by key, that a card's pulses name. This one holds while the
-- hero keeps its focus (e.data.focus not false).
cairn.cards.behaviour("focused", function(action) return action.source.data.focus ~= false end)

-- Drain: 1 damage to every goblin now, then at the end of each of the next two beats, while
-- the hero is focused. Broken off, the action fails.
cairn.card { name = "drain", values = { damage = 1 },
  pulses = { max = 3, condition = "focused" },
  effect = { { damage = { target = "all_enemies" } } } }
