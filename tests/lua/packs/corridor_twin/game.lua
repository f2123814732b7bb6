-- The same short names as the corridor pack's game and bot: loaded together, a short name
-- means neither.
cairn.entity { name = "walker", glyph = "@", decorators = { "PlayerControl", "Moving" } }
cairn.game { name = "corridor", width = 3, height = 1,
  generate = function(w) w:spawn("walker", 0, 0) end }
cairn.bot { name = "east", decide = function() return "move", "e" end }
