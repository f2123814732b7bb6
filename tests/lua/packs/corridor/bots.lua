cairn.bot { name = "east", decide = function() return "move", "e" end }
cairn.bot { name = "idle", decide = function() return nil end }
cairn.bot { name = "quitter", decide = function(mem, w, p) p:hurt(p.hp) end }
cairn.bot { name = "broken", decide = function(mem) return mem.nothing.here end }
cairn.bot { name = "confused", decide = function() return "fly", "up" end }
