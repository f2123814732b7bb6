-- Plans a walk: w:schedule plays it out on a copy of the world - every beat, every enemy's
-- answer - and puts the world back. The walk is worth taking when it gets all the way there
-- with no hp lost; the schedule then says how many beats it takes and where everyone ends up.
local plan = {}

-- The schedule of a walk from the actor to the cell, or nil and why it is not safe.
function plan.safe_walk(w, actor, x, y)
  local s = w:schedule(actor, "move", { x = x, y = y })
  if s.stopped then return nil, s.stopped end
  return s
end

-- The cells the walk goes through, in order, from the timeline's moves of the actor.
function plan.trail(s, actor)
  local cells = {}
  for _, c in ipairs(s.timeline) do
    if c.kind == "moved" and c.entity == actor then cells[#cells + 1] = c.to.x .. "," .. c.to.y end
  end
  return table.concat(cells, " ")
end

return plan
