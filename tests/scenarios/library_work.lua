-- Library calls that do seconds of work in C for a few instructions, a thousand times over:
-- each is charged by its work before doing it, so a test's budget stops the loop at its line
-- long before the work is done. The inputs are made cheaply, well within the budget.

local function expect_stopped_at(line, fn)
  local msg = expect.limit(fn, "instruction budget exceeded")
  expect.truthy(msg:find("^scenario:library_work%.lua:" .. line .. ": "), msg)
end

local function list(n)
  local t = {}
  for i = 1, n do t[i] = i end
  return t
end

local mib = ("x"):rep(1 << 10):rep(1 << 10)

test("utf8.len of 4 MiB is charged by its bytes", function()
  local s = ("\u{e9}"):rep(1 << 10):rep(1 << 11)
  expect_stopped_at(20, function() for _ = 1, 1000 do utf8.len(s) end end)
end, { budget = 4000000 })

test("table.insert at the front of 200,000 items is charged by the items it moves", function()
  local t = list(200000)
  expect_stopped_at(25, function() for _ = 1, 1000 do table.insert(t, 1, 0) end end)
end, { budget = 4000000 })

test("tonumber of a long string is charged by its bytes", function()
  local s = ("1"):rep(1 << 10):rep(1 << 10)
  expect_stopped_at(30, function() for _ = 1, 1000 do tonumber(s) end end)
end, { budget = 4000000 })

test("table.unpack is charged by the values it returns", function()
  local t = list(200000)
  expect_stopped_at(35, function() for _ = 1, 1000 do select("#", table.unpack(t)) end end)
end, { budget = 4000000 })

test("string.format is charged by the bytes it copies", function()
  expect_stopped_at(39, function() for _ = 1, 1000 do string.format("%s", mib) end end)
end, { budget = 4000000 })

test("table.concat is charged by the items and the bytes it joins", function()
  local t = {}
  for i = 1, 1000 do t[i] = ("x"):rep(1 << 10) end
  expect_stopped_at(45, function() for _ = 1, 1000 do table.concat(t) end end)
end, { budget = 4000000 })
