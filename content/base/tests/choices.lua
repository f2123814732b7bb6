-- The base game's choices (choices.lua), each committed through e:choose and played out in a
-- beat: the core's actions in a direction, and the bag's verbs, with their reasons when they
-- cannot be chosen.

local inventory = require "inventory"

-- Test-only targets that stand still: 5 hp.
cairn.entity {
  name = "test_dummy",
  glyph = "d",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, max_hp = 5, team = 2 },
}

-- Items are made in the corner (0, 0), a wall's cell whose item layer is free, and taken
-- from there: the player's own cell may hold an item.

-- The player with the kit the game gives it (game.lua): a dagger and a shovel.
local function equipped(w)
  local p = w:players()[1]
  for _, kind in ipairs({ "dagger", "shovel" }) do
    inventory.give(p, w:spawn(kind, 0, 0))
  end
  return p
end

-- A new item of `kind` in p's bag.
local function carry(w, p, kind)
  local item = w:spawn(kind, 0, 0)
  inventory.bag_add(p, item)
  return item
end

-- The choice list as "name key" words, the unavailable with their reasons.
local function listed(p)
  local out = {}
  for i, c in ipairs(p:choices()) do
    out[i] = c.name:gsub("^base:", "") .. " " .. c.key .. (c.available and "" or " (" .. c.reason .. ")")
  end
  return out
end

local function find(p, name)
  for _, c in ipairs(p:choices()) do
    if c.name == "base:" .. name then return c end
  end
end

test("the choices, their keys, and why the bag's verbs wait for a full bag", function()
  local w = scenario { map = "#@.#" }
  local p = equipped(w)
  expect.eq(listed(p), {
    "bump direction", "wait .", "fight F (nobody in reach)", "dig D",
    "use a (nothing to use)", "throw t (nothing to throw)", "drop d (nothing to drop)",
    "equip e (nothing to equip)", "pick_up g (nothing here to pick up)",
  })
  expect.eq(find(p, "pick_up").label, "pick up")
  expect.error(function() p:choose("throw", {}) end, "throw is not possible now: nothing to throw")
end)

test("bump steps, strikes what is in the way, and digs dirt", function()
  local w = scenario { map = [[
    #####
    #@.d#
    #..+#
    #####
  ]] }
  local p = equipped(w)
  p:choose("bump", { target = "e" })
  w:step()
  expect.eq({ p.x, p.y }, { 2, 1 }, "a step")
  p:choose("bump", { target = "e" })
  w:step()
  expect.eq({ p.x, w:at(3, 1).hp }, { 2, 4 }, "a blow, no step")
  p:choose("bump", { target = "se" })
  w:step()
  expect.eq(w:at(3, 2, "wall"), nil, "the dirt is dug")
  expect.eq({ p.x, p.y }, { 2, 1 })
end)

test("wait lets the beat go by", function()
  local w = scenario { map = "#@.#" }
  local p = equipped(w)
  p:choose("wait")
  w:step()
  expect.eq(p.x, 1)
  expect.eq(w.beat, 1)
end)

test("fight strikes what the weapon reaches, without stepping; at nothing it is refused", function()
  local w = scenario { map = "#@.d#" }
  local p = equipped(w)
  expect.eq(find(p, "fight").reason, "nobody in reach")
  inventory.give(p, w:spawn("spear", 2, 0))
  expect.error(function() p:choose("fight", { target = "w" }) end, "Nothing there to fight.")
  expect.eq(w.beat, 0, "no beat passed")
  p:choose("fight", { target = "e" })
  w:step()
  expect.eq(p.x, 1, "no step into the empty cell")
  expect.eq(w:at(3, 0).hp, 4, "the spear reaches past the empty cell")
end)

test("a bump or a dig into a wall that cannot be dug is refused, and no beat passes", function()
  local w = scenario { map = [[
    #####
    #@.+#
    #####
  ]] }
  local p = w:players()[1]
  expect.error(function() p:choose("bump", { target = "w" }) end, "The wall is in the way.")
  p:choose("bump", { target = "e" })
  w:step()
  expect.error(function() p:choose("bump", { target = "e" }) end, "The dirt is in the way.",
    "bare hands do not dig dirt")
  expect.eq(w.beat, 1, "only the step took a beat")
  inventory.give(p, w:spawn("shovel", 2, 1))
  expect.error(function() p:choose("dig", { target = "n" }) end, "The wall is too hard to dig.")
  expect.error(function() p:choose("dig", { target = "w" }) end, "Nothing there to dig.")
  p:choose("bump", { target = "e" })
  w:step()
  expect.eq(w:at(3, 1, "wall"), nil, "with a shovel the dirt is dug")
end)

test("dig needs a shovel, and says so", function()
  local w = scenario { map = "#@+#" }
  local p = w:players()[1]
  local dig = find(p, "dig")
  expect.eq({ dig.available, dig.reason }, { false, "nothing to dig with" })
  expect.error(function() p:choose("dig", { target = "e" }) end, "nothing to dig with")
  inventory.give(p, w:spawn("shovel", 1, 0))
  p:choose("dig", { target = "e" })
  w:step()
  expect.eq(w:at(2, 0, "wall"), nil)
end)

test("use drinks a potion from the bag, in the beat", function()
  local w = scenario { map = "#@#" }
  local p = equipped(w)
  p:hurt(4)
  local potion = carry(w, p, "healing_potion")
  expect.truthy(find(p, "use").available)
  p:choose("use", { item = potion })
  expect.eq(p.hp, 2, "nothing before the beat")
  w:step()
  expect.eq(p.hp, 5)
  expect.truthy(potion:is_dead())
  expect.eq(find(p, "use").reason, "nothing to use")
end)

test("throw a dagger: at a foe in range in a clear line, never past someone", function()
  local w = scenario { map = [[
    #########
    #@..d.d.#
    #.......#
    #########
  ]] }
  local p = equipped(w)
  local dagger = carry(w, p, "throwing_dagger")
  local near, hidden = w:at(4, 1), w:at(6, 1)
  expect.error(function() p:choose("throw", { item = dagger, target = hidden }) end,
    "an entity within 5 cells that it may target")
  p:choose("throw", { item = dagger, target = near })
  w:step()
  expect.eq(near.hp, 3)
  expect.eq(w:at(4, 1, "item"), dagger, "it lies under the dummy")
  expect.eq(find(p, "throw").reason, "nothing to throw")
end)

test("with nobody to throw a dagger at, throw is not offered, nor the dagger listed", function()
  local w = scenario { map = [[
    ########
    #@.#.d.#
    ########
  ]] }
  local p = equipped(w)
  local dagger = carry(w, p, "throwing_dagger")
  expect.eq(find(p, "throw").reason, "nobody in range to throw at")
  expect.error(function() p:choose("throw", { item = dagger }) end,
    "throw is not possible now: nobody in range to throw at")
  expect.eq(inventory.bag(p), { dagger })
  -- with a bomb too, throw is offered, and the menu lists the bomb only
  local bomb = carry(w, p, "bomb")
  expect.truthy(find(p, "throw").available)
  local offered
  expect.error(function()
    p:choose("throw", function(prompt)
      offered = offered or prompt.options
      error("seen")
    end)
  end, "seen")
  expect.eq(#offered, 1)
  expect.eq(offered[1].value, bomb)
end)

test("throw a bomb at a cell: the select prompt has its range and blast", function()
  local w = scenario { map = [[
    ########
    #@...d.#
    #....dd#
    ########
  ]] }
  local p = equipped(w)
  local bomb = carry(w, p, "bomb")
  local asked
  p:choose("throw", function(prompt)
    if prompt.name == "item" then return bomb end
    asked = prompt
    return { x = 5, y = 2 }
  end)
  expect.eq({ asked.among, asked.range, asked.area }, { "cell", 4, 1 })
  w:step()
  expect.eq({ w:at(5, 1).hp, w:at(5, 2).hp, w:at(6, 2).hp }, { 3, 3, 3 })
  expect.truthy(bomb:is_dead())
end)

test("pick up, drop and equip, through the choices", function()
  local w = scenario { legend = { P = { "player", "bomb" } }, map = "#P.#" }
  local p = equipped(w)
  local bomb = w:at(1, 0, "item")
  expect.eq(find(p, "drop").reason, "nothing to drop")
  p:choose("pick_up")
  w:step()
  expect.eq(inventory.bag(p), { bomb })
  expect.eq(find(p, "pick_up").reason, "nothing here to pick up")
  p:choose("drop", { item = bomb })
  w:step()
  expect.eq(w:at(1, 0, "item"), bomb)
  expect.eq(find(p, "drop").reason, "nothing to drop")
  local spear = carry(w, p, "spear")
  local dagger = inventory.held(p, "weapon")
  expect.eq(find(p, "drop").reason, "something lies here already")
  p:choose("equip", { item = spear })
  w:step()
  expect.eq(inventory.held(p, "weapon"), spear)
  expect.eq(inventory.bag(p), { dagger })
end)

test("pick up says when the bag is full", function()
  local w = scenario { legend = { P = { "player", "bomb" } }, map = "#P.#" }
  local p = equipped(w)
  for _ = 1, inventory.BAG_SIZE do carry(w, p, "healing_potion") end
  expect.eq(find(p, "pick_up").reason, "the bag is full")
end)

test("a target's candidates start with the nearest enemy: not a crate, nor an empty cell", function()
  local w = scenario { map = [[
    ########
    #@...s.#
    #.=....#
    ########
  ]] }
  local p = equipped(w)
  local dagger, bomb = carry(w, p, "throwing_dagger"), carry(w, p, "bomb")
  local skeleton = w:at(5, 1)
  local first = {}
  for _, item in ipairs { dagger, bomb } do
    expect.error(function()
      p:choose("throw", function(prompt)
        if prompt.kind == "pick" then return item end
        first[#first + 1] = prompt.candidates[1]
        error("seen")
      end)
    end, "seen")
  end
  expect.eq(first[1], skeleton, "the dagger's first target is the skeleton, not the crate")
  expect.eq(first[2], { x = 5, y = 1 }, "the bomb's first cell is the skeleton's")
end)

test("use reads a scroll at a foe: the item, then its ability's target", function()
  local w = scenario { map = "#@..d.#" }
  local p = equipped(w)
  local scroll = carry(w, p, "scroll_of_stunning")
  local asked = {}
  p:choose("use", function(prompt)
    asked[#asked + 1] = prompt.name
    if prompt.name == "item" then return 1 end
    return prompt.candidates[1]
  end)
  expect.eq(asked, { "item", "target" })
  w:step()
  expect.truthy(scroll:is_dead(), "read and used up")
end)
