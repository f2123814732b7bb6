-- enemies/zombie.lua: a guard on a round. It ignores the player and walks a fixed square,
-- two cells each way; whoever stands in its way gets hit instead (attack_move attacks when
-- there is a target in the next cell). A blocked step is lost, not made up for. Its bite
-- festers: whom it hits is poisoned 1 (stats `inflicts`, statuses.lua), doses adding up.

-- One movs per heading, each giving that one direction whatever the world looks like.
cairn.movs { name = "go_east", fn = function() return { "e" } end }
cairn.movs { name = "go_south", fn = function() return { "s" } end }
cairn.movs { name = "go_west", fn = function() return { "w" } end }
cairn.movs { name = "go_north", fn = function() return { "n" } end }

cairn.entity {
  name = "zombie",
  glyph = "z",
  color = "green",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 2, damage = 1, team = 2, targets = { 1 }, inflicts = "base:poison",
    inflict_magnitude = 1 },
  sequence = {
    { action = "attack_move", movs = "go_east", repeats = 2 },
    { action = "attack_move", movs = "go_south", repeats = 2 },
    { action = "attack_move", movs = "go_west", repeats = 2 },
    { action = "attack_move", movs = "go_north", repeats = 2 },
  },
}
