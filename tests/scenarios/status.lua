-- Statuses defined in Lua: a stun that vetoes act_check, counting down beat by beat, its
-- apply/tick/wear_off functions, and its reach (one entity, never its siblings).

local log = {}
local function note(s) log[#log + 1] = s end

cairn.status { name = "stun",
  handlers = { act_check = function(ev) ev.propagate = false end },
  apply = function(e) note("apply " .. e.type .. " " .. e:status("stun")) end,
  tick = function(e) note("tick " .. e:status("stun")) end,
  wear_off = function(e) note("wear_off " .. e:status("stun")) end,
}

cairn.movs { name = "east", fn = function() return { "e" } end }
cairn.entity { name = "imp", glyph = "i", decorators = { "Statused", "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "east" } } }

test("a stunned imp does not act until the stun wears off after 2 beats", function()
  local w = scenario { map = [[
    ########
    #i.....#
    ########
  ]] }
  local imp = w:at(1, 1)
  imp:apply("stun", 2)
  expect.eq(imp:status("stun"), 2)

  w:step()
  expect.map(w, [[
    ########
    #i.....#
    ########
  ]], "beat 1: stunned")
  expect.falsy(imp.last.check_success, "act_check was vetoed")
  expect.eq(imp:status("stun"), 1)

  w:step()
  expect.eq(imp.x, 1, "beat 2: still stunned")
  expect.eq(imp:status("stun"), 0, "and then it wore off")

  w:step()
  expect.map(w, [[
    ########
    #.i....#
    ########
  ]], "beat 3: moving again")
  expect.truthy(imp.last.check_success)
end)

test("the status's apply, tick and wear_off run at their moments", function()
  log = {}
  local w = scenario { map = [[
    ######
    #i...#
    ######
  ]] }
  local imp = w:at(1, 1)
  imp:apply("stun", 2)
  expect.eq(log, { "apply scenario:imp 2" })
  w:step()
  expect.eq(log, { "apply scenario:imp 2", "tick 2" }, "tick runs before the count goes down")
  w:step()
  expect.eq(log, { "apply scenario:imp 2", "tick 2", "tick 1", "wear_off 0" },
    "wear_off runs once the count reaches 0")
  w:step()
  expect.eq(#log, 4, "nothing more once it is gone")
end)

test("the history records the status going on and off", function()
  local w = scenario { map = [[
    ######
    #i...#
    ######
  ]] }
  local imp = w:at(1, 1)
  imp:apply("stun", 1)
  local on
  for _, c in ipairs(w:history()) do
    if c.kind == "status_on" then on = { c.entity == imp, c.status, c.amount } end
  end
  expect.eq(on, { true, "scenario:stun", 1 })
  w:step()
  local off
  for _, c in ipairs(w:history()) do
    if c.kind == "status_off" then off = { c.entity == imp, c.status, c.phase } end
  end
  expect.eq(off, { true, "scenario:stun", "tick" })
end)

test("a stun on one imp leaves its sibling of the same type alone", function()
  local w = scenario { map = [[
    #######
    #i....#
    #i....#
    #######
  ]] }
  local a, b = w:at(1, 1), w:at(1, 2)
  a:apply("stun", 3)
  w:step()
  w:step()
  expect.map(w, [[
    #######
    #i....#
    #..i..#
    #######
  ]])
  expect.eq({ a:status("stun"), b:status("stun") }, { 1, 0 })
  w:step()
  w:step()
  expect.map(w, [[
    #######
    #.i...#
    #....i#
    #######
  ]], "a wore off after 3 beats and moved in the 4th")
end)

test("applying a status again keeps the longer count and does not apply twice", function()
  log = {}
  local w = scenario { map = [[
    #####
    #i..#
    #####
  ]] }
  local imp = w:at(1, 1)
  imp:apply("stun", 3)
  imp:apply("stun", 1)
  expect.eq(imp:status("stun"), 3, "shorter: ignored")
  imp:apply("stun", 5)
  expect.eq(imp:status("stun"), 5, "longer: extends")
  expect.eq(log, { "apply scenario:imp 3" }, "apply ran once")
end)

test("e:remove wears a status off at once, unhooking its handler", function()
  log = {}
  local w = scenario { map = [[
    #####
    #i..#
    #####
  ]] }
  local imp = w:at(1, 1)
  imp:apply("stun", 9)
  w:step()
  expect.eq(imp.x, 1)
  imp:remove("stun")
  expect.eq(imp:status("stun"), 0)
  expect.eq(log[#log], "wear_off 8")
  w:step()
  expect.eq(imp.x, 2, "free to act again")
  expect.error(function() imp:remove("stun") end, "does not have status")
end)

test("e:apply refuses an entity that is not Statused, a count below 1 and an unknown status", function()
  local w = scenario { map = [[
    ###
    #@#
    ###
  ]] }
  cairn.entity { name = "rock", glyph = "o" }
  local p = w:at(1, 1)
  p:apply("stun", 1) -- the test player is Statused
  expect.eq(p:status("stun"), 1)
  local w2 = scenario { map = "o" }
  expect.error(function() w2:at(0, 0):apply("stun", 1) end, "is not Statused")
  expect.error(function() w2:at(0, 0):apply("stun", 0) end, "1 or more beats")
  expect.error(function() w2:at(0, 0):apply("stn", 1) end, "unknown status 'stn'")
end)

-- A status applied during a beat, by a handler: the player's hit stuns what it hits.
cairn.entity { name = "stunner", glyph = "S", decorators = { "PlayerControl", "Attacking", "Moving",
  "Displaceable" },
  handlers = { attack_do = function(ev)
    for _, t in ipairs(ev.targets) do t:apply("stun", 1) end
  end } }
cairn.entity { name = "target", glyph = "t",
  decorators = { "Statused", "Attackable", "WithHP", "Moving", "Displaceable" },
  stats = { hp = 9 }, sequence = { { action = "move", movs = "east" } } }

test("a stun applied by a hit in the players phase stops the target in that same beat", function()
  local w = scenario { map = [[
    #######
    #St...#
    #######
  ]] }
  local s, t = w:at(1, 1), w:at(2, 1)
  s:input("attack", "e")
  w:step()
  expect.eq(t.hp, 8, "hit")
  expect.eq(t.x, 2, "stunned before its turn in the reals phase")
  expect.eq(t:status("stun"), 1, "applied mid-beat, its count starts with the next beat")
  -- Surprise (reported): a 1-beat stun applied mid-beat costs the target two actions, this
  -- beat's (its handler is hooked at once) and the next one's (its count starts next beat).
  w:step()
  expect.eq(t.x, 2, "still stunned in beat 2")
  expect.eq(t:status("stun"), 0)
  w:step()
  expect.eq(t.x, 3, "moving in beat 3")
end)

test("a status's handlers are given in `handlers`; the old `hooks` says so", function()
  cairn.status { name = "daze", hooks = { act_check = function(ev) ev.propagate = false end } }
  expect.error(function() scenario { map = "i" } end,
    "cairn.status: unknown field 'hooks': write 'handlers'")
  scenario { map = "i" }
end)
