-- enemies/shaman.lua: a caster who keeps its distance. Its sequence is data only: it casts
-- (the action cast of the Casting decorator, docs/cards.md) the ability its data names,
-- cards.lua's "hex", at the player when it stands in a line with it within four cells (the
-- player then takes 1 more damage from every hit, for six beats), and rests three beats;
-- with no one in line the cast fails, and it steps closer (or strikes, next to the player)
-- instead.

cairn.entity {
  name = "shaman",
  glyph = "S",
  color = "magenta",
  decorators = {
    "Casting", "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable",
    "Statused",
  },
  stats = { hp = 2, damage = 1, team = 2, targets = { 1 } },
  data = { cast = "base:hex" },
  sequence = {
    { action = "cast", movs = "basic", on_success = 3, on_failure = 2 },
    { action = "attack_move", movs = "basic", on_success = 1 },
    { action = "none", repeats = 3, on_success = 1 },
  },
}
