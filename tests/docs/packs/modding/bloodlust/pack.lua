-- bloodlust as docs/modding.md's text describes it.
return {
  id = "bloodlust",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  load = { "bloodlust.lua" },
}
