-- A planned walk: past the sentry it is refused (the sentry would strike), round it it is
-- taken; its outcome applied and undone leaves the world as it was.

local plan = require "plan"

local yard = [[
  #########
  #@.....s#
  #.......#
  #.......#
  #########
]]

test("a walk past the sentry is not safe; one that keeps away is", function()
  local w = scenario { map = yard }
  local p = w:at(1, 1)
  local s, why = plan.safe_walk(w, p, 6, 2)
  expect.eq(s, nil)
  expect.eq(why, "hurt")
  s = plan.safe_walk(w, p, 4, 3)
  expect.truthy(s)
  expect.eq(s.steps, 3)
  expect.eq(plan.trail(s, p), "2,2 3,3 4,3")
  expect.eq(p.x, 1, "planning moved no one")
end)

test("the walk's outcome, applied and undone, gives back the checksum", function()
  local w = scenario { map = yard }
  local p = w:at(1, 1)
  local before = w:checksum()
  local s = plan.safe_walk(w, p, 4, 3)
  expect.eq(#s.outcome, 1, "one change of cell: the sentry stays where it is")
  w:apply(s.outcome)
  expect.eq(p.x, 4)
  w:apply(s.undo)
  expect.eq(w:checksum(), before)
end)
