-- wisp.lua: a movs written in Lua. A movs answers one question for the general algorithm:
-- "which directions should this entity try, best first?" The algorithm then tries them in
-- order until one works, waits for blockers and so on; the movs only has to rank directions.
-- It should look at the world and change nothing. It is given the entity and the cell the
-- entity stands on.

local KEEP = 3 -- the distance the wisp likes, in king moves (diagonals count as one)

cairn.movs {
  name = "keep_away",
  description = "towards the closest player until 3 cells away, away from it when closer",
  fn = function(_, x, y)
    -- the player, and the cell it stands on
    local player, px, py = cairn.world():closest_player(x, y)
    if not player then return {} end -- nobody to keep away from: stay
    local dx, dy = px - x, py - y
    local distance = math.max(math.abs(dx), math.abs(dy))
    if distance == KEEP then return {} end -- an empty list: the move fails, it stays
    local dir = cairn.dir.toward(dx, dy)
    if distance < KEEP then dir = cairn.dir.opposite(dir) end
    -- Straight first, then the directions beside it, then the square ones: when a wall is
    -- in the way the wisp slides along it instead of stopping.
    return { dir, cairn.dir.rotate(dir, 1), cairn.dir.rotate(dir, -1),
      cairn.dir.rotate(dir, 2), cairn.dir.rotate(dir, -2) }
  end,
}

cairn.entity {
  name = "wisp",
  glyph = "w",
  decorators = { "Moving", "Attackable", "WithHP", "Killable" },
  stats = { hp = 1, team = 2 },
  -- One step, every beat: move where keep_away says. A name without "pack:" is looked up
  -- in this pack first, then among the built-ins.
  sequence = { { action = "move", movs = "keep_away" } },
}
