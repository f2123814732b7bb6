-- What other packs call to extend the dungeon (dungeon.add_enemy and the rest): they change
-- what floors hold, and refuse what they cannot use with a message at the caller's line.
-- The ghouls example pack (content/examples/ghouls) plays them in a whole game.

local dungeon = require "dungeon"

local EMPTY = (string.rep(".", 48) .. "\n"):rep(18)

cairn.entity { name = "newt", glyph = "N", layer = "real" }
cairn.entity { name = "relic", glyph = "R", layer = "item", data = { slot = "weapon", damage = 3 } }
cairn.entity { name = "salve", glyph = "S", layer = "item", data = { use = "drink", heal = 1 } }
cairn.entity { name = "shrine", glyph = "H", layer = "floor" }

test("added types fill the floors, counts are set, hooks place things", function()
  -- Pools of only the new types: every draw is one of them.
  for _, f in ipairs(dungeon.FLOORS) do
    f.enemy_pool, f.item_pool, f.consumable_pool = {}, {}, {}
  end
  dungeon.add_enemy { type = "newt", weight = 2 }
  dungeon.add_item { type = "relic", floors = { 1 } }
  dungeon.add_consumable { type = "salve", floors = { 1 } }
  dungeon.set_counts { floors = { 1 }, enemies = 2, items = 1, consumables = 1, crates = 0 }
  local seen = {}
  dungeon.on_floor(function(w, floor, level)
    seen[#seen + 1] = floor
    expect.truthy(level.place("shrine"), "a free cell for the shrine")
    expect.eq(#w:entities("shrine"), 1)
  end)
  local w = scenario { map = EMPTY, seed = 3 }
  dungeon.generate(w, 1, 3, {})
  expect.eq(#w:entities("newt"), 2)
  expect.eq(#w:entities("relic"), 1)
  expect.eq(#w:entities("salve"), 1)
  expect.eq(#w:entities("crate"), 0)
  expect.eq(seen, { 1 })
end)

test("a kit may be read and replaced", function()
  expect.eq(dungeon.kit(), { "dagger", "shovel" })
  dungeon.set_kit { "spear", "healing_potion" }
  local g = game("dungeon", { seed = 1 })
  local inventory = require "inventory"
  expect.eq(inventory.summary(g.world:players()[1]), { "spear", "healing potion" })
end)

test("what cannot be used is refused, naming the mistake", function()
  expect.error(function() dungeon.add_enemy("newt") end, "dungeon.add_enemy takes")
  expect.error(function() dungeon.add_enemy { type = "newt", weight = 0.5 } end,
    "weight must be a whole number")
  expect.error(function() dungeon.add_item { type = "relic", floors = { 9 } } end,
    "floor 9 is not one of 1 to 3")
  expect.error(function() dungeon.set_counts { enemys = 3 } end,
    "unknown count 'enemys'")
  expect.error(function() dungeon.on_floor("shrine") end, "dungeon.on_floor takes a function")
  expect.error(function() dungeon.set_kit { "dagger", 3 } end, "entry 2 is not a type name")
  -- The message is placed at the line of the call, not inside dungeon.lua.
  for _, call in ipairs {
    function() dungeon.add_consumable { type = "salve", weight = 0 } end,
    function() dungeon.add_consumable { type = "salve", floors = { 0 } } end,
    function() dungeon.set_counts { floors = {} } end,
  } do
    local err = expect.error(call)
    expect.truthy(err:find("^base:tests/dungeon_extend.lua:"), err)
  end
end)

-- A hook's error is raised as a game makes its floor, far from the hook: it names the line
-- that added the hook (the line below is this file's 71) and the floor. (Hooks stay for the
-- rest of the file: this test is its last.)
test("an on_floor hook's error names the line that added the hook, and the floor", function()
  dungeon.on_floor(function(_, _, level) level.place("no_such_thing") end)
  local w = scenario { map = EMPTY, seed = 3 }
  local err = expect.error(function() dungeon.generate(w, 1, 3, {}) end)
  expect.truthy(err:find("^base:tests/dungeon_extend.lua:71: a dungeon.on_floor hook failed " ..
    "on floor 1: base:tests/dungeon_extend.lua:71: level.place: unknown entity type " ..
    "'no_such_thing'"), err)
  err = expect.error(function() game("dungeon", { seed = 1 }) end)
  expect.truthy(err:find("base:tests/dungeon_extend.lua:71: a dungeon.on_floor hook failed " ..
    "on floor 1", 1, true), err)
end)
