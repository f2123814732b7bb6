cairn.entity {
  name = "slime", glyph = "s",
  decorators = { "Moving", "Attackable", "WithHP" },
  stats = { hp = 4, team = 2 },
  sequence = { { action = "move", movs = "basic" } },
}
