-- A crowd whose movs is Lua: every beat hands each walker's handle to Lua.
return {
  id = "crowd",
  name = "Crowd",
  version = "1.0.0",
  cairn = "0.1",
  load = { "crowd.lua" },
}
