-- Statuses that are data only: they hurt, weaken and fade every beat without calling Lua.
return {
  id = "dotted",
  name = "Dotted",
  version = "1.0.0",
  cairn = "0.1",
  load = { "statuses.lua" },
}
