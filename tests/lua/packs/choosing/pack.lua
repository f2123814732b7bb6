return {
  id = "choosing",
  name = "A yard to choose in",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for the session's choices: a player, two rats, and choices of every prompt kind.",
  load = { "yard.lua" },
}
