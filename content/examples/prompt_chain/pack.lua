return {
  id = "prompt_chain",
  name = "A chain of prompts",
  version = "1.0.0",
  cairn = "0.1",
  description = "A spell picked first, whose next prompt depends on it; priority; a cancel that costs.",
  load = { "cast.lua" },
}
