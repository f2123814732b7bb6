-- No functions anywhere: every beat runs without calling into Lua.
cairn.entity {
  name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Attackable", "WithHP", "Killable", "Moving" },
  stats = { hp = 1000000, team = 1 },
}
cairn.entity {
  name = "rat", glyph = "r",
  decorators = { "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, team = 2, damage = 1, targets = { 1 } },
  sequence = {
    { action = "attack_move", movs = "basic" },
    { action = "none" },
  },
}
cairn.entity { name = "wall", glyph = "#", layer = "wall" }
