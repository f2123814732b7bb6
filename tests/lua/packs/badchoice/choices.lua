cairn.choice { name = "fine", key = "f", action = "none" }
cairn.choice { name = "typo", key = "t", acton = "none" }
cairn.choice { name = "numeric", key = 5, action = "none" }
cairn.choice { name = "taken", key = "f", action = "none" }
cairn.choice { name = "leap", key = "L", action = "jump" }
cairn.choice { name = "moving", key = "k", action = "none" }
cairn.choice { name = "both", key = "B", action = "none", perform = function() end }
cairn.choice { name = "kind", key = "K", perform = function() end, prompts = { { name = "t", kind = "slect" } } }
cairn.choice { name = "field", key = "F", perform = function() end, prompts = { { name = "t", kind = "select", amog = "cell" } } } -- luacheck: no max line length
cairn.choice { name = "among", key = "A", perform = function() end, target = { among = "cells" } }
