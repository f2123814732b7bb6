-- A world handler that overruns the beat's budget in two ways: in beat 1 inside a coroutine
-- that coroutine.wrap runs, in beat 2 in one charge far larger than the budget.
cairn.handler {
  chain = "beat_start",
  fn = function()
    local beat = cairn.world().beat
    if beat == 1 then
      coroutine.wrap(function() while true do end end)()
    elseif beat == 2 then
      return string.rep("", 1 << 40)
    end
  end,
}
