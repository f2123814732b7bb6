-- test's budget option: a test's Lua kept within a count of its own, smaller than the
-- runtime's, so that a test can show that what it runs stays cheap.

test("a test may have a budget smaller than the runtime's", function()
  expect.limit(function()
    for _ = 1, 1000000 do end
  end, "instruction budget exceeded (20000 instructions in one call into Lua)")
end, { budget = 20000 })

test("a test's options are checked", function()
  expect.error(function() test("x", function() end, { budjet = 1 }) end,
    "test: unknown option 'budjet' (budget)")
  expect.error(function() test("x", function() end, { budget = 0.5 }) end,
    "budget is a number of instructions")
end)
