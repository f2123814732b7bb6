return {
  id = "watcher",
  name = "World chain watchers",
  version = "1.0.0",
  cairn = "0.1",
  description = "Handlers on the world's entity_died and beat_end chains keep a tally.",
  load = { "rat.lua", "tally.lua" },
}
