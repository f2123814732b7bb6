-- What content's functions return is checked where a wrong value would pass unseen: an
-- activate must say true or false (a string would read as success), and an algorithm
-- returns nothing (what it returned was dropped, however it was meant). Either fails the
-- beat, naming the line where the function is defined.

-- What activate returns is the entity's data.reply, so each test picks one.
cairn.decorator { name = "Shouting", data = { shouts = 0 }, activate = function(e)
  e.data.shouts = e.data.shouts + 1
  if e.data.reply == "nothing" then return end
  return e.data.reply
end }
cairn.action { name = "shout", components = { "Shouting" } }
cairn.entity { name = "crier", glyph = "c", decorators = { "Shouting" }, algo = "simple",
  sequence = { { action = "shout", movs = "none" } }, data = { reply = true } }

test("an activate returning true or false is taken at its word", function()
  local w = scenario { map = "c" }
  local c = w:at(0, 0)
  w:step()
  c.data.reply = false
  w:step()
  expect.eq(c.data.shouts, 2)
end)

test("an activate returning a string or nothing stops the beat, at its line", function()
  local w = scenario { map = "c" }
  local c = w:at(0, 0)
  c.data.reply = "blocked"
  local err = expect.error(function() w:step() end,
    "an activate returns true or false (whether the component succeeded); this one " ..
    "returned a string")
  expect.truthy(err:find("scenario:returns.lua:7:", 1, true), err)
  w = scenario { map = "c" }
  w:at(0, 0).data.reply = "nothing"
  expect.error(function() w:step() end, "this one returned nothing")
end)

-- The algorithm tries east and returns what its entity's data.reply says.
cairn.algo { name = "eastward", fn = function(ev)
  ev:attempt("e")
  local reply = ev.actor.data.reply
  if reply == "nothing" then return end
  return reply
end }
cairn.entity { name = "walker", glyph = "w", decorators = { "Moving" }, algo = "eastward",
  sequence = { { action = "move" } }, data = { reply = "nothing" } }

test("an algorithm that returns nothing, or nil, is fine", function()
  local w = scenario { map = "w.." }
  w:step()
  w:at(1, 0).data.reply = nil
  w:step()
  expect.map(w, "..w")
end)

test("an algorithm returning a value stops the beat, at its line", function()
  local w = scenario { map = "w.." }
  w:at(0, 0).data.reply = true
  local err = expect.error(function() w:step() end,
    "an algorithm returns nothing (ev:attempt settles its event, and an event not settled " ..
    "has failed); this one returned a boolean")
  expect.truthy(err:find("scenario:returns.lua:39:", 1, true), err)
end)
