-- Relics: items kept for good (cairn.cards.add_relic) whose data names a triggered ability.
-- What fires on the holder resolves it with the relic's data as values: `damage` and `heal`
-- are the relic's, `charges` how many times it has left.

-- When hit, the striker is hit back for the collar's damage: once a turn.
cairn.ability {
  name = "spikes",
  trigger = "hurt",
  once = "per_turn",
  effect = { { damage = { target = "trigger_source" } } },
}
cairn.entity { name = "spiked_collar", glyph = "\"", layer = "item",
  data = { ability = "spikes", damage = 2 } }

-- At the start of each turn, heal; three times.
cairn.ability { name = "glow", trigger = "turn_start", effect = { { heal = {} } } }
cairn.entity { name = "candle", glyph = "\"", layer = "item",
  data = { ability = "glow", heal = 1, charges = 3 } }

-- The duel's hero hears of every hit it takes ("hurt", with whoever struck as the source).
cairn.handler { chain = "damaged", entity = "cards_duel:hero", fn = function(ev)
  if ev.actor and ev.actor ~= ev.target then
    cairn.cards.fire("hurt", ev.target, { source = ev.actor })
  end
end }
