return {
  id = "new_action",
  name = "A new player action",
  version = "1.0.0",
  cairn = "0.1",
  description = "A choice with a key: a kick that pushes, open while the hero has stamina.",
  load = { "kick.lua" },
}
