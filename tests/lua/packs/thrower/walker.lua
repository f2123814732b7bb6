-- A walker whose move_success handler raises, each beat, a value that is no message: a
-- table, a number, an object that says what it is, nil; then messages placed nowhere: one
-- raised at level 0, one from a library function reached by a tail call.
local fault = setmetatable({}, { __tostring = function() return "the crypt is flooded" end })
local raised = { {}, 42, fault }
cairn.entity {
  name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Attackable", "WithHP" },
  stats = { hp = 10, team = 1 },
}
cairn.entity {
  name = "walker", glyph = "w",
  decorators = { "Moving" },
  sequence = { { action = "move", movs = "basic" } },
  handlers = {
    move_success = function()
      local beat = cairn.world().beat
      if beat <= 4 then error(raised[beat]) end
      if beat == 5 then error("the crypt is flooded", 0) end
      return table.concat({ {} })
    end,
  },
}
