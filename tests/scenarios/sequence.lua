-- Sequences defined in Lua, advancing in the real beat loop (w:step()): one step per beat,
-- on_failure, repeats, decide, and the enter/exit callbacks.

-- Movs that always offer one fixed direction, so a step's way does not depend on a player.
for _, d in ipairs({ "n", "e", "s", "w" }) do
  cairn.movs { name = "go_" .. d, fn = function() return { d } end }
end

-- What the callbacks saw, in order; each test clears it.
local log = {}
local function note(s) log[#log + 1] = s end

-- east, then south, then wait: three steps, back to the first after the third.
cairn.sequence { name = "hook", steps = {
  { action = "move", movs = "go_e" },
  { action = "move", movs = "go_s" },
  { action = "none" },
} }
cairn.entity { name = "hooker", glyph = "h", decorators = { "Moving", "Displaceable" },
  sequence = "hook" }

test("a three-step sequence moves its entity one step per beat and wraps after the third", function()
  local w = scenario { map = [[
    ######
    #h...#
    #....#
    #....#
    ######
  ]] }
  local h = w:at(1, 1)
  expect.eq(h.step, 1, "before any beat")
  expect.eq(h.sequence, "scenario:hook")

  w:step() -- step 1: east
  expect.map(w, [[
    ######
    #.h..#
    #....#
    #....#
    ######
  ]])
  expect.eq({ h.x, h.y, h.step }, { 2, 1, 2 }, "after beat 1")

  w:step() -- step 2: south
  expect.eq({ h.x, h.y, h.step }, { 2, 2, 3 }, "after beat 2")

  w:step() -- step 3: wait, then back to step 1
  expect.eq({ h.x, h.y, h.step }, { 2, 2, 1 }, "after beat 3")

  w:step() -- step 1 again: east
  expect.map(w, [[
    ######
    #....#
    #..h.#
    #....#
    ######
  ]])
  expect.eq(h.step, 2, "after beat 4")
end)

test("each entity of a sequence keeps its own step", function()
  local w = scenario { map = [[
    #######
    #h....#
    #.....#
    #...h.#
    #.....#
    #######
  ]] }
  local a, b = w:at(1, 1), w:at(4, 3)
  w:step()
  b.step = 3 -- only b is sent on to its third step
  w:step()
  expect.eq({ a.x, a.y, a.step }, { 2, 2, 3 }, "a walked east then south")
  expect.eq({ b.x, b.y, b.step }, { 5, 3, 1 }, "b waited in step 3 and wrapped to step 1")
end)

-- east; when blocked, to step 3 (north) instead of step 2 (south).
cairn.entity { name = "bouncer", glyph = "b", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "move", movs = "go_e", on_failure = 3 },
    { action = "move", movs = "go_s" },
    { action = "move", movs = "go_n" },
  } }

test("a step that fails goes to its on_failure step", function()
  local w = scenario { map = [[
    #####
    #...#
    #.b##
    #...#
    #####
  ]] }
  local b = w:at(2, 2)
  w:step()
  expect.map(w, [[
    #####
    #...#
    #.b##
    #...#
    #####
  ]], "the wall kept it in place")
  expect.eq(b.step, 3, "failure sent it to step 3, not 2")
  expect.falsy(b.last.success, "its action this beat failed")
  w:step()
  expect.map(w, [[
    #####
    #.b.#
    #..##
    #...#
    #####
  ]], "step 3 went north")
  expect.eq(b.step, 1, "step 3 succeeded and wrapped to step 1")
  w:step()
  expect.eq({ b.x, b.y, b.step }, { 3, 1, 2 }, "nothing east now: step 1 succeeded, on to 2")
end)

test("a failed step with no on_failure goes on as if it had succeeded", function()
  local w = scenario { map = [[
    ####
    #h##
    #..#
    ####
  ]] }
  local h = w:at(1, 1)
  w:step() -- step 1 east: blocked, no on_failure
  expect.eq({ h.x, h.y, h.step }, { 1, 1, 2 })
  w:step() -- step 2 south
  expect.eq({ h.x, h.y, h.step }, { 1, 2, 3 })
end)

-- east for three beats, then west once.
cairn.entity { name = "strider", glyph = "s", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "move", movs = "go_e", repeats = 3 },
    { action = "move", movs = "go_w" },
  } }

test("a step with repeats = 3 lasts three beats before the next step", function()
  local w = scenario { map = [[
    #######
    #s....#
    #######
  ]] }
  local s = w:at(1, 1)
  local seen = {}
  for _ = 1, 5 do
    w:step()
    seen[#seen + 1] = s.x .. ":" .. s.step
  end
  expect.eq(seen, { "2:1", "3:1", "4:2", "3:1", "4:1" })
  expect.map(w, [[
    #######
    #...s.#
    #######
  ]])
end)

test("a repeated step that fails still counts the beat", function()
  local w = scenario { map = [[
    ####
    #.s#
    ####
  ]] }
  local s = w:at(2, 1)
  w:step()
  w:step()
  expect.eq({ s.x, s.step }, { 2, 1 }, "two blocked beats of three")
  w:step()
  expect.eq({ s.x, s.step }, { 2, 2 }, "the third ends the step")
  w:step()
  expect.eq({ s.x, s.step }, { 1, 1 }, "step 2 went west")
end)

-- decide sees the outcome and chooses: after a success go to step 3, after a failure stay.
local outcomes = {}
cairn.entity { name = "chooser", glyph = "c", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "move", movs = "go_e",
      decide = function(e, o)
        outcomes[#outcomes + 1] = { step = o.step, done = o.done, success = o.success, next = o.next }
        if o.success then return 3 end
        return 1
      end },
    { action = "move", movs = "go_s" },
    { action = "move", movs = "go_w" },
  } }

test("decide receives the outcome and picks the next step", function()
  outcomes = {}
  local w = scenario { map = [[
    #####
    #c..#
    #...#
    #####
  ]] }
  local c = w:at(1, 1)
  w:step()
  expect.eq(outcomes[1], { step = 1, done = 1, success = true, next = 2 },
    "the outcome, with the step the rules would pick")
  expect.eq({ c.x, c.y, c.step }, { 2, 1, 3 }, "moved east, then decide skipped step 2")
  w:step()
  expect.eq({ c.x, c.y, c.step }, { 1, 1, 1 }, "step 3 went west and wrapped")

  -- Now blocked: decide keeps step 1, beat after beat.
  w:spawn("test:wall", 2, 1)
  w:step()
  w:step()
  expect.eq(#outcomes, 3, "step 3 has no decide")
  expect.eq(outcomes[2], { step = 1, done = 1, success = false, next = 2 })
  expect.eq(outcomes[3], { step = 1, done = 1, success = false, next = 2 },
    "going to the same step starts it afresh (done is 1 again)")
  expect.eq({ c.x, c.y, c.step }, { 1, 1, 1 })
end)

test("decide returning nil keeps the rules' choice", function()
  outcomes = {}
  cairn.entity { name = "abstainer", glyph = "a", decorators = { "Moving", "Displaceable" },
    sequence = {
      { action = "move", movs = "go_e", decide = function(e, o) note("decide " .. o.next) end },
      { action = "move", movs = "go_s" },
    } }
  log = {}
  local w = scenario { map = [[
    ####
    #a.#
    #..#
    ####
  ]] }
  local a = w:at(1, 1)
  w:step()
  expect.eq(log, { "decide 2" })
  expect.eq(a.step, 2)
  w:step()
  expect.eq({ a.x, a.y, a.step }, { 2, 2, 1 })
end)

-- Every callback says which step it ran for.
cairn.entity { name = "greeter", glyph = "g", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "move", movs = "go_e", repeats = 2,
      enter = function(e, i) note("enter " .. i .. " at x=" .. e.x) end,
      exit = function(e, i) note("exit " .. i .. " at x=" .. e.x) end },
    { action = "move", movs = "go_w", on_failure = 1,
      enter = function(e, i) note("enter " .. i .. " at x=" .. e.x) end,
      exit = function(e, i) note("exit " .. i .. " at x=" .. e.x) end },
  } }

test("enter runs before a step's first action, exit after its last", function()
  log = {}
  local w = scenario { map = [[
    ######
    #g...#
    ######
  ]] }
  local g = w:at(1, 1)
  expect.eq(log, {}, "nothing before the first beat")
  w:step()
  expect.eq(log, { "enter 1 at x=1" }, "step 1 entered before it moved; it lasts 2 beats")
  w:step()
  expect.eq(log, { "enter 1 at x=1", "exit 1 at x=3", "enter 2 at x=3" })
  log = {}
  w:step()
  expect.eq(log, { "exit 2 at x=2", "enter 1 at x=2" }, "step 2 moved west, then wrapped")
  expect.eq(g.step, 1)
end)

-- One step, leading back to itself: the rules never change its step.
cairn.entity { name = "sentry", glyph = "y", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "none",
      enter = function(e, i) note("enter " .. i) end,
      exit = function(e, i) note("exit " .. i) end },
  } }

test("a one-step sequence going round is entered once and never left", function()
  log = {}
  local w = scenario { map = [[
    #####
    #y..#
    #####
  ]] }
  w:step(3)
  expect.eq(log, { "enter 1" }, "only a change of step runs exit and enter")
end)

test("the history records each change of step", function()
  local w = scenario { map = [[
    ######
    #h...#
    #....#
    ######
  ]] }
  local h = w:at(1, 1)
  w:step()
  local steps = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "step" then steps[#steps + 1] = { c.entity == h, c.phase } end
  end
  expect.eq(steps, { { true, "tick" } }, "one step change, in the tick phase")
end)

test("the history numbers steps as e.step does", function()
  local w = scenario { map = "######\n#h...#\n#....#\n######" }
  w:step()
  local seen = 0
  for _, c in ipairs(w:history()) do
    if c.kind == "step" then
      expect.eq({ c.amount, c.value }, { 1, 2 })
      seen = seen + 1
    end
  end
  expect.eq(seen, 1)
end)

test("e.step refuses a step the sequence does not have", function()
  local w = scenario { map = [[
    ######
    #h...#
    ######
  ]] }
  local h = w:at(1, 1)
  expect.error(function() h.step = 4 end, "stat 'step' must be an integer from 1 to 3, not 4")
  expect.error(function() h.step = 0 end, "from 1 to 3")
  expect.eq(h.step, 1, "unchanged")
  h.step = 3
  w:step()
  expect.eq({ h.x, h.step }, { 1, 1 }, "step 3 waited, then wrapped")
end)

test("setting e.sequence switches to another sequence at its first step", function()
  log = {}
  local w = scenario { map = [[
    ######
    #g...#
    #h...#
    ######
  ]] }
  local g = w:at(1, 1)
  w:step()
  expect.eq(g.x, 2)
  g.sequence = "hook"
  expect.eq({ g.sequence, g.step }, { "scenario:hook", 1 })
  w:step()
  expect.eq({ g.x, g.y, g.step }, { 3, 1, 2 }, "it follows hook's step 1 (east)")
end)
