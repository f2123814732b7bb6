-- A beat_start handler that runs about 30 million instructions a beat: well inside the budget
-- of a call into Lua, far beyond what a beat may take. A game with it must stop at its first
-- beat, not crawl on.
cairn.handler {
  chain = "beat_start",
  fn = function()
    local n = 0
    for i = 1, 15000000 do n = n + i end
    return n
  end,
}
