cairn.handler {
  chain = "beat_start",
  fn = function()
    return string.rep("", 3000000)
  end,
}
