-- A test that hands the test library a number for a world: Lua's error is raised inside the
-- runtime's script, and must be reported at this file's line.
test("expect.map is given no world", function()
  expect.map(5, "#")
end)
