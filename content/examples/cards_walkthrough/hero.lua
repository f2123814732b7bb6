-- cards_walkthrough: the hero and its area card (docs/cards.md, "Walkthrough").

cairn.entity {
  name = "hero",
  glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 1, targets = { 2 } },
}

-- The firestorm: 2 damage to everyone around a cell within 4. Aimed at a cell, it names no
-- one: those it reaches are asked to react all the same.
cairn.card {
  name = "firestorm",
  cost = { energy = 1 },
  values = { damage = 2, radius = 1 },
  target = { among = "cell", range = 4, area = 1, text = "Firestorm where?" },
  effect = { { damage = { target = "area" } } },
  msg = "Fire falls.",
}
