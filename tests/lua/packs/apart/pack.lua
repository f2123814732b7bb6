return {
  id = "apart",
  name = "Two rooms a wall apart",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for what each seat may see: two heroes in rooms a wall apart, each "
    .. "with a hand of its own, a gem only the second sees and an idol walled in that nobody "
    .. "sees; one game for each way a spectator may watch, one of the heroes together, one "
    .. "where the second is asked inside a beat.",
  load = { "rooms.lua" },
}
