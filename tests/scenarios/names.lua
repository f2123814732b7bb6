-- Names far too long for any name: refused where they are given, with what was too long and
-- where, in a message of reasonable size, and without harm to the world or to the next
-- definitions. A name content refers to is at most 256 bytes; a name it defines, in full
-- ("pack:name"), at most 63.

local big = string.rep("x", 1 << 20)

cairn.decorator { name = "Bell", chains = { "ding" } }
cairn.status { name = "stun" }
cairn.entity { name = "imp", glyph = "i", decorators = { "Bell", "Statused", "Moving" },
  sequence = { { action = "move", movs = "basic" } } }

-- The error must say what was too long and how long it was, and stay short.
local function too_long(fn, what)
  local err = expect.error(fn, what .. " is too long: 1048576 bytes (at most 256)")
  expect.truthy(#err < 400, "a short message, not the name: " .. #err .. " bytes")
  return err
end

test("w:spawn, e:apply, e:has, e:status and e:remove refuse a name of a megabyte", function()
  local w = scenario { map = "i." }
  local e = w:at(0, 0)
  local err = too_long(function() w:spawn(big, 1, 0) end, "entity type name")
  expect.truthy(err:find("scenario:names.lua:%d+:"), "the place is given: " .. err)
  too_long(function() e:apply(big, 1) end, "status name")
  too_long(function() return e:has(big) end, "decorator name")
  too_long(function() return e:status(big) end, "status name")
  too_long(function() e:remove(big) end, "status name")
  -- and the world goes on
  w:spawn("imp", 1, 0)
  w:step()
  expect.eq(#w:entities(), 2)
end)

test("chain names: e:pass, e:pass_all, e:hook, e:unhook refuse a name of a megabyte", function()
  local w = scenario { map = "i" }
  local e = w:at(0, 0)
  too_long(function() e:pass(big) end, "chain name")
  too_long(function() e:pass_all(big) end, "chain name")
  too_long(function() e:hook(big, function() end) end, "chain name")
  too_long(function() e:unhook(big, 1) end, "chain name")
  expect.truthy(e:pass_all("ding"), "the entity's chains still work")
end)

test("a name of 257 bytes is too long, one of 256 is merely unknown", function()
  local w = scenario { map = "i" }
  local err = expect.error(function() w:spawn(string.rep("y", 257), 0, 0) end,
    "entity type name is too long: 257 bytes (at most 256)")
  expect.error(function() w:spawn(string.rep("y", 256), 0, 0) end, "unknown entity type 'yyy")
  expect.truthy(err:find("'yyyy", 1, true), "the start of the name is shown: " .. err)
end)

test("a definition with a name of a megabyte is refused where it is made, not recorded", function()
  cairn.entity { name = big, glyph = "j" }
  local err = expect.error(function() scenario { map = "i" } end,
    "cairn.entity: name is too long: 1048585 bytes (at most 63 in full, with the pack's id)")
  expect.truthy(err:find("scenario:names.lua:%d+: cairn.entity"), err)
  expect.truthy(#err < 600, "a short message: " .. #err .. " bytes")
  local w = scenario { map = "i" } -- nothing to mend: the world can be made again at once
  expect.eq(w:at(0, 0).type, "scenario:imp")
end)

test("a defined name over 63 bytes in full is refused where it is made", function()
  cairn.status { name = string.rep("s", 60) } -- 69 bytes as scenario:sss...
  expect.error(function() scenario { map = "i" } end,
    "cairn.status: name is too long: 69 bytes (at most 63 in full, with the pack's id)")
  scenario { map = "i" }
end)

test("names of a megabyte inside a definition are refused where it is made", function()
  cairn.entity { name = "e1", decorators = { big } }
  too_long(function() scenario { map = "i" } end, "cairn.entity: 'decorators' item 1")
  cairn.entity { name = "e2", decorators = { "Bell" }, handlers = { [big] = function() end } }
  too_long(function() scenario { map = "i" } end, "cairn.entity: a chain name in 'handlers'")
  cairn.entity { name = "e3", sequence = { { action = big } } }
  too_long(function() scenario { map = "i" } end, "cairn.entity: step 1: 'action'")
  cairn.status { name = "s1", handlers = { [big] = function() end } }
  too_long(function() scenario { map = "i" } end, "cairn.status: a chain name in 'handlers'")
  cairn.handler { chain = big, fn = function() end }
  too_long(function() scenario { map = "i" } end, "cairn.handler: 'chain'")
  cairn.decorator { name = "D1", chains = { big } }
  too_long(function() scenario { map = "i" } end, "cairn.decorator: 'chains' item 1")
  cairn.action { name = "a1", components = { big } }
  too_long(function() scenario { map = "i" } end, "cairn.action: 'components' item 1")
  local w = scenario { map = "i" }
  expect.eq(w.width, 1, "none of them was recorded: the world is made")
end)
