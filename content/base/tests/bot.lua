-- The explorer bot (bots/explorer.lua), beat by beat: it is asked for the player's action, the
-- action is given, the world steps, as `cairn sim` does. It only knows what it has seen.

local explorer = require "bots.explorer"
local inventory = require "inventory"

-- The player with the kit the game gives it (game.lua): a dagger and a shovel.
local function equipped(w)
  local p = w:players()[1]
  for _, kind in ipairs({ "dagger", "shovel" }) do
    inventory.give(p, w:spawn(kind, p.x, p.y))
  end
  return p
end

-- `beats` beats of the bot playing, with its memory `mem` (floor 1 unless mem says else). The
-- bot gives an action and a direction, or a choice with its answers, as the session takes
-- them.
local function play(w, mem, beats)
  for _ = 1, beats or 1 do
    local p = w:players()[1]
    mem.floor, mem.beat = mem.floor or 1, w.beat
    local action, dir = explorer.decide(mem, w, p)
    if type(action) == "table" then
      p:choose(action.choice, action.answers)
    else
      p:input(action, dir)
    end
    w:step()
  end
end

local function on_stairs(w, p)
  local under = w:at(p.x, p.y, "floor")
  return under ~= nil and under.type == "base:stairs"
end

test("the bot walks the shortest way to stairs it can see", function()
  local w = scenario { map = [[
    #######
    #@....#
    #.....#
    #....>#
    #######
  ]] }
  local p, mem = equipped(w), {}
  play(w, mem)
  expect.map(w, [[
    #######
    #.@...#
    #.....#
    #....>#
    #######
  ]])
  play(w, mem, 5)
  expect.map(w, [[
    #######
    #.....#
    #.....#
    #....@#
    #######
  ]])
  expect.truthy(on_stairs(w, p), "on the stairs after six steps")
end)

test("the bot strikes a monster next to it rather than walk on to the stairs", function()
  local w = scenario { map = [[
    ######
    #s...#
    #@..>#
    ######
  ]] }
  local p, mem = equipped(w), {}
  local skeleton = w:at(1, 1)
  expect.eq({ explorer.decide(mem, w, p) }, { "attack", "n" })
  play(w, mem)
  expect.eq(skeleton.hp, 1, "the first blow")
  play(w, mem)
  expect.map(w, [[
    ######
    #....#
    #@..>#
    ######
  ]], "the second blow killed it, and the player has not moved")
  play(w, mem, 3)
  expect.truthy(on_stairs(w, p), "then it goes on to the stairs")
end)

test("the bot waits for a monster to come to it rather than step next to it", function()
  local w = scenario { map = [[
    #########
    #@.s...>#
    #########
  ]] }
  local p, mem = equipped(w), {}
  local skeleton = w:at(3, 1)
  play(w, mem)
  expect.map(w, [[
    #########
    #@s....>#
    #########
  ]], "it stayed; the skeleton came")
  play(w, mem, 2) -- the skeleton rests, then would strike: the player strikes first, twice
  expect.truthy(skeleton:is_dead(), "the skeleton is dead")
  expect.eq(p.hp, 6, "and never struck the player")
end)

test("the bot heads for what it has not seen, not back to a dead end it has", function()
  local w = scenario { map = [[
    ##############################
    #.@..........................#
    ##############################
  ]] }
  local mem = {}
  equipped(w)
  play(w, mem, 3)
  expect.map(w, [[
    ##############################
    #....@.......................#
    ##############################
  ]])
end)

test("the bot goes round a trap when there is a way round", function()
  local w = scenario { map = [[
    #######
    #.....#
    #@.;.>#
    #.....#
    #######
  ]] }
  local p, mem = equipped(w), {}
  local stood_on_trap = false
  for _ = 1, 6 do
    play(w, mem)
    if w:at(p.x, p.y, "trap") then stood_on_trap = true end
  end
  expect.falsy(stood_on_trap, "it never stepped on the spikes")
  expect.truthy(on_stairs(w, p), "and reached the stairs in six steps")
  expect.eq(p.hp, 6)
end)

test("the bot digs through dirt when that is the only way on", function()
  local w = scenario { map = [[
    #########
    #@.+...>#
    #########
  ]] }
  local p, mem = equipped(w), {}
  play(w, mem)
  expect.map(w, [[
    #########
    #.@+...>#
    #########
  ]])
  play(w, mem)
  expect.map(w, [[
    #########
    #.@....>#
    #########
  ]], "dug")
  play(w, mem, 5)
  expect.truthy(on_stairs(w, p), "and went on through, to stairs it could not see before")
end)

test("the bot walks round dirt rather than dig it, when there is a way on foot", function()
  local w = scenario { map = [[
    #######
    #@+..>#
    #.###.#
    #.....#
    #######
  ]] }
  local p, mem = equipped(w), {}
  play(w, mem, 8)
  expect.map(w, [[
    #######
    #.+..@#
    #.###.#
    #.....#
    #######
  ]], "the dirt is still there")
  expect.truthy(on_stairs(w, p))
end)

test("the bot forgets a floor's stairs once it is on the next floor", function()
  local w = scenario { map = [[
    ##############################
    #@.....>.....................#
    ##############################
  ]] }
  local mem = { floor = 1 }
  equipped(w)
  play(w, mem)
  -- The next floor, as wide: no stairs where they were, and the way on is east.
  w = scenario { map = [[
    ##############################
    #.......@....................#
    ##############################
  ]] }
  mem.floor = 2
  local p = equipped(w)
  play(w, mem, 2)
  expect.eq(p.x, 10, "it went east, to what it has not seen")
end)

test("the bot steps out of its way for a better weapon close by", function()
  local w = scenario { map = [[
    ########
    #../...#
    #@....>#
    ########
  ]] }
  local p, mem = equipped(w), {}
  play(w, mem, 8)
  expect.eq(inventory.held(p, "weapon").type, "base:spear")
  expect.truthy(on_stairs(w, p), "and then took the stairs")
end)

test("with nowhere to go and nothing to fight, the bot waits", function()
  local w = scenario { map = [[
    #####
    #@..#
    #####
  ]] }
  local p, mem = equipped(w), {}
  expect.eq({ explorer.decide(mem, w, p) }, { "none", "none" })
end)

-- The bag: potions, daggers and bombs (consumables.lua), used through the player's choices.

-- A new item of `kind` in the player's bag (made in the corner, a wall's cell whose item
-- layer is free).
local function carry(w, p, kind)
  local item = w:spawn(kind, 0, 0)
  inventory.bag_add(p, item)
  return item
end

test("the bot drinks a potion when its hp is low", function()
  local w = scenario { map = [[
    #######
    #@...>#
    #######
  ]] }
  local p, mem = equipped(w), {}
  local potion = carry(w, p, "healing_potion")
  p:hurt(2)
  play(w, mem)
  expect.eq(p.hp, 4, "not at 4 hp: it walked on")
  expect.eq(p.x, 2)
  p:hurt(2)
  expect.eq(explorer.decide(mem, w, p), { choice = "use", answers = { item = potion } })
  play(w, mem)
  expect.eq(p.hp, 5, "at 2 hp it drank")
  expect.truthy(potion:is_dead())
end)

test("the bot throws a dagger at a monster in sight, then picks the dagger up", function()
  local w = scenario { map = [[
    ########
    #@...s.#
    #......#
    ########
  ]] }
  local p, mem = equipped(w), {}
  local dagger = carry(w, p, "throwing_dagger")
  local skeleton = w:at(5, 1)
  play(w, mem)
  expect.truthy(skeleton:is_dead(), "two damage killed it")
  expect.eq(w:at(5, 1, "item"), dagger, "the dagger lies where it stood")
  play(w, mem, 5)
  expect.eq(inventory.bag(p), { dagger }, "it went for the dagger and picked it up")
end)

test("the bot throws a bomb where it hits two monsters, keeping its daggers", function()
  local w = scenario { map = [[
    #########
    #@...s..#
    #....s..#
    #########
  ]] }
  local p, mem = equipped(w), {}
  local dagger, bomb = carry(w, p, "throwing_dagger"), carry(w, p, "bomb")
  local a, b = w:at(5, 1), w:at(5, 2)
  play(w, mem)
  expect.truthy(bomb:is_dead(), "the bomb went off")
  expect.truthy(a:is_dead() and b:is_dead(), "both skeletons are dead")
  expect.eq(inventory.bag(p), { dagger })
  expect.eq(p.hp, 6)
end)

test("the bot picks up a consumable it stands on, and walks to one it sees", function()
  local w = scenario { map = [[
    ########
    #@.....#
    #...!..#
    ########
  ]] }
  local p, mem = equipped(w), {}
  local potion = w:at(4, 2, "item")
  play(w, mem, 5)
  expect.eq(inventory.bag(p), { potion })
end)
