-- Library calls that never returned: their work is in C, where Lua counts no instructions.
-- Each is charged by the work its arguments ask for before it starts, and a test's budget
-- stops it at its line.

local function expect_stopped_at(line, fn)
  local msg = expect.limit(fn, "instruction budget exceeded")
  expect.truthy(msg:find("^scenario:library_hangs%.lua:" .. line .. ": "), msg)
end

test("table.move of 2^40 items is stopped", function()
  expect_stopped_at(11, function() table.move({}, 1, 1 << 40, 1) end)
end, { budget = 4000000 })

test("string.rep of the empty string math.maxinteger times is stopped", function()
  expect_stopped_at(15, function() string.rep("", math.maxinteger) end)
  expect_stopped_at(16, function() return (""):rep(math.maxinteger, "") end)
end, { budget = 4000000 })

test("table.insert into a list whose __len says it is huge is stopped", function()
  local t = setmetatable({}, { __len = function() return math.maxinteger - 1 end })
  expect_stopped_at(21, function() table.insert(t, 1, true) end)
end, { budget = 4000000 })

test("load with a reader that never ends is stopped, not caught by load", function()
  expect_stopped_at(25, function() load(function() return string.rep(" ", 1 << 20) end) end)
end, { budget = 4000000 })
