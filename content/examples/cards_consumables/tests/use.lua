-- Each item resolves its ability with its own numbers, at the target its use is given or
-- asks for; a use that does not resolve uses nothing up.

local items = require "items"

local function duel(map)
  local w = scenario { map = map }
  return w, w:players()[1]
end

test("a tonic heals its heal, and is used up", function()
  local w, h = duel("H.")
  h:hurt(6)
  local tonic = w:spawn("tonic", 1, 0)
  expect.ok(items.use(h, tonic))
  expect.eq(h.hp, 18, "healed by the tonic's 4")
  expect.truthy(tonic:is_dead())
end)

test("a fire flask hits everyone around the cell it is thrown at, for its damage", function()
  local w, h = duel("H..gg.g")
  local flask = w:spawn("fire_flask", 0, 0)
  flask:lift()
  expect.ok(items.use(h, flask, { cell = { x = 4, y = 0 } }))
  expect.eq({ w:at(3, 0).hp, w:at(4, 0).hp, w:at(6, 0).hp }, { 17, 17, 20 })
end)

test("a scroll asks its target when none is given, and the answer is the sleeper", function()
  local w, h = duel("H..g")
  local scroll = w:spawn("scroll_of_sleep", 1, 0)
  local goblin = w:at(3, 0)
  expect.ok(items.use(h, scroll, { answers = { target = goblin } }))
  expect.eq(goblin:status("asleep"), 3, "the scroll's beats")
end)

test("a use cancelled uses nothing up", function()
  local w, h = duel("H..g")
  local scroll = w:spawn("scroll_of_sleep", 1, 0)
  expect.eq({ items.use(h, scroll, { answers = { target = "!" } }) }, { false, "dropped" })
  expect.falsy(scroll:is_dead())
end)
