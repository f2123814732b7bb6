-- Shovels and armour. The shovel held sets a dig's power (bare hands have none); body armour
-- adds to the wearer's armor stat, which every hit's damage is lessened by, for as long as it
-- is worn.

local inventory = require "inventory"

-- Test-only walls: soil needs a dig power of 1 (a shovel), stone 2 (a pickaxe).
cairn.entity {
  name = "test_soil",
  glyph = ":",
  layer = "wall",
  decorators = { "Diggable" },
  stats = { dig_resistance = 1 },
}
cairn.entity {
  name = "test_stone",
  glyph = "%",
  layer = "wall",
  decorators = { "Diggable" },
  stats = { dig_resistance = 2 },
}
-- Test-only soil that takes hit points to dig away, 1 like any WithHP by default.
cairn.entity {
  name = "test_clay",
  glyph = "~",
  layer = "wall",
  decorators = { "Diggable", "WithHP", "Killable" },
  stats = { dig_resistance = 1 },
}
-- A test-only monster that attacks the player next to it every beat, for 3.
cairn.entity {
  name = "test_hitter",
  glyph = "h",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, team = 2, targets = { 1 }, damage = 3 },
  sequence = { { action = "attack", movs = "basic" } },
}

local function arm(w, player, kind)
  inventory.give(player, w:spawn(kind, player.x, player.y))
end

test("bare hands cannot dig; a shovel digs soil", function()
  local w = scenario { map = [[
    ####
    #@:#
    ####
  ]] }
  local player = w:at(1, 1)
  player:input("dig", "e")
  w:step()
  expect.map(w, [[
    ####
    #@:#
    ####
  ]])
  arm(w, player, "shovel")
  player:input("dig", "e")
  w:step()
  expect.map(w, [[
    ####
    #@.#
    ####
  ]])
end)

test("a dig deals 1 damage, whatever the tool: clay with 1 hp goes in one, with 2 in two", function()
  local w = scenario { map = [[
    #####
    #@~~#
    #####
  ]] }
  local player = w:at(1, 1)
  local near, far = w:at(2, 1, "wall"), w:at(3, 1, "wall")
  far.max_hp = 2
  far.hp = 2
  arm(w, player, "pickaxe")
  player:input("dig", "e")
  w:step()
  expect.truthy(near:is_dead(), "1 hp: one dig")
  player:input("move", "e")
  w:step()
  player:input("dig", "e")
  w:step()
  expect.eq(far.hp, 1, "the pickaxe's power lets it dig, but a dig deals 1")
  player:input("dig", "e")
  w:step()
  expect.map(w, [[
    #####
    #.@.#
    #####
  ]])
end)

test("a shovel cannot dig stone; a pickaxe picked up on the way can", function()
  local w = scenario { map = [[
    #####
    #{@%#
    #####
  ]] }
  local player = w:at(2, 1)
  arm(w, player, "shovel")
  player:input("dig", "e")
  w:step()
  expect.map(w, [[
    #####
    #{@%#
    #####
  ]])
  player:input("move", "w")
  w:step()
  player:choose("pick_up") -- the pickaxe: the shovel is left in its place
  w:step()
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #(@%#
    #####
  ]])
  expect.eq(inventory.held(player, "shovel").type, "base:pickaxe")
  player:input("dig", "e")
  w:step()
  expect.map(w, [[
    #####
    #(@.#
    #####
  ]])
end)

test("armour lessens each hit by its armor: 3 without, 2 in leather, 1 in chainmail", function()
  local taken = {}
  for _, body in ipairs { "none", "leather_armour", "chainmail" } do
    local w = scenario { map = [[
      ####
      #@h#
      ####
    ]] }
    local player = w:at(1, 1)
    if body ~= "none" then arm(w, player, body) end
    w:step()
    taken[body] = 6 - player.hp
  end
  expect.eq(taken, { none = 3, leather_armour = 2, chainmail = 1 })
end)

test("armour counts only while worn: a swap takes the old one's armor off", function()
  local w = scenario { map = [[
    #####
    #@[.#
    #####
  ]] }
  local player = w:at(1, 1)
  expect.eq(player.armor, 0)
  arm(w, player, "chainmail")
  expect.eq(player.armor, 2)
  player:input("move", "e")
  w:step()
  player:choose("pick_up")
  w:step()
  expect.eq(player.armor, 1, "leather instead of chainmail")
  player:input("move", "e")
  w:step()
  expect.map(w, [[
    #####
    #.]@#
    #####
  ]])
  inventory.take(player, "body")
  expect.eq(player.armor, 0, "and nothing once taken off")
end)
