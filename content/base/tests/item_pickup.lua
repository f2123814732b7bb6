-- Picking items up: nothing is picked up by stepping on it; the "pick up" choice takes gear
-- into its slot, and a swap leaves the old one where the new one lay, both said in the log.
-- Held items stay alive, off the grid. Monsters have no Inventory and walk over items.

local inventory = require "inventory"

-- A test-only monster that walks towards the player every beat.
cairn.entity {
  name = "test_walker",
  glyph = "w",
  decorators = { "Moving", "Displaceable", "Attackable", "WithHP", "Killable" },
  stats = { hp = 1, team = 2 },
  sequence = { { action = "move", movs = "basic" } },
}

test("stepping onto gear leaves it lying: the player walks over it", function()
  local w = scenario { legend = { D = { "player", "dagger" } }, map = [[
    ######
    #D/..#
    ######
  ]] }
  local player = w:at(1, 1)
  inventory.give(player, w:at(1, 1, "item")) -- the dagger under its feet
  local dagger, spear = inventory.held(player, "weapon"), w:at(2, 1, "item")
  player:input("move", "e")
  w:step()
  expect.eq(inventory.held(player, "weapon"), dagger, "the dagger is still held")
  expect.eq(w:at(2, 1, "item"), spear, "the spear still lies there")
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    ######
    #./@.#
    ######
  ]])
  expect.eq(inventory.held(player, "weapon"), dagger)
end)

test("pick up takes gear in hand and leaves the old one where it lay", function()
  local w = scenario { legend = { D = { "player", "dagger" } }, map = [[
    ######
    #D/(.#
    ######
  ]] }
  local player = w:at(1, 1)
  inventory.give(player, w:at(1, 1, "item"))
  local dagger, spear = inventory.held(player, "weapon"), w:at(2, 1, "item")
  player:input("move", "e")
  w:step()
  player:choose("pick_up")
  w:step()
  expect.eq(inventory.held(player, "weapon"), spear)
  expect.eq(w:at(2, 1, "item"), dagger, "the dagger lies where the spear lay")
  -- an empty slot: nothing is left behind
  local shovel = w:at(3, 1, "item")
  player:input("move", "e")
  w:step()
  player:choose("pick_up")
  w:step()
  expect.eq(inventory.held(player, "shovel"), shovel)
  expect.eq(w:at(3, 1, "item"), nil)
end)

test("a push or a bounce onto gear picks nothing up either", function()
  local w = scenario { map = [[
    #####
    #@.]#
    #####
  ]] }
  local player = w:at(1, 1)
  player:displace(3, 1) -- as a push or a trap's bounce would
  expect.eq(inventory.held(player, "body"), nil)
  expect.eq(w:at(3, 1, "item").type, "base:chainmail")
end)

test("give equips an item lying anywhere, lifting it off the grid", function()
  local w = scenario { map = [[
    ######
    #@.(.#
    ######
  ]] }
  local player, shovel = w:at(1, 1), w:at(3, 1, "item")
  expect.eq(inventory.give(player, shovel), nil, "nothing was held before")
  expect.map(w, [[
    ######
    #@...#
    ######
  ]])
  expect.eq(inventory.held(player, "shovel"), shovel)
  -- an item given while one is held swaps: the old one goes where the new one lay
  local pickaxe = w:spawn("pickaxe", 4, 1)
  expect.eq(inventory.give(player, pickaxe), shovel)
  expect.map(w, [[
    ######
    #@..(#
    ######
  ]])
  expect.eq(inventory.held(player, "shovel"), pickaxe)
end)

test("take lets go of an item, leaving it off the grid", function()
  local w = scenario { legend = { D = { "player", "dagger" } }, map = "#D#" }
  local player, dagger = w:at(1, 0), w:at(1, 0, "item")
  inventory.give(player, dagger)
  expect.eq(inventory.take(player, "weapon"), dagger)
  expect.eq(inventory.held(player, "weapon"), nil)
  expect.eq(dagger.x, nil)
  expect.falsy(dagger:is_dead())
  expect.eq(inventory.take(player, "weapon"), nil, "an empty slot gives nothing")
end)

test("only a type with an Inventory picks items up: monsters walk over them", function()
  local w = scenario { map = [[
    #######
    #@..)w#
    #######
  ]] }
  local dagger = w:at(4, 1, "item")
  w:step()
  expect.map(w, [[
    #######
    #@..w.#
    #######
  ]])
  w:step()
  expect.map(w, [[
    #######
    #@.w).#
    #######
  ]])
  expect.eq(w:at(4, 1, "item"), dagger, "the dagger is where it was")
end)
