-- A walker whose move_success handler fails in beat 2 only.
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
    move_success = function(ev)
      if cairn.world().beat == 2 then
        local plan = nil
        return plan.next_step
      end
    end,
  },
}
