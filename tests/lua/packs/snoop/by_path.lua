-- Climbing out of the pack by path.
local stolen = require("../secret/stuff")
cairn.entity { name = "climber", glyph = stolen.password }
