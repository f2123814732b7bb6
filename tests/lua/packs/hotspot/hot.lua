-- About 100,000 instructions a beat: well inside a beat's budget, far above the base game's.
cairn.handler {
  chain = "beat_start",
  fn = function()
    local n = 0
    for i = 1, 25000 do n = n + i % 7 end
    return n
  end,
}

-- A cheap one beside it, on the same kind of chain.
cairn.handler {
  chain = "beat_end",
  fn = function() return 1 end,
}
