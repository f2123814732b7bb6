-- The bag (inventory.lua): nothing is picked up by walking over it, only on purpose; the bag
-- holds BAG_SIZE items, by id; a bag item is dropped underfoot, and gear in the bag is
-- equipped, the item held before going to the bag.

local inventory = require "inventory"

-- A new item of `kind`, off the grid (spawned in the corner, then lifted).
local function new(w, kind)
  local item = w:spawn(kind, 0, 0)
  item:lift()
  return item
end

test("walking over consumables and gear leaves them", function()
  local w = scenario { map = [[
    ######
    #@!-)#
    ######
  ]] }
  local p = w:at(1, 1)
  for _ = 1, 3 do
    p:input("move", "e")
    w:step()
  end
  expect.map(w, [[
    ######
    #.!-@#
    ######
  ]])
  expect.eq(inventory.bag(p), {}, "nothing went in the bag")
  expect.eq(inventory.held(p, "weapon"), nil, "nor in a slot")
  expect.eq(w:at(4, 1, "item").type, "base:dagger")
end)

test("pick_up puts the item underfoot in the bag, by id, off the grid", function()
  local w = scenario { legend = { P = { "player", "healing_potion" } }, map = [[
    #####
    #P-.#
    #####
  ]] }
  local p, potion, dagger = w:at(1, 1), w:at(1, 1, "item"), w:at(2, 1, "item")
  expect.eq({ inventory.pick_up(p, dagger) }, { false, "it is not underfoot" })
  expect.truthy(inventory.pick_up(p, potion))
  expect.eq(p.data.bag, { potion.id })
  expect.eq(potion.x, nil, "a bagged item is off the grid")
  expect.falsy(potion:is_dead(), "and alive")
  expect.eq(w:at(1, 1, "item"), nil)
  p:input("move", "e")
  w:step()
  expect.truthy(inventory.pick_up(p, dagger))
  expect.eq(inventory.bag(p), { potion, dagger }, "oldest first")
end)

test("the bag holds BAG_SIZE items", function()
  local w = scenario { legend = { P = { "player", "bomb" } }, map = "#P#" }
  local p = w:at(1, 0)
  for _ = 1, inventory.BAG_SIZE do
    expect.truthy(inventory.bag_add(p, new(w, "healing_potion")))
  end
  expect.eq(#inventory.bag(p), 8)
  expect.eq({ inventory.pick_up(p, w:at(1, 0, "item")) }, { false, "the bag is full" })
  expect.truthy(w:at(1, 0, "item"), "the bomb still lies there")
  expect.truthy(inventory.bag_remove(p, inventory.bag(p)[1]))
  expect.truthy(inventory.pick_up(p, w:at(1, 0, "item")))
  expect.eq(inventory.bag(p)[8].type, "base:bomb")
end)

test("drop puts a bag item down underfoot, when nothing lies there", function()
  local w = scenario { map = [[
    #####
    #@.!#
    #####
  ]] }
  local p = w:at(1, 1)
  local bomb = w:spawn("bomb", 1, 1)
  inventory.pick_up(p, bomb)
  expect.truthy(inventory.drop(p, bomb))
  expect.eq(w:at(1, 1, "item"), bomb)
  expect.eq(inventory.bag(p), {})
  expect.eq({ inventory.drop(p, bomb) }, { false, "it is not in the bag" })
  inventory.pick_up(p, bomb)
  p:input("move", "e")
  w:step()
  p:input("move", "e")
  w:step()
  expect.eq({ inventory.drop(p, bomb) }, { false, "something lies here already" })
  expect.eq(inventory.bag(p), { bomb }, "a refused drop keeps it")
end)

test("equip takes gear from the bag; the item held before goes to the bag", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  local dagger, spear = new(w, "dagger"), new(w, "spear")
  inventory.give(p, dagger)
  inventory.bag_add(p, spear)
  local potion = new(w, "healing_potion")
  inventory.bag_add(p, potion)
  expect.eq({ inventory.equip(p, potion) }, { false, "it goes in no slot" })
  expect.truthy(inventory.equip(p, spear))
  expect.eq(inventory.held(p, "weapon"), spear)
  expect.eq(inventory.bag(p), { potion, dagger })
  expect.eq(dagger.x, nil, "the dagger stays off the grid")
  -- and with nothing held, the bag just gets smaller
  local pickaxe = new(w, "pickaxe")
  inventory.bag_add(p, pickaxe)
  expect.truthy(inventory.equip(p, pickaxe))
  expect.eq(inventory.bag(p), { potion, dagger })
  expect.eq(inventory.held(p, "shovel"), pickaxe)
end)

test("equip swaps with a full bag", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  inventory.give(p, new(w, "dagger"))
  for _ = 1, inventory.BAG_SIZE - 1 do inventory.bag_add(p, new(w, "bomb")) end
  local spear = new(w, "spear")
  inventory.bag_add(p, spear)
  expect.truthy(inventory.equip(p, spear))
  expect.eq(inventory.held(p, "weapon"), spear)
  expect.eq(inventory.bag(p)[inventory.BAG_SIZE].type, "base:dagger")
end)

test("summary: the held items, then the bag's, alike ones counted", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  expect.eq(inventory.summary(p), {})
  inventory.give(p, new(w, "dagger"))
  inventory.give(p, new(w, "chainmail"))
  for _, kind in ipairs({ "bomb", "healing_potion", "bomb", "throwing_dagger" }) do
    inventory.bag_add(p, new(w, kind))
  end
  expect.eq(inventory.summary(p),
    { "dagger", "chainmail", "bomb x2", "healing potion", "throwing dagger" })
end)
