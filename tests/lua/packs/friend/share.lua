local stuff = require("secret:stuff")
cairn.entity { name = "friend", glyph = stuff.password:sub(1, 1) }
