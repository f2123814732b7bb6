-- crypt as docs/modding.md has it in section 6, whose text says to add choices.lua to load.
return {
  id = "crypt",
  name = "The Crypt",
  version = "1.0.0",
  cairn = "0.1",
  load = { "ghoul.lua", "weakened.lua", "choices.lua" },
}
