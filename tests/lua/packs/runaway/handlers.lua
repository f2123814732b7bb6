-- A world handler that loops forever in beat 2 and hoards memory in beat 4.
cairn.handler {
  chain = "beat_start",
  fn = function()
    local beat = cairn.world().beat
    if beat == 2 then
      while true do end
    elseif beat == 4 then
      local hoard = {} -- luacheck: ignore hoard
      local s = "y"
      for i = 1, math.huge do s = s .. s; hoard[i] = s end
    end
  end,
}
