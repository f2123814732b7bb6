return {
  id = "planning",
  name = "Move planning",
  version = "1.0.0",
  cairn = "0.1",
  description = "A stalker that plans its way with w:plan: it crawls through low tunnels "
    .. "when that pays, and never plans over spikes.",
  load = { "stalker.lua" },
}
