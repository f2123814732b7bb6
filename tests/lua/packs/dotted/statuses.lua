-- No functions anywhere: the statuses are data the core runs itself.
cairn.status { name = "poison", stacking = "intensity", each = "damage" }
cairn.status { name = "strength", stacking = "intensity", modifies = { damage = 1 } }
cairn.status { name = "fading", decay = { by = 1 } }
cairn.entity {
  name = "brute", glyph = "b",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 1000000, damage = 1 },
}
