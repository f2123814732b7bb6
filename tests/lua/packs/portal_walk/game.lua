-- game.lua: one floor, two parts with no way between them but portals. A corridor, from
-- (1, 1) to (8, 1), looped on itself (east out of its end is its start); from its start's
-- north edge a portal leads into a room below, from the south. The bot walks east through
-- the loop, then takes the door, then walks in the room. Nothing is left to chance.

cairn.game {
  name = "loop",
  description = "A looped corridor and a door through a wall.",
  width = 12,
  height = 8,
  floors = 1,
  sight = 0, -- no limit: the map shows the whole view

  generate = function(w, _, _, players)
    for y = 0, 7 do
      for x = 0, 11 do
        local corridor = y == 1 and x >= 1 and x <= 8
        local room = y >= 4 and y <= 6 and x >= 2 and x <= 9
        if not corridor and not room then w:spawn("base:wall", x, y) end
      end
    end
    w:portal(8, 1, "e", 1, 1, "w")
    w:portal(3, 1, "n", 5, 6, "s")
    local p = players[1]
    if p then p:place(1, 1) else w:spawn("base:player", 1, 1) end
    w:spawn("base:skeleton", 9, 4)
  end,
}

-- Ten steps east (round the loop, back to (3, 1)), then north through the door - arriving at
-- (5, 6) - and on north, then east in the room.
cairn.bot {
  name = "walker",
  decide = function(mem)
    local beat = mem.beat or 0
    if beat < 10 then return "move", "e" end
    if beat < 12 then return "move", "n" end
    return "move", "e"
  end,
}
