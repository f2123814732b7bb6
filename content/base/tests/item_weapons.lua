-- Weapons: the weapon held decides the attack's damage and the cells it reaches. A dagger
-- hits the next cell; a spear reaches two cells straight ahead; a broadsword sweeps the cell
-- ahead and the two beside it. Each test gives the player its weapon, attacks east with
-- attack_move (attack, else move) and looks at who was hit and where the player stands.

local inventory = require "inventory"

-- Test-only targets that stand still: a foe of the player's (team 2) and a friend (team 1).
cairn.entity {
  name = "test_foe",
  glyph = "e",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, team = 2 },
}
cairn.entity {
  name = "test_friend",
  glyph = "f",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, team = 1 },
}
-- A weapon made of data only, with a damage of its own.
cairn.entity {
  name = "test_club",
  glyph = "!",
  layer = "item",
  data = { slot = "weapon", damage = 3, pattern = "front" },
}

-- Spawns an item of `kind` under the player and puts it in its hand.
local function arm(w, player, kind)
  inventory.give(player, w:spawn(kind, player.x, player.y))
end

local function hp_at(w, x, y) return w:at(x, y).hp end

test("a dagger hits the next cell, and the player stays where it is", function()
  local w = scenario { map = [[
    #####
    #@e.#
    #####
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "dagger")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    #####
    #@e.#
    #####
  ]])
  expect.eq(hp_at(w, 2, 1), 2)
end)

test("a dagger does not reach two cells: with the next cell empty the player moves", function()
  local w = scenario { map = [[
    ######
    #@.e.#
    ######
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "dagger")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #.@e.#
    ######
  ]])
  expect.eq(hp_at(w, 3, 1), 3)
end)

test("the weapon's damage is the attack's", function()
  local w = scenario { map = [[
    #####
    #@e.#
    #####
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "test_club")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    #####
    #@..#
    #####
  ]])
end)

test("a spear hits a foe two cells away, and that counts as the attack: no move", function()
  local w = scenario { map = [[
    ######
    #@.e.#
    ######
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "spear")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #@.e.#
    ######
  ]])
  expect.eq(hp_at(w, 3, 1), 2)
  expect.eq(player.last.algo.result.component, "Attacking", "the action was an attack")
end)

test("a spear hits a foe in the next cell, and only that one", function()
  local w = scenario { map = [[
    ######
    #@ee.#
    ######
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "spear")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #@ee.#
    ######
  ]])
  expect.eq(hp_at(w, 2, 1), 2)
  expect.eq(hp_at(w, 3, 1), 3, "the one behind is not hit")
end)

test("a spear does not strike past a friend or through a wall", function()
  local w = scenario { map = [[
    ######
    #@fe.#
    #....#
    #@#e.#
    ######
  ]] }
  local past_friend, past_wall = w:at(1, 1), w:at(1, 3)
  arm(w, past_friend, "spear")
  arm(w, past_wall, "spear")
  past_friend:input("attack", "e")
  past_wall:input("attack", "e")
  w:step()
  expect.eq(hp_at(w, 3, 1), 3, "behind the friend")
  expect.eq(hp_at(w, 3, 3), 3, "behind the wall")
  expect.eq(hp_at(w, 2, 1), 3, "the friend is not a target either")
end)

test("a spear with nobody in reach lets attack_move move", function()
  local w = scenario { map = [[
    #######
    #@..e.#
    #######
  ]] }
  local player = w:at(1, 1)
  arm(w, player, "spear")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    #######
    #.@.e.#
    #######
  ]])
  expect.eq(hp_at(w, 4, 1), 3)
  player:input("attack_move", "e") -- now two cells away
  w:step()
  expect.map(w, [[
    #######
    #.@.e.#
    #######
  ]])
  expect.eq(hp_at(w, 4, 1), 2)
end)

test("a broadsword hits the two cells beside the one ahead, even with that one empty", function()
  local w = scenario { map = [[
    ######
    #.ee.#
    #.@..#
    #..e.#
    ######
  ]] }
  local player = w:at(2, 2)
  arm(w, player, "broadsword")
  player:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #.ee.#
    #.@..#
    #..e.#
    ######
  ]])
  expect.eq(hp_at(w, 3, 1), 2, "ahead and to the left")
  expect.eq(hp_at(w, 3, 3), 2, "ahead and to the right")
  expect.eq(hp_at(w, 2, 1), 3, "beside the player, not ahead: not hit")
end)

test("a broadsword sweeps across whichever way it strikes, sparing friends", function()
  local w = scenario { map = [[
    #####
    #efe#
    #.@.#
    #eee#
    #####
  ]] }
  local player = w:at(2, 2)
  arm(w, player, "broadsword")
  player:input("attack_move", "n")
  w:step()
  expect.eq(hp_at(w, 1, 1), 2)
  expect.eq(hp_at(w, 3, 1), 2)
  expect.eq(hp_at(w, 2, 1), 3, "the friend ahead is not a target")
  for x = 1, 3 do expect.eq(hp_at(w, x, 3), 3, "behind") end
  expect.eq(player.y, 2, "the player did not move")
end)

test("without a weapon the player hits the next cell with its own damage", function()
  local w = scenario { map = [[
    ######
    #@.e.#
    #@e..#
    ######
  ]] }
  local far, near = w:at(1, 1), w:at(1, 2)
  far:input("attack_move", "e")
  near:input("attack_move", "e")
  w:step()
  expect.map(w, [[
    ######
    #.@e.#
    #@e..#
    ######
  ]])
  expect.eq(hp_at(w, 2, 2), 2)
end)
