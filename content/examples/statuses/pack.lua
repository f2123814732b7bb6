return {
  id = "statuses",
  name = "Statuses as data",
  version = "1.0.0",
  cairn = "0.1",
  description = "Statuses from five games as data: magnitudes, stacking, decay, immunity, saves, "
    .. "cells that burn, and mods on the status chains.",
  load = { "creatures.lua", "spire.lua", "dcss.lua", "tome.lua", "breach.lua", "darkest.lua",
    "mods.lua", "arena.lua" },
}
