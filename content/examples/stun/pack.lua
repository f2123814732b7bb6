return {
  id = "stun",
  name = "A stun status",
  version = "1.0.0",
  cairn = "0.1",
  description = "A status that vetoes acting, and a brute that is stunned when hit.",
  load = { "stun.lua", "brute.lua" },
}
