-- Work content causes outside the Lua instructions the budget counts - in coroutines, in C
-- functions, in the world - is still charged, and what the world allocates meets the same
-- memory ceiling. Each overrun is a clear error, and the runtime goes on.

cairn.status { name = "meddler", apply = function(e) cairn.world():step() end }
cairn.entity { name = "target", glyph = "t", decorators = { "Statused" } }

test("fresh coroutines cannot hide work from the budget", function()
  local function burst() local x = 0; for i = 1, 300 do x = x + i end; return x end
  expect.limit(function()
    while true do coroutine.resume(coroutine.create(burst)) end
  end, "instruction budget")
  expect.limit(function()
    while true do coroutine.wrap(burst)() end
  end, "instruction budget")
end)

test("a coroutine stopped by the budget is never closed, so its __close cannot spin unbudgeted", function()
  local co = coroutine.create(function()
    local x <close> = setmetatable({}, { __close = function() while true do end end }) -- luacheck: ignore x
    while true do end
  end)
  expect.limit(function() coroutine.resume(co) end, "instruction budget")
  local ok, err = coroutine.close(co)
  expect.falsy(ok)
  expect.truthy(err:find("not closed", 1, true), err)
end)

test("w:step(n) is charged per beat: stepping without end is stopped", function()
  local w = scenario { map = "@" }
  expect.limit(function() w:step(math.maxinteger) end, "instruction budget")
  w:step() -- and the world steps on
end)

test("next and pairs are charged by the size of the table they walk", function()
  local t = {}
  for i = 1, 10000 do t["k" .. i] = i end
  expect.limit(function() for _ in next, t do end end, "instruction budget")
  expect.limit(function() while true do for _ in pairs(t) do break end end end, -- luacheck: ignore 512
    "instruction budget")
end)

test("string.rep and friends are charged by the bytes they make or read", function()
  local s = string.rep("x", 1 << 20)
  expect.limit(function() while true do local _ = s:upper() end end, "instruction budget")
end)

test("a world too big for the memory limit is refused, and so are coordinates no grid has", function()
  local rows = {}
  for y = 1, 4096 do rows[y] = "." end
  rows[1] = string.rep(".", 4096)
  expect.error(function() scenario { map = table.concat(rows, "\n") } end,
    "does not fit the memory limit")
  local w = scenario { map = "@" }
  expect.error(function() return w:at(1 << 32, 0) end, "out of range")
  expect.error(function() w:at(0, 0):displace((1 << 32) + 1, 0) end, "out of range")
end)

test("a status's apply cannot step the world, whose events its handles point at", function()
  local w = scenario { map = "t" }
  expect.error(function() w:at(0, 0):apply("meddler", 1) end, "w:step cannot run inside")
  w:step()
end)

test("an event handle kept past its beat says so when printed, reading nothing", function()
  local w = scenario { map = "@" }
  w:step()
  local ev = w:at(0, 0).last
  expect.eq(tostring(ev), "enclosing event")
  w:step()
  expect.eq(tostring(ev), "event (ended)")
  scenario { map = "@" }
  expect.eq(tostring(ev), "event (ended)")
end)
