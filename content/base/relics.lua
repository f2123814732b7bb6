-- relics.lua: passive items. A relic is picked up like anything else ("pick up", choices.lua)
-- but goes in no slot and no bag: it is kept for good (cairn.cards.add_relic), and its
-- ability resolves by itself whenever what its trigger names happens to its holder, with the
-- relic's data as its values (docs/cards.md, "Relics"). The triggers the base game fires on
-- the player are "hurt" (hit by someone: cards.lua), "turn_start" (a turn of its deck starts)
-- and "floor_start" (a floor starts, the first too: game.lua).
--
-- One relic lies on each floor (dungeon.lua, `relic_pool`).

-- The thorn ring: the first hit of a turn is answered by a prick of `damage`.
cairn.ability {
  name = "thorn_ring_prick",
  label = "thorn ring",
  trigger = "hurt",
  once = "per_turn",
  effect = { { damage = { target = "trigger_source" } } },
  msg = "Your thorn ring pricks back.",
}
cairn.entity {
  name = "thorn_ring", glyph = "\"", color = "bright_green", layer = "item",
  data = { relic = true, ability = "thorn_ring_prick", damage = 1 },
}

-- The miner's lantern: each floor begins with `heal` hp back.
cairn.ability {
  name = "lantern_glow",
  label = "miner's lantern",
  trigger = "floor_start",
  effect = { { heal = {} } },
  msg = "Your lantern's glow steadies you.",
}
cairn.entity {
  name = "miners_lantern", glyph = "\"", color = "bright_yellow", layer = "item",
  data = { relic = true, ability = "lantern_glow", heal = 2 },
}

-- The war drum: each turn begins with `block` block, for `charges` turns; then it is mute.
cairn.ability {
  name = "drum_roll",
  label = "war drum",
  trigger = "turn_start",
  effect = { { block = {} } },
  msg = "Your war drum rolls.",
}
cairn.entity {
  name = "war_drum", glyph = "\"", color = "bright_red", layer = "item",
  data = { relic = true, ability = "drum_roll", block = 1, charges = 6 },
}
