-- A sentry stands still and strikes whoever is next to it (the adjacent movs: diagonals too).
cairn.entity {
  name = "sentry", glyph = "s", color = "red",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, damage = 2, team = 2 },
  sequence = { { action = "attack", movs = "adjacent" } },
}
