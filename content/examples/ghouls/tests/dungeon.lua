-- The ghouls pack, played as `cairn sim --pack content/examples/ghouls` plays it: the base
-- game, over seeds, with this pack's additions.

local SEEDS = 20

local function count(w, type)
  return #w:entities(type)
end

test("ghouls haunt the first floor of some games, and every floor has a grave", function()
  local games_with_ghouls = 0
  for seed = 1, SEEDS do
    local g = game("dungeon", { seed = seed })
    if count(g.world, "ghouls:ghoul") > 0 then games_with_ghouls = games_with_ghouls + 1 end
    expect.eq(count(g.world, "ghouls:grave"), 1, "graves on floor 1 of seed " .. seed)
  end
  -- 3 in 11 of the draws on floor 1, 4 draws a floor: nearly every game has one.
  expect.truthy(games_with_ghouls >= SEEDS // 2, games_with_ghouls .. " games had a ghoul")
end)

test("the player starts with base's kit and a healing potion in its bag", function()
  local inventory = require "base:inventory"
  local g = game("dungeon", { seed = 1 })
  local p = g.world:players()[1]
  expect.eq(inventory.summary(p), { "dagger", "shovel", "healing potion" })
end)

test("one seed makes the same floor with the pack loaded", function()
  local a = game("dungeon", { seed = 7 }).world:checksum()
  local b = game("dungeon", { seed = 7 }).world:checksum()
  expect.eq(a, b)
end)
