-- Snapshots and previews: w:snapshot and w:restore keep and put back the whole world - cells,
-- stats, statuses, e.data and w.data - and w:preview runs a beat on it and puts it back.

cairn.status { name = "stun", handlers = { act_check = function(ev) ev.propagate = false end } }
cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "imp", glyph = "i",
  decorators = { "Statused", "Moving", "Displaceable", "WithHP", "Killable", "Attackable" },
  stats = { hp = 2, team = 2 },
  data = { steps = 0 },
  sequence = { { action = "move", movs = "west" } } }
cairn.entity { name = "gem", glyph = "*", layer = "item" }

local room = [[
  ########
  #@...i.#
  ########
]]

test("restoring a snapshot puts back cells, stats, statuses and data", function()
  local w = scenario { map = room }
  local imp = w:at(5, 1)
  imp.data.steps = 3
  imp.data.trail = { { x = 5, y = 1 }, 0.25 }
  w.data.kills = 1
  local before, sum = w:snapshot(), w:checksum()

  imp:apply("stun", 2)
  imp:hurt(1)
  imp.data.steps = 9
  w.data.kills = 5
  w:spawn("gem", 3, 1)
  w:step()
  expect.truthy(w:checksum() ~= sum)

  w:restore(before)
  expect.eq(w:checksum(), sum)
  expect.map(w, room)
  expect.eq(imp.hp, 2, "the same handle reads the entity as it was")
  expect.eq(imp:status("stun"), 0)
  expect.eq(imp.data.steps, 3)
  expect.eq(imp.data.trail[2], 0.25)
  expect.eq(w.data.kills, 1)
  expect.eq(w.beat, 0)
end)

test("a restored world plays on as the original did", function()
  local w = scenario { map = room }
  local start = w:snapshot()
  w:step(3)
  local after = w:checksum()
  w:restore(start)
  w:step(3)
  expect.eq(w:checksum(), after)
end)

test("a status's handlers come back with it", function()
  local w = scenario { map = room }
  local imp = w:at(5, 1)
  imp:apply("stun", 3)
  local stunned = w:snapshot()
  w:restore(stunned)
  w:step()
  expect.eq(imp.x, 5, "still stunned: it did not move")
  expect.eq(imp:status("stun"), 2)
end)

test("an entity made after the snapshot is gone after the restore", function()
  local w = scenario { map = room }
  local start = w:snapshot()
  local gem = w:spawn("gem", 3, 1)
  w:restore(start)
  expect.eq(w:at(3, 1, "item"), nil)
  expect.error(function() return gem.x end, "gone")
end)

test("a snapshot that is damaged or cut short is refused and nothing changes", function()
  local w = scenario { map = room }
  local good, sum = w:snapshot(), w:checksum()
  expect.error(function() w:restore(good:sub(1, 3)) end, "cut short")
  expect.error(function() w:restore(good:sub(1, #good - 2)) end, "damaged")
  expect.error(function() w:restore(good:sub(1, 4) .. "xxxx" .. good:sub(9)) end, "not a world's snapshot")
  expect.eq(w:checksum(), sum)
end)

test("the data of a snapshot is read with care: what could not have been written is refused", function()
  local w = scenario { map = room }
  local e = w:at(5, 1)
  e.data.notes = { "a", 1.5, { deep = true }, [10] = -7 }
  local good, sum = w:snapshot(), w:checksum()
  local core = good:sub(1, 4 + string.unpack("<I4", good))
  local data = good:sub(#core + 1)
  local function refused(text, says)
    expect.error(function() w:restore(core .. text) end, says)
    expect.eq(w:checksum(), sum)
  end
  refused(data .. "x", "text follows the value")
  refused(string.rep("{i1=", 300) .. "i1" .. string.rep("}", 300), "nested too deeply")
  refused("{s5:world={}s8:entities={}s5:world={}}", "a key appears twice")
  refused("{s5:world=s99999999999999999999:x}", "a string's length was expected")
  refused("{s5:world=s9999999:x}", "the text ends inside a string")
  refused("{s5:world={i99999999999999999999=true}}", "a whole number was expected")
  refused("{s5:world={f1e400x;=true}}", "a number was expected")
  refused("{s5:world={f;=true}}", "a number ending in ';' was expected")
  refused("{s5:world={{}=true}}", "a key cannot be a table or nan")
  refused("{s5:world={fnan;=true}}", "a key cannot be a table or nan")
  refused("{s5:world={i1=i2", "the text ends inside a table")
  refused("\0", "a value was expected")
  -- What was written reads back, the extremes of numbers included.
  e.data.numbers = { math.maxinteger, math.mininteger, 0.1, -0.0, 1 / 0, -1 / 0, 2 ^ 53, 0 / 0,
    -(0 / 0) }
  local before = w:snapshot()
  w:restore(good)
  w:restore(before)
  local n = w:at(5, 1).data.numbers
  expect.eq(n[1], math.maxinteger)
  expect.eq(n[2], math.mininteger)
  expect.eq(n[3], 0.1)
  expect.eq(math.type(n[4]), "float")
  expect.eq(n[5], 1 / 0)
  expect.eq(n[6], -1 / 0)
  expect.eq(n[7], 2 ^ 53)
  expect.eq(w:snapshot(), before)
end)

test("handlers hooked with e:hook cannot be kept, and say so", function()
  local w = scenario { map = room }
  w:at(5, 1):hook("act_check", function() end)
  expect.error(function() w:snapshot() end, "that no status hooked")
end)

test("a preview returns the beat's history and leaves the world as it was", function()
  local w = scenario { map = room }
  local p, imp = w:at(1, 1), w:at(5, 1)
  imp.data.steps = 1
  local sum = w:checksum()
  local history = w:preview(function() p:input("move", "e") end)
  local moved = {}
  for _, c in ipairs(history) do
    if c.kind == "moved" then moved[#moved + 1] = c.entity.type .. " to " .. c.to.x end
  end
  expect.eq(table.concat(moved, ", "), "test:player to 2, scenario:imp to 4")
  expect.eq(w:checksum(), sum)
  expect.eq(w.beat, 0)
  expect.eq(p.x, 1)
  expect.eq(imp.data.steps, 1)
end)

test("a preview that fails still leaves the world as it was", function()
  local w = scenario { map = room }
  local sum = w:checksum()
  expect.error(function() w:preview(function() error("no such plan") end) end, "no such plan")
  expect.eq(w:checksum(), sum)
  expect.limit(function() w:preview(function() while true do end end) end, "budget")
  expect.eq(w:checksum(), sum)
end)

test("snapshots and previews only between beats", function()
  local w = scenario { map = room }
  local err
  w:at(5, 1):hook("move_check", function()
    err = select(2, pcall(function() w:preview() end))
  end)
  w:step()
  expect.truthy(err and err:find("w:preview cannot run inside a handler or callback; only between beats",
    1, true), tostring(err))
end)
