return {
  id = "lua_movs",
  name = "A movs written in Lua",
  version = "1.0.0",
  cairn = "0.1",
  description = "A wisp that keeps three cells away from the player.",
  load = { "wisp.lua" },
}
