test("a stone stays put", function()
  local w = scenario { map = "@.o" }
  w:step(3)
  expect.map(w, "@.o")
end)

test("a stone is a wall", function()
  local w = scenario { map = "o" }
  expect.eq(w:at(0, 0, "wall").type, "passing:stone")
end)
