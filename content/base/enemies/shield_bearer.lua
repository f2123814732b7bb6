-- enemies/shield_bearer.lua: an enemy that reacts. It carries the ability "raise_shield"
-- (cards.lua), a before-reaction: when a card or an ability is aimed at it, it raises its
-- shield (block 2) before the hit lands, spending one of its reaction points - one every
-- four beats (e.data.initiative). Otherwise it walks and strikes like a skeleton.

cairn.entity {
  name = "shield_bearer",
  glyph = "H",
  color = "yellow",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 3, damage = 1, team = 2, targets = { 1 } },
  data = { abilities = { "base:raise_shield" },
    initiative = { actions = 0, reactions = 1, turn_beats = 4 } },
  sequence = {
    { action = "attack_move", movs = "basic" },
    { action = "none" },
  },
}
