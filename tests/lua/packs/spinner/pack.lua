-- Hands trusty a function that never ends: trusted code that calls it must stop at the budget.
return { id = "spinner", version = "1.0.0", cairn = "0.1", depends = { trusty = "1.0" },
  load = { "spin.lua" } }
