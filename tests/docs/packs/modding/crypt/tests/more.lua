-- Runs the choices of docs/modding.md that its own tests do not reach.
test("a charge attacks or moves the way it is told", function()
  local w = scenario { map = "#@..g#" }
  local player = w:at(1, 0)
  player:choose("charge", { target = "e" })
  w:step()
  expect.eq(player.x, 2)
end)

test("a javelin hits a ghoul at a range", function()
  local w = scenario { map = "#@..g#" }
  local player, ghoul = w:at(1, 0), w:at(4, 0)
  player:choose("javelin", { target = ghoul })
  w:step()
  expect.eq(ghoul.hp, 1)
end)
