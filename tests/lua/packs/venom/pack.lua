return {
  id = "venom",
  name = "A poisoned fight",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for the session tests of statuses: a player given statuses with "
    .. "magnitudes, instances and sources at set beats of a fight, listed on the panel.",
  load = { "fight.lua" },
}
