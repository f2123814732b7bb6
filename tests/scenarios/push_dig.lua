-- Pushing, digging and attack_move, through e:attack / e:dig / e:move / e:act and through
-- enemies whose sequences do the same in the beat loop.

-- A ram only shoves: no damage, a push of 2 cells with power 2.
cairn.entity { name = "ram", glyph = "r", decorators = { "Attacking", "Moving", "Displaceable" },
  stats = { damage = 0, push_distance = 2, push_power = 2 } }
-- Crates can be shoved; a heavy one resists power below 3.
cairn.entity { name = "crate", glyph = "c",
  decorators = { "Attackable", "Pushable", "Displaceable", "WithHP", "Killable" },
  stats = { hp = 5 } }
cairn.entity { name = "heavy", glyph = "H",
  decorators = { "Attackable", "Pushable", "Displaceable", "WithHP", "Killable" },
  stats = { hp = 5, push_resistance = 3 } }

local function pushes(w)
  local list = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "pushed" then
      list[#list + 1] = { c.from.x, c.to.x, c.amount }
    end
  end
  return list
end

test("an attack with push_distance 2 shoves a Pushable target two cells", function()
  local w = scenario { map = [[
    #########
    #rc.....#
    #########
  ]] }
  local r, c = w:at(1, 1), w:at(2, 1)
  expect.truthy(r:attack("e"), "the attack succeeds")
  expect.map(w, [[
    #########
    #r..c...#
    #########
  ]])
  expect.eq(pushes(w), { { 2, 4, 2 } }, "the history has the push")
  expect.eq(c.hp, 5, "damage 0 only pushes")
  expect.eq({ r.x, r.y }, { 1, 1 }, "the attacker stays put")
end)

test("be_pushed tells the target how far it went, and the hit carries the push", function()
  local w = scenario { map = [[
    ######
    #rc.##
    ######
  ]] }
  local r, c = w:at(1, 1), w:at(2, 1)
  local pushed, hit
  c:hook("be_pushed", function(ev)
    pushed = { ev.kind, ev.actor == r, ev.target == c, ev.direction, ev.distance, ev.power,
      ev.from.x, ev.to.x, ev.moved }
  end)
  r:hook("attack_do", function(ev)
    local h = ev.hits[1]
    hit = { h.target == c, h.dealt, h.push.moved, ev.push_distance, ev.push_power }
  end)
  r:attack("e")
  expect.eq(pushed, { "push", true, true, "e", 2, 2, 2, 3, 1 }, "stopped by the wall after 1 of 2")
  expect.eq(hit, { true, 0, 1, 2, 2 })
end)

test("a push into a wall stops at the wall", function()
  local w = scenario { map = [[
    #####
    #rc.#
    #####
  ]] }
  local r = w:at(1, 1)
  r.push_distance = 5
  r:attack("e")
  expect.map(w, [[
    #####
    #r.c#
    #####
  ]])
  expect.eq(pushes(w), { { 2, 3, 1 } }, "one cell travelled of five")
end)

test("a push into another entity stops before it", function()
  local w = scenario { map = [[
    ########
    #rc..c.#
    ########
  ]] }
  local r = w:at(1, 1)
  r.push_distance = 9
  r:attack("e")
  expect.map(w, [[
    ########
    #r..cc.#
    ########
  ]], "the crate stopped next to the other one, which stayed")
end)

test("a push with too little power does not move the target", function()
  local w = scenario { map = [[
    #######
    #rH...#
    #######
  ]] }
  local r, h = w:at(1, 1), w:at(2, 1)
  expect.truthy(r:attack("e"), "the attack itself still lands")
  expect.map(w, [[
    #######
    #rH...#
    #######
  ]], "power 2 < resistance 3")
  expect.eq(pushes(w), {})
  r.push_power = 3
  r:attack("e")
  expect.map(w, [[
    #######
    #r..H.#
    #######
  ]], "power 3 = resistance 3 pushes")
  expect.eq(h.x, 4)
end)

test("a push_check handler on the target can refuse the push", function()
  local w = scenario { map = [[
    ######
    #rc..#
    ######
  ]] }
  local r, c = w:at(1, 1), w:at(2, 1)
  c:hook("push_check", function(ev) ev.propagate = false end)
  r:attack("e")
  expect.eq(c.x, 2, "vetoed")
end)

-- An enemy that shoves east every beat.
cairn.movs { name = "east", fn = function() return { "e" } end }
cairn.entity { name = "bully", glyph = "b", decorators = { "Attacking" },
  stats = { damage = 0, push_distance = 1, push_power = 1 },
  sequence = { { action = "attack", movs = "east" } } }

test("an enemy whose sequence attacks shoves a crate away, then has nothing left to hit", function()
  local w = scenario { map = [[
    ######
    #bc..#
    ######
  ]] }
  local b = w:at(1, 1)
  w:step()
  expect.map(w, [[
    ######
    #b.c.#
    ######
  ]], "beat 1: pushed one cell")
  expect.truthy(b.last.success)
  w:step()
  expect.map(w, [[
    ######
    #b.c.#
    ######
  ]], "beat 2: nothing adjacent to hit")
  expect.falsy(b.last.success, "no target, so the attack failed")
end)

-- Digging: a mole with dig power 2; dirt is dug at resistance 0, hard dirt resists 3, and a
-- wall without Diggable never gives.
cairn.entity { name = "mole", glyph = "m", decorators = { "Digging", "Moving", "Displaceable" },
  stats = { dig_power = 2 } }
cairn.entity { name = "hard", glyph = "%", layer = "wall", decorators = { "Diggable" },
  stats = { dig_resistance = 3 } }

test("dug dirt dies and leaves its cell at once", function()
  local w = scenario { map = [[
    #####
    #m+.#
    #####
  ]] }
  local m, dirt = w:at(1, 1), w:at(2, 1, "wall")
  expect.truthy(m:dig("e"), "the dig succeeds")
  expect.truthy(dirt:is_dead(), "the dirt is dead at once")
  expect.map(w, [[
    #####
    #m..#
    #####
  ]], "and off the grid")
  expect.eq({ dirt.x, dirt.y }, { 2, 1 }, "its handle still says where it was")
  expect.truthy(m:move("e"), "the way is free in the same beat")
end)

test("dig power below the dirt's resistance does not dig it", function()
  local w = scenario { map = [[
    ####
    #m%#
    ####
  ]] }
  local m, hard = w:at(1, 1), w:at(2, 1, "wall")
  expect.falsy(m:dig("e"), "power 2 < resistance 3")
  expect.falsy(hard:is_dead())
  m.dig_power = 3
  expect.truthy(m:dig("e"), "power 3 = resistance 3")
  w:step()
  expect.map(w, [[
    ####
    #m.#
    ####
  ]])
end)

test("a wall without Diggable is never dug, whatever the power", function()
  local w = scenario { map = [[
    ###
    #m#
    ###
  ]] }
  local m = w:at(1, 1)
  m.dig_power = 1000000
  for _, d in ipairs({ "n", "e", "s", "w" }) do
    expect.falsy(m:dig(d), "dig " .. d)
  end
  local dug = 0
  for _, c in ipairs(w:history()) do if c.kind == "dug" then dug = dug + 1 end end
  expect.eq(dug, 0, "no dig in the history")
  w:step()
  expect.map(w, [[
    ###
    #m#
    ###
  ]])
end)

-- Walls with hit points: a dig deals damage, and the wall is dug when it dies.
cairn.entity { name = "packed", glyph = "=", layer = "wall",
  decorators = { "Diggable", "WithHP", "Killable" }, stats = { hp = 2 } }
cairn.entity { name = "pillar", glyph = "I", layer = "wall",
  decorators = { "Diggable", "WithHP" }, stats = { hp = 1 } }

local function kinds(w, wanted)
  local list = {}
  for _, c in ipairs(w:history()) do
    if wanted[c.kind] then list[#list + 1] = c.kind end
  end
  return list
end

test("a dig deals 1 damage: a wall with 2 hp takes two digs", function()
  local w = scenario { map = [[
    #####
    #m=.#
    #####
  ]] }
  local m, wall = w:at(1, 1), w:at(2, 1, "wall")
  local seen = {}
  wall:hook("be_dug", function(ev) seen[#seen + 1] = { ev.damage, ev.dug } end)
  expect.truthy(m:dig("e"), "the dig hurt the wall: it succeeds")
  expect.falsy(wall:is_dead(), "one dig is not enough")
  expect.eq(wall.hp, 1)
  expect.eq(kinds(w, { damaged = true, dug = true, died = true }), { "damaged" })
  expect.truthy(m:dig("e"))
  expect.truthy(wall:is_dead(), "the second dig kills it: it is dug")
  expect.eq(kinds(w, { damaged = true, dug = true, died = true }),
    { "damaged", "damaged", "died", "dug" }, "dug after the death it came of")
  expect.eq(seen, { { 1, false }, { 1, true } }, "be_dug after each dig, saying whether it went")
end)

test("dig_get may change the damage a dig deals", function()
  local w = scenario { map = [[
    #####
    #m=.#
    #####
  ]] }
  local m, wall = w:at(1, 1), w:at(2, 1, "wall")
  m:hook("dig_get", function(ev) ev.damage = 2 end)
  expect.truthy(m:dig("e"))
  expect.truthy(wall:is_dead(), "2 damage against 2 hp")
end)

test("a dig whose power is below the resistance does not hurt the wall", function()
  local w = scenario { map = [[
    #####
    #m=.#
    #####
  ]] }
  local m, wall = w:at(1, 1), w:at(2, 1, "wall")
  wall.dig_resistance = 3
  expect.falsy(m:dig("e"), "power 2 < resistance 3")
  expect.eq(wall.hp, 2)
end)

test("a wall with hp but not Killable is hurt by digs but never dug", function()
  local w = scenario { map = [[
    ####
    #mI#
    ####
  ]] }
  local m, pillar = w:at(1, 1), w:at(2, 1, "wall")
  expect.truthy(m:dig("e"))
  expect.truthy(m:dig("e"))
  expect.falsy(pillar:is_dead())
  expect.eq(pillar.hp, -1)
end)

-- A digger whose sequence digs then walks through, one step per beat.
cairn.entity { name = "tunneler", glyph = "t", decorators = { "Digging", "Moving", "Displaceable" },
  sequence = { { action = "dig", movs = "east" }, { action = "move", movs = "east" } } }

test("an enemy digging its way east: dig, step into the hole, dig, step", function()
  local w = scenario { map = [[
    #####
    #t++#
    #####
  ]] }
  local t = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #####
    #t.+#
    #####
  ]], "beat 1: dug")
  w:step()
  expect.map(w, [[
    #####
    #.t+#
    #####
  ]], "beat 2: moved in")
  w:step()
  w:step()
  expect.map(w, [[
    #####
    #..t#
    #####
  ]], "beats 3 and 4: dug and moved again")
  expect.eq(t.step, 1)
end)

-- attack_move: an attack when something is there to hit, a move otherwise.
cairn.entity { name = "brute", glyph = "B",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable" },
  stats = { damage = 3, hp = 4 } }

test("attack_move moves when nothing is in the way and attacks when a target is", function()
  local w = scenario { map = [[
    ######
    #B.@.#
    ######
  ]] }
  local b, p = w:at(1, 1), w:at(3, 1)
  expect.truthy(b:act("attack_move", "e"), "a step east")
  expect.map(w, [[
    ######
    #.B@.#
    ######
  ]])
  expect.eq(p.hp, 10, "nobody hit yet")
  expect.truthy(b:act("attack_move", "e"), "now an attack")
  expect.map(w, [[
    ######
    #.B@.#
    ######
  ]], "the brute did not move")
  expect.eq(p.hp, 7, "the player took 3")
end)

test("e:attack with nothing to hit fails; e:move into a wall fails", function()
  local w = scenario { map = [[
    ####
    #B.#
    ####
  ]] }
  local b = w:at(1, 1)
  expect.falsy(b:attack("e"))
  expect.falsy(b:move("w"))
  expect.truthy(b:move("e"))
  expect.eq(b.x, 2)
end)

cairn.entity { name = "hunter", glyph = "h",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable" },
  stats = { damage = 2, hp = 3 },
  sequence = { { action = "attack_move", movs = "basic" } } }

test("an enemy with attack_move walks up to the player, then hits it every beat", function()
  local w = scenario { map = [[
    #######
    #@..h.#
    #######
  ]] }
  local p = w:at(1, 1)
  w:step()
  expect.map(w, [[
    #######
    #@.h..#
    #######
  ]])
  w:step()
  expect.map(w, [[
    #######
    #@h...#
    #######
  ]])
  expect.eq(p.hp, 10, "two moves, no hits")
  w:step()
  expect.eq(p.hp, 8, "beat 3: hit for 2")
  w:step()
  expect.eq(p.hp, 6, "beat 4: hit again")
  expect.map(w, [[
    #######
    #@h...#
    #######
  ]])
end)

test("the player's attack kills an enemy, which leaves at the end of the beat", function()
  local w = scenario { map = [[
    #####
    #@h.#
    #####
  ]] }
  local p = w:at(1, 1)
  p.damage = 3
  p:input("attack", "e")
  w:step()
  expect.eq(p.hp, 10, "it died before its turn came")
  expect.map(w, [[
    #####
    #@..#
    #####
  ]])
  local died = false
  for _, c in ipairs(w:history()) do
    if c.kind == "died" then died = true end
  end
  expect.truthy(died, "the history has the death")
end)
