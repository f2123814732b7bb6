-- Consumables (consumables.lua), through their module functions: a potion heals, a dagger is
-- thrown at someone in a clear line and lies where it fell, a bomb hits everyone around the
-- cell it is thrown at. Each is taken from the bag and used up (the dagger goes back to the
-- floor).

local consumables = require "consumables"
local inventory = require "inventory"

-- Test-only targets that stand still: 5 hp; the armoured one takes 1 off every hit.
cairn.entity {
  name = "test_dummy",
  glyph = "d",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, max_hp = 5, team = 2 },
}
cairn.entity {
  name = "test_armoured",
  glyph = "A",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, max_hp = 5, team = 2, armor = 1 },
}

-- A new item of `kind` in the player's bag.
local function carry(w, p, kind)
  local item = w:spawn(kind, p.x, p.y)
  expect.truthy(inventory.bag_add(p, item))
  return item
end

local function count(list, kind)
  local n = 0
  for _, c in ipairs(list) do
    if c.kind == kind then n = n + 1 end
  end
  return n
end

test("a healing potion gives back hp, never past max_hp, and is used up", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  local full = p.max_hp
  p:hurt(4)
  local potion = carry(w, p, "healing_potion")
  expect.truthy(consumables.drink(p, potion))
  expect.eq(p.hp, full - 4 + potion.data.heal, "healed by the potion's heal")
  expect.truthy(potion:is_dead(), "the potion is used up")
  expect.eq(inventory.bag(p), {}, "and gone from the bag")
  local second = carry(w, p, "healing_potion")
  expect.truthy(consumables.drink(p, second))
  expect.eq(p.hp, full, "the second stops at max_hp")
end)

test("only a potion in the bag can be drunk", function()
  local w = scenario { map = "#@!#" }
  local p, potion = w:at(1, 0), w:at(2, 0, "item")
  expect.eq({ consumables.drink(p, potion) }, { false, "it is not in the bag" })
  local dagger = carry(w, p, "throwing_dagger")
  expect.eq({ consumables.drink(p, dagger) }, { false, "it cannot be drunk" })
  expect.eq(inventory.bag(p), { dagger }, "a refused drink uses nothing up")
end)

test("a thrown dagger hits its target through the attack, and lies in its cell", function()
  local w = scenario { map = [[
    ########
    #@...d.#
    ########
  ]] }
  local p, dummy = w:at(1, 1), w:at(5, 1)
  local dagger = carry(w, p, "throwing_dagger")
  expect.truthy(consumables.throw_dagger(p, dagger, dummy))
  expect.eq(dummy.hp, 5 - dagger.data.damage)
  expect.eq(count(w:history(), "attacked"), 1, "the history has it as an attack")
  expect.eq(w:at(5, 1, "item"), dagger, "the dagger lies under the target")
  expect.eq(inventory.bag(p), {}, "and is out of the bag")
end)

test("armour counts against a thrown dagger", function()
  local w = scenario { map = [[
    #######
    #@..A.#
    #######
  ]] }
  local p, armoured = w:at(1, 1), w:at(4, 1)
  expect.truthy(consumables.throw_dagger(p, carry(w, p, "throwing_dagger"), armoured))
  expect.eq(armoured.hp, 4, "2 damage less 1 armour")
end)

test("a dagger that kills lies where its target stood; the kill counts", function()
  local w = scenario { map = [[
    #######
    #@..d.#
    #######
  ]] }
  local p, dummy = w:at(1, 1), w:at(4, 1)
  dummy.hp = 1
  local kills = w.data.kills or 0
  local dagger = carry(w, p, "throwing_dagger")
  expect.truthy(consumables.throw_dagger(p, dagger, dummy))
  expect.truthy(dummy:is_dead())
  expect.eq(w.data.kills, kills + 1, "game.lua counts the player's kill")
  expect.map(w, [[
    #######
    #@..-.#
    #######
  ]])
end)

test("a dagger falls short of a cell where an item lies already", function()
  local w = scenario { legend = { D = { "test_dummy", "healing_potion" } }, map = [[
    #######
    #@..D.#
    #######
  ]] }
  local p = w:at(1, 1)
  local dagger = carry(w, p, "throwing_dagger")
  expect.truthy(consumables.throw_dagger(p, dagger, w:at(4, 1)))
  expect.eq({ dagger.x, dagger.y }, { 3, 1 }, "the last free cell before the target")
end)

test("a dagger needs a target in range and a clear line", function()
  local w = scenario { map = [[
    #########
    #@.d.#d.#
    #.......#
    #......d#
    #########
  ]] }
  local p = w:at(1, 1)
  local dagger = carry(w, p, "throwing_dagger")
  local near, walled, far = w:at(3, 1), w:at(6, 1), w:at(7, 3)
  expect.eq({ consumables.throw_dagger(p, dagger, walled) }, { false, "something is in the way" })
  expect.eq({ consumables.throw_dagger(p, dagger, far) }, { false, "out of range" })
  expect.eq(dagger.data.range, 5)
  expect.eq({ consumables.throw_dagger(p, dagger, p) }, { false, "not at oneself" })
  expect.eq(inventory.bag(p), { dagger }, "refused throws keep the dagger")
  expect.eq(near.hp, 5)
  -- someone in the way stops it too
  local behind = w:spawn("test_dummy", 5, 2)
  w:spawn("test_dummy", 3, 2)
  expect.eq({ consumables.throw_dagger(p, dagger, behind) }, { false, "something is in the way" })
  -- diagonally, in reach
  expect.truthy(consumables.throw_dagger(p, dagger, w:at(3, 2)))
  expect.eq(w:at(3, 2).hp, 3)
end)

test("a bomb hits everyone within a cell of where it lands, and is used up", function()
  local w = scenario { map = [[
    ########
    #@...d.#
    #...dd.#
    #...d..#
    #......#
    ########
  ]] }
  local p = w:at(1, 1)
  local bomb = carry(w, p, "bomb")
  local inside = { w:at(5, 1), w:at(4, 2), w:at(5, 2), w:at(4, 3) }
  expect.truthy(consumables.throw_bomb(p, bomb, 5, 2))
  for i, d in ipairs(inside) do expect.eq(d.hp, 5 - bomb.data.damage, "dummy " .. i) end
  expect.eq(p.hp, p.max_hp, "the thrower is out of it")
  expect.truthy(bomb:is_dead(), "the bomb is used up")
  expect.eq(inventory.bag(p), {})
  expect.eq(count(w:history(), "attacked"), 4)
  expect.eq(count(w:history(), "base:exploded"), 1)
end)

test("a bomb thrown close hurts the thrower too", function()
  local w = scenario { map = [[
    ######
    #@.d.#
    ######
  ]] }
  local p, dummy = w:at(1, 1), w:at(3, 1)
  local hp = p.hp
  expect.truthy(consumables.throw_bomb(p, carry(w, p, "bomb"), 2, 1))
  expect.eq(p.hp, hp - 2)
  expect.eq(dummy.hp, 3)
end)

test("a bomb needs a cell in range, not a wall, with nothing in the way", function()
  local w = scenario { map = [[
    ########
    #@d....#
    #......#
    ########
  ]] }
  local p = w:at(1, 1)
  local bomb = carry(w, p, "bomb")
  expect.eq({ consumables.throw_bomb(p, bomb, 0, 1) }, { false, "not there" })
  expect.eq({ consumables.throw_bomb(p, bomb, 6, 1) }, { false, "out of range" })
  expect.eq({ consumables.throw_bomb(p, bomb, 4, 1) }, { false, "something is in the way" })
  expect.eq(inventory.bag(p), { bomb })
  expect.truthy(consumables.throw_bomb(p, bomb, 3, 2), "by the row below")
  expect.eq(w:at(2, 1).hp, 3, "the dummy next to where it fell is hit, not in its way")
  expect.eq(p.hp, p.max_hp, "two cells away, the thrower is not")
end)

-- Each consumable resolves the ability its data names, with its data as the values: a
-- stronger potion is only a bigger number.
cairn.entity {
  name = "test_great_potion", glyph = "g", layer = "item",
  data = { use = "drink", ability = "quaff", heal = 5 },
}

test("a potion resolves the ability it names with its own numbers", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  p:hurt(5)
  expect.truthy(consumables.drink(p, carry(w, p, "test_great_potion")))
  expect.eq(p.hp, p.max_hp, "healed by 5, the item's heal")
end)

cairn.entity {
  name = "test_statused",
  glyph = "s",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 5, max_hp = 5, team = 2 },
}

test("a scroll of stunning, read at a foe in a clear line, stuns it for its beats", function()
  local w = scenario { map = [[
    #######
    #@..s.#
    #######
  ]] }
  local p, dummy = w:at(1, 1), w:at(4, 1)
  local scroll = carry(w, p, "scroll_of_stunning")
  expect.eq({ consumables.read(p, scroll, p) }, { false, "not a target for it" })
  expect.eq(inventory.bag(p), { scroll }, "a refused read uses nothing up")
  expect.truthy(consumables.read(p, scroll, dummy))
  expect.eq(dummy:status("base:stun"), scroll.data.beats)
  expect.truthy(scroll:is_dead(), "the scroll is used up")
  expect.eq(count(w:history(), "base:read"), 1)
end)
