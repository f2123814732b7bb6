-- wraith.lua: portals and views. w:portal joins two cell edges: whoever steps out of one
-- comes in through the other. A view (w:view) is what an actor's surroundings look like
-- from where it stands, laid out through portals; w:plan with `view` plans in it, so a way
-- through a portal is just another way - taken when it is the shorter one.

local SIGHT = 8

cairn.movs {
  name = "haunt",
  description = "the first step of the cheapest way to the closest player, in its view",
  fn = function(e, x, y)
    local w = cairn.world()
    local player, px, py = w:closest_player(x, y)
    if not player then return {} end
    local way = w:plan(e, { budget = 2 * SIGHT, view = SIGHT }):path(px, py)
    if not way or #way == 0 then return {} end
    return { way[1].via }
  end,
}

cairn.entity {
  name = "wraith",
  glyph = "W",
  decorators = { "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 1, team = 2 },
  sequence = { { action = "attack_move", movs = "haunt" } },
}

-- A corridor from (x0, y) to (x1, y) looped on itself: east out of its end is its start.
local M = {}

function M.loop(w, x0, x1, y)
  w:portal(x1, y, "e", x0, y, "w")
end

return M
