cairn.entity { name = "hero", glyph = "@", decorators = { "PlayerControl", "Moving" } }

cairn.movs { name = "towards", fn = function(_, x, y)
  local p, px = cairn.world():closest_player(x, y)
  if not p then return nil end
  if px > x then return "e" end
  if px < x then return "w" end
end }

cairn.entity { name = "walker", glyph = "w", decorators = { "Moving" },
  sequence = { { action = "move", movs = "towards" } } }
