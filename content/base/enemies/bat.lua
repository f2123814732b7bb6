-- enemies/bat.lua: an erratic flier. Its movs, written in Lua, ranks the four ways at random;
-- the general algorithm tries them in that order, so the bat goes the first way that is open
-- and, with attack_move, bites the player when that way leads into it.

local WAYS = { "n", "e", "s", "w" }

cairn.movs {
  name = "flutter",
  description = "the four orthogonal ways, shuffled",
  fn = function()
    local ways = { table.unpack(WAYS) }
    -- math.random draws from the world's seeded generator: the same seed, the same flight.
    for i = #ways, 2, -1 do
      local j = math.random(i)
      ways[i], ways[j] = ways[j], ways[i]
    end
    return ways
  end,
}

cairn.entity {
  name = "bat",
  glyph = "b",
  color = "magenta",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 1, damage = 1, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "flutter" } },
}
