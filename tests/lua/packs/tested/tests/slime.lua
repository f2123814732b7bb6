test("a slime creeps towards the player", function()
  local w = scenario { map = "@...s" }
  w:step(2)
  expect.map(w, "@.s..")
end)

test("a slime is faster than it is (fails on purpose)", function()
  local w = scenario { map = "@...s" }
  w:step(1)
  expect.map(w, "@s...")
end)
