-- e.priority after an entity is made: the beat order (phase, higher priority first, then
-- spawn order) follows it from the next beat, whether it was set between beats or during one.

local order = {}
cairn.entity { name = "imp", glyph = "i", decorators = { "Moving" }, data = { tag = "" },
  sequence = { { action = "move", movs = "none" } },
  handlers = { act_check = function(ev) order[#order + 1] = ev.actor.data.tag end } }

local at_end -- run by beat_end once, when set
cairn.handler { chain = "beat_end", fn = function() if at_end then at_end() end end }

local function imps()
  local w = scenario { map = "iii" }
  local a, b, c = w:at(0, 0), w:at(1, 0), w:at(2, 0)
  a.data.tag, b.data.tag, c.data.tag = "a", "b", "c"
  return w, a, b, c
end

local function beat(w)
  order = {}
  w:step()
  return table.concat(order)
end

test("priority set between beats orders the next beat", function()
  local w, a, b, c = imps()
  expect.eq(beat(w), "abc", "equal priorities: spawn order")
  c.priority = 5
  expect.eq(c.priority, 5)
  expect.eq(beat(w), "cab")
  a.priority = -1
  b.priority = 5
  expect.eq(beat(w), "bca", "equal priorities among themselves keep spawn order")
end)

test("priority set during a beat counts from the next beat", function()
  local w, a, _, c = imps()
  a:hook("act_check", function() c.priority = 9 end)
  expect.eq(beat(w), "abc", "the beat under way keeps its order")
  expect.eq(beat(w), "cab", "the next beat follows the change")
end)

test("priority set in beat_end, after the beat's order is settled, counts from the next", function()
  local w, _, b = imps()
  at_end = function() b.priority = 3; at_end = nil end
  expect.eq(beat(w), "abc")
  expect.eq(beat(w), "bac")
end)

test("a priority change is kept by a snapshot and the world put back", function()
  local w, _, _, c = imps()
  c.priority = 2
  local snap = w:snapshot()
  c.priority = 0
  w:restore(snap)
  expect.eq(c.priority, 2)
  expect.eq(beat(w), "cab")
end)

test("e.spawn_order is the order entities were made in, a slot used again or not", function()
  local w, a, b, c = imps()
  expect.truthy(a.spawn_order < b.spawn_order and b.spawn_order < c.spawn_order)
  a:kill()
  w:step()
  local d = w:spawn("imp", 0, 0)
  expect.truthy(d.spawn_order > c.spawn_order, "the newest is the latest")
end)
