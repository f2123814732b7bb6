-- duo.lua: the base dungeon for two. Each hero is a player entity, and each player is a seat
-- of the session: `cairn play --pack duo` asks each seat for its move in turn (the header
-- says whose: "Seat 2/2"), and `cairn sim --pack duo --bot explorer --bot 2=cautious` lets a
-- bot play each.
local dungeon = require "base:dungeon"

dungeon.set_heroes(2)
