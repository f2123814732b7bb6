-- Every file holds a different mistake; `cairn check` must list each one.
return {
  id = "broken", version = "1.0.0", cairn = "0.1",
  load = { "base.lua", "fields.lua", "decorators.lua", "stats.lua", "types.lua", "syntax.lua",
    "again.lua" },
}
