return {
  id = "crowd",
  name = "A crowd of enemies",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "For `cairn-bench --preview`: the base game's player among 10, 100 or 1,000 " ..
    "of its skeletons in an open hall, and a bot that previews the next beat, as the play " ..
    "screen does to show the enemies' intents; and for `cairn-bench --initiative`, the crowd of " ..
    "100 under the initiative turn model.",
  load = { "crowd.lua" },
}
