-- tally.lua: watchers on the world's chains. A cairn.handler without `entity` hooks the
-- world-level chain: entity_died sees every death, whoever died and whatever killed it;
-- beat_end runs once at the end of every beat, after the dead were removed.
--
-- The record is kept in an entity's e.data (the altar's), not in a Lua variable: e.data is
-- saved with the world and starts afresh with each world, a local here would do neither.

-- The altar: an entity that does nothing but hold the record. Its layer is floor, so it
-- shares a cell with whatever stands on it.
cairn.entity {
  name = "altar",
  glyph = "_",
  layer = "floor",
  data = {
    deaths = 0,    -- every death
    by_type = {},  -- type name -> deaths
    beats = 0,     -- beats watched
    calm = 0,      -- beats in a row without a death
    seen = 0,      -- deaths at the end of the last beat
  },
}

local function altar()
  -- A world handler has no entity of its own: find the one that keeps the record.
  return cairn.world():entities("altar")[1]
end

cairn.handler {
  chain = "entity_died",
  fn = function(ev)
    local a = altar()
    if not a then return end
    local d = a.data
    d.deaths = d.deaths + 1
    -- The dead entity is still readable until the end of its beat.
    local kind = ev.entity.type
    d.by_type[kind] = (d.by_type[kind] or 0) + 1
  end,
}

cairn.handler {
  chain = "beat_end",
  fn = function(ev)
    local a = altar()
    if not a then return end
    local d = a.data
    d.beats = d.beats + 1
    d.calm = d.deaths == d.seen and d.calm + 1 or 0
    d.seen = d.deaths
  end,
}
