-- Depends on secret, so secret's modules are its to require.
return { id = "friend", version = "1.0.0", cairn = "0.1", depends = { secret = "1.0" },
  load = { "share.lua" } }
