-- rat.lua: something to count. A small data-only enemy (see data_enemy).
cairn.entity {
  name = "rat",
  glyph = "r",
  decorators = { "Attacking", "Attackable", "Moving", "WithHP", "Killable" },
  stats = { hp = 1, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } },
}
