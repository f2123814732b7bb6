-- A walker whose move_success handler fails in beat 2 only, having added a handler to
-- the chain it runs in.
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
        -- The chain under way changes (its list is retired) before the failure.
        ev.actor:hook("move_success", function() end)
        local plan = nil
        return plan.next_step
      end
    end,
  },
}
