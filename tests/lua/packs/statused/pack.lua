return {
  id = "statused",
  name = "A stunned player behind a block",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the status line's tests: the base game's player, stunned and "
    .. "blocking, in a room of its own.",
  load = { "game.lua" },
}
