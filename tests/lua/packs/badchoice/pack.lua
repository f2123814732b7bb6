return {
  id = "badchoice",
  name = "Broken choices",
  version = "1.0.0",
  cairn = "0.1",
  description = "Fixture for cairn check: one mistake in a choice's definition per line.",
  load = { "choices.lua" },
}
