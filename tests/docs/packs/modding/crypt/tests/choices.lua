-- docs/modding.md's crypt/tests/choices.lua once its offer answers the blood prompt.
test("the Worm eats what you choose, for the blood you give", function()
  local w = scenario { map = "#@.g.#" }
  local player, ghoul = w:at(1, 0), w:at(3, 0)
  player:choose("offer", { optional = true, god = "worm", victim = ghoul, blood = 2 })
  w:step()
  expect.eq(player.hp, 8)
  expect.eq(ghoul.hp, 1)
end)
