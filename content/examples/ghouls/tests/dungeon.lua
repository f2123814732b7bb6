-- The ghouls pack, played as `cairn sim --pack content/examples/ghouls` plays it: the base
-- game, over seeds, with this pack's additions.

local SEEDS = 20

test("ghouls haunt the first floor of most games, and every floor has a grave", function()
  local found = 0
  for seed = 1, SEEDS do
    local g = game("dungeon", { seed = seed })
    if #g.world:entities("ghouls:ghoul") > 0 then found = found + 1 end
    expect.eq(#g.world:entities("ghouls:grave"), 1, "graves on floor 1 of seed " .. seed)
  end
  -- 3 in 11 of floor 1's draws, 4 draws a floor: nearly every game has one.
  expect.truthy(found >= SEEDS // 2, found .. " games had a ghoul")
end)

test("the player starts with base's kit and a healing potion in its bag", function()
  local inventory = require "base:inventory"
  local g = game("dungeon", { seed = 1 })
  local p = g.world:players()[1]
  expect.eq(inventory.summary(p), { "dagger", "shovel", "healing potion" })
end)

test("the cudgel lies on deeper floors only", function()
  local dungeon = require "base:dungeon"
  expect.eq(dungeon.FLOORS[1].item_pool[#dungeon.FLOORS[1].item_pool][1], "shovel")
  expect.eq(dungeon.FLOORS[2].item_pool[#dungeon.FLOORS[2].item_pool][1], "ghouls:cudgel")
end)
