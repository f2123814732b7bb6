-- secret is loaded, but it is not among snoop's dependencies.
local stolen = require("secret:stuff")
cairn.entity { name = "thief", glyph = stolen.password }
