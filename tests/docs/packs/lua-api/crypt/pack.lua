-- crypt as docs/lua-api.md's blocks build it: its pack.lua, loading every file the document
-- shows besides.
return {
  id = "crypt",
  name = "The Crypt",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  load = {
    "ghoul.lua", "enemies/bats.lua", "shouting.lua", "moth.lua", "handlers.lua", "away.lua",
    "shuffled.lua", "attack_or_shout.lua", "stun.lua", "lurker.lua", "imp.lua", "corridor.lua",
    "bots.lua", "javelin.lua", "shoving.lua", "brute.lua", "thief.lua", "kills.lua",
  },
}
