-- No io at load: no reading files.
local f = io.open("../secret/stuff.lua")
cairn.entity { name = "reader", glyph = "r", data = { text = f:read("a") } }
