-- Content errors: a handler failing mid-beat stops that beat with a message naming the file,
-- the line, the beat and the phase, keeps what happened before it, and the next beat runs
-- whole; bad definitions are reported when scenario{} compiles them, with "did you mean".

local armed = false -- the next act_check of a gremlin fails, once

cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "gremlin", glyph = "g", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "west" }, { action = "move", movs = "west" } },
  handlers = { act_check = function(ev)
    if armed then
      armed = false
      error("the gremlin's check broke") -- FAIL_LINE
    end
  end } }
local FAIL_LINE = 13 -- the line of the error() above

test("a handler failing mid-beat stops w:step() with its file, line, beat and phase", function()
  armed = true
  local w = scenario { map = [[
    ########
    #@...g.#
    ########
  ]] }
  local p = w:at(1, 1)
  p:input("move", "e")
  local err = expect.error(function() w:step() end, "the gremlin's check broke")
  expect.truthy(err:find("scenario:errors.lua:" .. FAIL_LINE .. ": the gremlin's check broke", 1, true),
    "the handler's place: " .. err)
  expect.truthy(err:find("beat 1 stopped in phase 'reals'", 1, true), "which beat and phase: " .. err)
  expect.truthy(err:find("stack traceback:", 1, true), "with a traceback")
  expect.eq(w.phase, "outside", "the world is left between beats")
end)

test("what happened before the failure stays; the next w:step() runs a whole beat", function()
  armed = true
  local w = scenario { map = [[
    ########
    #@...g.#
    ########
  ]] }
  local p, g = w:at(1, 1), w:at(5, 1)
  p:input("move", "e")
  expect.error(function() w:step() end, "beat 1 stopped in phase 'reals'")
  expect.map(w, [[
    ########
    #.@..g.#
    ########
  ]], "the player's move in phase players stayed; the gremlin never moved")
  expect.eq(g.step, 1, "no tick ran: the gremlin's step did not advance")
  local kinds = {}
  for _, c in ipairs(w:history()) do kinds[#kinds + 1] = c.kind .. "/" .. c.phase end
  expect.eq(kinds, { "moved/players", "turned/players" },
    "the failed beat's history up to the failure")

  p:input("move", "e")
  w:step()
  expect.eq(w.beat, 2)
  expect.map(w, [[
    ########
    #..@g..#
    ########
  ]], "beat 2: both moved")
  expect.eq(g.step, 2, "and ticked")
  kinds = {}
  for _, c in ipairs(w:history()) do kinds[#kinds + 1] = c.kind .. "/" .. c.phase end
  expect.eq(kinds, { "moved/players", "moved/reals", "turned/reals", "step/tick" },
    "the player faces east already; the gremlin turns to move west")
end)

local start_fails = false
cairn.handler { chain = "beat_start", fn = function(ev)
  if start_fails then
    start_fails = false
    error("no start in beat " .. ev.beat)
  end
end }

test("a failure in beat_start stops the beat before anything acts", function()
  start_fails = true
  local w = scenario { map = [[
    #####
    #@.g#
    #####
  ]] }
  local p = w:at(1, 1)
  p:input("move", "e")
  local err = expect.error(function() w:step() end, "no start in beat 1")
  expect.truthy(err:find("beat 1 stopped in phase 'start'", 1, true), err)
  expect.eq(#w:history(), 0, "nothing happened")
  p:input("move", "e")
  w:step()
  expect.eq({ w.beat, p.x }, { 2, 2 })
end)

test("a failure in phase players stops the beat before the reals act", function()
  local fail = true
  local w = scenario { map = [[
    #####
    #@.g#
    #####
  ]] }
  local p = w:at(1, 1)
  local hooked = p:hook("act_check", function()
    if fail then
      fail = false
      error("player check refused")
    end
  end)
  p:input("move", "e")
  local err = expect.error(function() w:step() end, "player check refused")
  expect.truthy(err:find("beat 1 stopped in phase 'players'", 1, true), err)
  expect.eq(p.x, 1)
  expect.eq(w:at(3, 1).x, 3, "the reals phase never came")
  p:unhook("act_check", hooked)
  p:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@g#
    #####
  ]], "beat 2 whole: the player moved; the gremlin was blocked by the player")
end)

cairn.entity { name = "chooser", glyph = "c", decorators = { "Moving", "Displaceable" },
  sequence = {
    { action = "move", movs = "west", decide = function(e, o) return e.data.pick end },
    { action = "none" },
  } }

test("a decide returning a bad step stops the beat in phase tick; the next beat runs", function()
  local w = scenario { map = [[
    #####
    #..c#
    #####
  ]] }
  local c = w:at(3, 1)
  c.data.pick = 7
  local err = expect.error(function() w:step() end,
    "a step's decide must return nil or a step number from 1 to 2")
  expect.truthy(err:find("beat 1 stopped in phase 'tick'", 1, true), err)
  expect.truthy(err:find("scenario:errors.lua:", 1, true), "names the decide's file: " .. err)
  expect.eq(c.x, 2, "it had moved before the tick")
  c.data.pick = "two"
  expect.error(function() w:step() end, "a step's decide must return nil or a step number")
  c.data.pick = nil
  w:step()
  expect.eq({ c.x, c.step }, { 1, 2 }, "a good beat again")
end)

cairn.movs { name = "lost", fn = function() return { "up" } end }
cairn.entity { name = "lost", glyph = "l", decorators = { "Moving" },
  sequence = { { action = "move", movs = "lost" } } }

test("a movs returning a bad direction stops the beat, saying what a movs must return", function()
  local w = scenario { map = "l" }
  expect.error(function() w:step() end, "a movs returns directions (n, ne, e, se, s, sw, w, nw)")
end)

cairn.movs { name = "blocked_east", fn = function() return "e", "s" end }
cairn.movs { name = "names_then_nil", fn = function() return "s", nil, "e" end }
cairn.movs { name = "lost_name", fn = function() return "s", "up" end }
cairn.entity { name = "named", glyph = "n", decorators = { "Moving" },
  sequence = { { action = "move", movs = "blocked_east" } } }
cairn.entity { name = "stopper", glyph = "t", decorators = { "Moving" },
  sequence = { { action = "move", movs = "names_then_nil" } } }
cairn.entity { name = "lost_named", glyph = "L", decorators = { "Moving" },
  sequence = { { action = "move", movs = "lost_name" } } }

test("a movs may return its directions as names rather than a list, best first", function()
  local w = scenario { map = [[
    n#
    ..
  ]] }
  w:step()
  expect.map(w, [[
    .#
    n.
  ]], "east is a wall: it went south, the second name")
end)

test("names after a nil are not directions, as in a list", function()
  local w = scenario { map = [[
    t.
    #.
  ]] }
  w:step()
  expect.map(w, [[
    t.
    #.
  ]], "south is a wall and east came after the nil")
end)

test("a bad name among the names stops the beat as a bad list does", function()
  local w = scenario { map = [[
    L
    #
  ]] }
  expect.error(function() w:step() end, "'up' is not one")
end)

cairn.movs { name = "nine", fn = function() return "n", "ne", "e", "se", "s", "sw", "w", "nw", "n" end }
cairn.movs { name = "seven", fn = function() return 7 end }
cairn.movs { name = "listed_badly", fn = function() return { "s", 7 } end }
cairn.entity { name = "nine", glyph = "9", decorators = { "Moving" },
  sequence = { { action = "move", movs = "nine" } } }
cairn.entity { name = "seven", glyph = "7", decorators = { "Moving" },
  sequence = { { action = "move", movs = "seven" } } }
cairn.entity { name = "listed_badly", glyph = "b", decorators = { "Moving" },
  sequence = { { action = "move", movs = "listed_badly" } } }

-- A movs's results are checked after the call returns; what is wrong is still told as a
-- raise at the movs's own definition, with the beat stopped.
test("a bad movs result names the movs's file and what a movs must return", function()
  for glyph, said in pairs {
    ["9"] = "a movs returns at most 8 directions; this one returned more",
    ["7"] = "a movs must return a list of directions, not a number",
    b = "a movs returns directions (n, ne, e, se, s, sw, w, nw); '' is not one",
  } do
    local w = scenario { map = glyph .. "." }
    local ok, err = pcall(function() w:step() end)
    expect.falsy(ok, glyph)
    expect.truthy(err:find(said, 1, true), err)
    expect.truthy(err:find("scenario:errors.lua:", 1, true), "names the movs's file: " .. err)
  end
end)

test("an error object that is not a string is reported as such", function()
  local w = scenario { map = [[
    ####
    #@.#
    ####
  ]] }
  local p = w:at(1, 1)
  p:hook("move_check", function() error({ code = 1 }) end)
  expect.error(function() p:move("e") end, "error object is a table value")
  expect.eq(p.x, 1)
end)

test("a handler's error raised by e:move outside a beat names its line", function()
  local w = scenario { map = [[
    ####
    #@.#
    ####
  ]] }
  local p = w:at(1, 1)
  p:hook("move_get", function(ev) ev.to = "nowhere" end)
  local err = expect.error(function() p:move("e") end, "scenario:errors.lua:")
  expect.truthy(err:find("table expected", 1, true), err)
  expect.eq(p.x, 1)
end)

cairn.status { name = "daze" }

test("the core's errors reach content in plain words: no C status, no C function", function()
  local p = scenario { map = "@." }:at(0, 0)
  local err = expect.error(function() p:remove("daze") end, "daze")
  expect.falsy(err:find("(not found)", 1, true), err)
  expect.error(function() p:unhook("act_check", 99) end,
    "has no handler 99 hooked on chain act_check (e:hook returns the id)")
  local id = p:hook("act_check", function() end)
  p:unhook("act_check", id)
  err = expect.error(function() p:unhook("act_check", id) end, "has no handler " .. id)
  expect.falsy(err:find("chain_remove", 1, true), err)
end)

-- Definitions made inside a test are compiled by the next scenario{}; problems are reported
-- there, with the place of the definition. A definition that fails to compile stays in the
-- record until it is overridden, so each test below mends what it broke.

test("a misspelt decorator name is reported at scenario{} with 'did you mean'", function()
  cairn.entity { name = "typo", glyph = "t", decorators = { "Atacking", "Moving" } }
  local err = expect.error(function() scenario { map = "t" } end, "did you mean 'Attacking'?")
  expect.truthy(err:find("the definitions do not compile", 1, true), err)
  expect.truthy(err:find("unknown decorator 'Atacking'", 1, true), err)
  expect.truthy(err:find("scenario:errors.lua:%d+: cairn.entity 'scenario:typo'"), err)
  cairn.entity { name = "typo", glyph = "t", decorators = { "Attacking", "Moving" }, override = true }
  local w = scenario { map = "t" }
  expect.truthy(w:at(0, 0):has("Attacking"), "mended by override")
end)

test("a misspelt field, stat, movs or step field is reported with 'did you mean'", function()
  cairn.entity { name = "bad1", decorater = { "Moving" } }
  expect.error(function() scenario { map = "@" } end, "unknown field 'decorater' (did you mean 'decorators'?)")
  scenario { map = "@" } -- a definition refused by its shape is not recorded: nothing to mend

  cairn.entity { name = "bad2", decorators = { "WithHP" }, stats = { hpp = 3 } }
  expect.error(function() scenario { map = "@" } end, "unknown stat 'hpp' (did you mean 'hp'?)")
  cairn.entity { name = "bad2", decorators = { "WithHP" }, stats = { hp = 3 }, override = true }

  cairn.entity { name = "bad3", decorators = { "Moving" },
    sequence = { { action = "move", movs = "basik" } } }
  expect.error(function() scenario { map = "@" } end, "unknown movs 'basik' (did you mean 'basic'?)")
  cairn.entity { name = "bad3", decorators = { "Moving" },
    sequence = { { action = "move", movs = "basic" } }, override = true }

  cairn.entity { name = "bad4", decorators = { "Moving" },
    sequence = { { action = "move", ["repeat"] = 2 } } }
  expect.error(function() scenario { map = "@" } end, "unknown field 'repeat' (did you mean 'repeats'?)")

  cairn.entity { name = "bad5", decorators = { "Moving" },
    sequence = { { action = "move", on_failure = 4 } } }
  expect.error(function() scenario { map = "@" } end, "on_failure = 4 names no step (there are 1)")
  cairn.entity { name = "bad5", decorators = { "Moving" },
    sequence = { { action = "move", on_failure = 1 } }, override = true }

  local w = scenario { map = "@" }
  expect.eq(w.width, 1, "all mended")
end)

-- A failure the core makes good: its status stays when wear_off fails, to wear off again.
local worn = {}
cairn.status { name = "sticky", wear_off = function()
  worn[#worn + 1] = "wear_off"
  if #worn == 1 then error("it will not come off") end
end }
cairn.entity { name = "newt", glyph = "N", decorators = { "Statused" } }

test("a status whose wear_off fails mid-beat stays on, and wears off at the next beat", function()
  local w = scenario { map = "N" }
  local n = w:at(0, 0)
  n:apply("sticky", 1)
  expect.error(function() w:step() end, "it will not come off")
  expect.eq(w.phase, "outside", "the world is left between beats")
  w:step()
  expect.eq(worn, { "wear_off", "wear_off" }, "wear_off ran again at the next beat")
  expect.eq(n:status("sticky"), 0, "and the status is off")
  w:step()
  expect.eq(#worn, 2, "once off, it stays off")
end)

test("defining a name twice is reported with both places", function()
  cairn.entity { name = "twice" }
  cairn.entity { name = "twice" }
  local err = expect.error(function() scenario { map = "@" } end, "is already defined at scenario:errors.lua:")
  expect.truthy(err:find("override = true", 1, true), err)
  scenario { map = "@" }
end)

test("a handler on a misspelt chain is reported with 'did you mean'", function()
  -- Last in the file: a world-level handler cannot be overridden, so it stays broken.
  cairn.handler { chain = "act_chek", fn = function() end }
  expect.error(function() scenario { map = "@" } end, "unknown chain 'act_chek' (did you mean 'act_check'?)")
end)
