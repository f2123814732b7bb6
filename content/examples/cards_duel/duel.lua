-- The duel's two sides: a hero to give a deck ("H") and goblins ("g") to hit.
cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { said = "" } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2, targets = { 1 } } }
