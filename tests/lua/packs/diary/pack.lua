return {
  id = "diary",
  name = "Every monster keeps a diary",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for saves: a mod on the base game that keeps Lua data on entities.",
  load = { "diary.lua" },
}
