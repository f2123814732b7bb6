-- A pack that builds on another: `depends` loads the base game first, so this pack's bot can
-- play it (`cairn sim --pack content/examples/lookahead --bot cautious`).
return {
  id = "lookahead",
  name = "A bot that previews",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "A bot that previews each move before it makes one, and keeps away from blows.",
  load = { "cautious.lua" },
}
