-- troll.lua: an enemy that uses the Lua decorator like any built-in one.

cairn.entity {
  name = "troll",
  glyph = "T",
  decorators = { "Regenerating", "Attacking", "Attackable", "Moving", "Killable" },
  stats = { hp = 4, team = 2, targets = { 1 } },
  data = { regen_every = 2 }, -- a type's data overrides its decorators' defaults
  sequence = { { action = "attack_move", movs = "basic" } },
}
