-- Cards: every blow opens a reaction window for every entity it will affect, not only its
-- named targets - an area, the cells next to its actor, every foe, a line, a payload nested
-- in a meta effect or chained by an effect of content's, an enemy's cast - in the documented
-- order (players first, then the others in the order the blow reaches them), before it
-- resolves; the question says which cells and targets it covers.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } } }
cairn.entity { name = "ogre", glyph = "o",
  decorators = { "Casting", "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2, targets = { 1 } } }
cairn.entity { name = "crate", glyph = "c", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 5, team = 3 } }
-- Slams everyone next to it, friend or foe, each beat it is next to one.
cairn.entity { name = "brute", glyph = "b",
  decorators = { "Casting", "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2, targets = { 1 } }, data = { cast = "slam" },
  algo = "simple", sequence = { { action = "cast", movs = "none" } } }

cairn.card { name = "blast", values = { damage = 2 }, target = { among = "cell", range = 4 },
  effect = { { damage = { target = "area", radius = 1 } } } }
cairn.card { name = "quake", values = { damage = 1 },
  effect = { { damage = { target = "all_enemies" } } } }
cairn.card { name = "lance", values = { damage = 1 }, target = { among = "cell", range = 4 },
  effect = { { damage = { target = "line", length = 3 } } } }
cairn.card { name = "whirl", values = { damage = 1, times = 2 },
  effect = { { ["repeat"] = { payload = { { damage = { target = "adjacent" } } } } } } }
cairn.card { name = "pray", values = { heal = 1 }, effect = { { heal = {} } } }
cairn.card { name = "dodge", values = {}, reaction = { timing = "before" },
  effect = { { fail_trigger = { reason = "dodged" } } } }
cairn.ability { name = "slam", effect = { { damage = { damage = 3, target = "adjacent" } } } }

-- Chain lightning: hits its target, then leaps to the nearest foe of its actor not hit yet,
-- up to `hops` times. Its reach says whom the leaps will find, so they are asked too.
local function next_hop(actor, from, hit)
  local best, bd
  for _, e in ipairs(actor:foes()) do
    local d = math.max(math.abs(e.x - from.x), math.abs(e.y - from.y))
    if not hit[e.id] and (not bd or d < bd) then best, bd = e, d end
  end
  return best
end

local function hops_of(ctx)
  local list, hit = {}, {}
  local at = ctx.request.targets[1]
  for _ = 1, ctx:number("hops", 0) + 1 do
    if not at then break end
    list[#list + 1], hit[at.id] = at, true
    at = next_hop(ctx.actor, at, hit)
  end
  return list
end

cairn.effect { name = "chain", params = { hops = "value" }, each = false, target = "none",
  reach = hops_of,
  run = function(ctx)
    for _, e in ipairs(hops_of(ctx)) do e:hurt(ctx:number("damage", 1)) end
  end }
cairn.card { name = "lightning", values = { damage = 1, hops = 2 },
  target = { among = "entity", range = 4 }, effect = { { chain = {} } } }

local function setup(h, cards)
  cairn.cards.setup(h, { energy = 9, actions = 9, reactions = 9, turn_beats = 100 })
  for _, c in ipairs(cards or {}) do cairn.cards.add(h, c, "hand") end
end

local function card(e, name)
  for _, c in ipairs(cairn.cards.pile(e, "hand")) do
    if c.card == "scenario:" .. name then return c.id end
  end
  error("no " .. name .. " in hand")
end

-- Every reaction window's question is kept: who was asked, its text and cells; `want(e)`
-- names the reaction e takes (nil: pass).
local asked
local function answering(want)
  asked = {}
  cairn.cards.decide(function(m)
    if m.name ~= "reaction" then return nil end
    asked[#asked + 1] = { who = m.actor, text = m.text, cells = m.cells, covers = m.covers }
    local name = want and want(m.actor)
    for i, o in ipairs(m.options) do
      if name and o.label:find(name, 1, true) == 1 then return i end
    end
    return #m.options -- pass
  end)
end

-- Those asked, as "x,y" of where they stood, in the order asked.
local function who_asked()
  local list = {}
  for _, q in ipairs(asked) do list[#list + 1] = q.who.x .. "," .. q.who.y end
  return table.concat(list, " ")
end

-- Everyone on the map holds a dodge, so that everyone a window asks has something to say.
local function everyone_dodges(w)
  for y = 0, w.height - 1 do
    for x = 0, w.width - 1 do
      local e = w:at(x, y)
      if e and not e:has("PlayerControl") then setup(e, { "dodge" }) end
    end
  end
end

-- A scenario of `map` whose hero (the H) holds the card `name`, everyone else a dodge, and
-- no reaction taken yet.
local function room(map, name)
  local w = scenario { map = map }
  local h = w:players()[1]
  setup(h, { name })
  everyone_dodges(w)
  answering()
  return w, h
end

-- Three ogres to chain between.
local CHAIN = [[
H.o..
....o
o....
]]

test("an area blow asks everyone in the area, row by row, not only what stands at its cell",
  function()
    local w, h = room([[
H....
..oo.
....o
]], "blast")
    expect.eq(cairn.cards.play(h, card(h, "blast"), { target = { x = 2, y = 1 } }), true)
    expect.eq(who_asked(), "2,1 3,1", "the two ogres in the 3x3 round 2,1; not the far one")
    expect.eq(asked[1].text, "Your blast: 9 cells round 2,1 - you and the ogre")
    expect.eq(#asked[1].cells, 9)
    expect.eq(w:at(2, 1).hp, 18)
    expect.eq(w:at(3, 1).hp, 18)
    expect.eq(w:at(4, 2).hp, 20)
  end)

test("one that dodges an area blow fails it: its before-reactions resolve before it does",
  function()
    local w = scenario { map = "H.oo" }
    local h = w:at(0, 0)
    setup(h, { "blast" })
    everyone_dodges(w)
    local second = w:at(3, 0)
    answering(function(e) return e == second and "dodge" or nil end)
    cairn.cards.play(h, card(h, "blast"), { target = { x = 2, y = 0 } })
    expect.eq(#asked, 2)
    expect.eq(w:at(2, 0).hp, 20)
    expect.eq(second.hp, 20)
  end)

test("an enemy's cast with no target (a brute's slam) asks everyone next to it", function()
  local w, h = room([[
.o.
Hb.
..c
]], "dodge")
  w:step()
  expect.eq(who_asked(), "0,1 1,0 2,2", "the player first, then the others row by row")
  expect.eq(asked[1].text, "The brute's slam: the cells next to the brute - you, the ogre " ..
    "and the crate")
  expect.eq(#asked[1].cells, 8)
  expect.eq(h.hp, 17)
end)

test("the brute's slam answered by a dodge: it fails, and no one next to it is hit", function()
  local w = scenario { map = "Hbo" }
  local h, o = w:at(0, 0), w:at(2, 0)
  setup(h, { "dodge" })
  answering(function(e) return e == h and "dodge" or nil end)
  w:step()
  expect.eq(#asked, 1, "the ogre holds no reaction: not asked")
  expect.eq(h.hp, 20)
  expect.eq(o.hp, 20)
  expect.eq(cairn.cards.pile(h, "discard")[1].card, "scenario:dodge")
end)

test("all_enemies asks every foe, wherever it stands, and no one else", function()
  local _, h = room([[
H..o
c...
...o
]], "quake")
  cairn.cards.play(h, card(h, "quake"))
  expect.eq(who_asked(), "3,0 3,2", "the crate is no foe of the hero's")
  expect.eq(asked[1].text, "Your quake: every foe of the hero - you and the ogre")
end)

test("a line asks those on it, nearest first, as far as its length or a wall", function()
  local w, h = room([[
Ho.oo
.o...
]], "lance")
  cairn.cards.play(h, card(h, "lance"), { target = { x = 4, y = 0 } })
  expect.eq(who_asked(), "1,0 3,0", "three cells east: not the fourth, nor the one below")
  expect.eq(asked[1].text, "Your lance: a line of 3 cells from the hero - you and the ogre")
  expect.eq(asked[1].covers[2], w:at(3, 0), "the question names every one it covers")
end)

test("a payload nested in a meta effect asks those its inner effects reach", function()
  local w, h = room("oH.\n..o", "whirl")
  cairn.cards.play(h, card(h, "whirl"))
  expect.eq(who_asked(), "0,0 2,1")
  expect.eq(w:at(0, 0).hp, 18, "hit twice")
end)

cairn.card { name = "gamble", values = { damage = 1 },
  effect = { { validate = { validators = { { hp_below = 5 } },
    passed = { { damage = { target = "all_enemies" } } },
    failed = { { damage = { target = "random_enemy" } } } } } } }

test("both branches of a validate reach; random_enemy reaches every foe it may draw",
  function()
    local _, h = room("Ho.\n..o", "gamble")
    cairn.cards.play(h, card(h, "gamble"))
    expect.eq(who_asked(), "1,0 2,1", "every foe the draw may pick is asked before it")
    expect.eq(asked[1].text, "Your gamble: every foe of the hero, a foe of the hero at " ..
      "random - you and the ogre")
  end)

test("an effect of content's says whom it reaches: a chain's every hop is asked", function()
  local w, h = room(CHAIN, "lightning")
  answering()
  cairn.cards.play(h, card(h, "lightning"), { target = w:at(2, 0) })
  expect.eq(who_asked(), "2,0 4,1 0,2", "the target, then the hops in the order they leap")
  expect.eq(w:at(0, 2).hp, 19)
end)

test("an action that reaches no one but its actor asks no one", function()
  local _, h = room("Ho", "pray")
  cairn.cards.play(h, card(h, "pray"))
  expect.eq(#asked, 0)
end)

test("the action as Lua sees it lists what it reaches and the cells it covers", function()
  local w = scenario { map = "Hbo" }
  local seen
  cairn.cards.on_state(function(action, state)
    if state == "declared" and action.ability == "scenario:slam" then seen = action end
  end)
  answering()
  w:step()
  expect.eq(#seen.affected, 2)
  expect.eq(seen.affected[1], w:at(0, 0))
  expect.eq(seen.affected[2], w:at(2, 0))
  expect.eq(#seen.cells, 2, "the cells next to the brute inside the grid")
  expect.eq(seen.cells[1].x, 0)
end)

-- Arc: hits its target, then pushes itself at the next foe it finds, `hops` times - whom it
-- reaches is known only as it resolves, so each hop is asked just before it is struck.
cairn.effect { name = "arc", run = function(ctx, t)
  local r = ctx.request
  local v = r.values
  t:hurt(ctx:number("damage", 1))
  v.hit = v.hit or {}
  v.hit[t.id] = true
  if v.hops <= 0 then return end
  v.hops = v.hops - 1
  local nxt = next_hop(ctx.actor, t, v.hit)
  if nxt then
    r.targets = { nxt }
    ctx:push({ { arc = {} } })
  end
end }
cairn.card { name = "arc_lightning", values = { damage = 1, hops = 2 },
  target = { among = "entity", range = 4 }, effect = { { arc = {} } } }

test("a payload pushed at an entity found while resolving asks it before it is struck",
  function()
    local w, h = room(CHAIN, "arc_lightning")
    answering()
    cairn.cards.play(h, card(h, "arc_lightning"), { target = w:at(2, 0) })
    expect.eq(who_asked(), "2,0 4,1 0,2", "the target when declared, each hop as it leaps")
    expect.eq(asked[2].text, "Your arc lightning: you and the ogre")
    expect.eq(w:at(0, 2).hp, 19)

    w, h = room(CHAIN, "arc_lightning")
    local hop = w:at(4, 1)
    answering(function(e) return e == hop and "dodge" or nil end)
    cairn.cards.play(h, card(h, "arc_lightning"), { target = w:at(2, 0) })
    expect.eq(who_asked(), "2,0 4,1")
    expect.eq(w:at(2, 0).hp, 19, "struck before the hop dodged")
    expect.eq(hop.hp, 20, "the dodge failed the rest of it")
    expect.eq(w:at(0, 2).hp, 20)
  end)

cairn.ability { name = "tremor", target = { among = "cell", range = 3 }, delay = 1,
  effect = { { damage = { damage = 2, target = "area", radius = 1 } } } }

test("one who steps into a delayed blow's area is asked when it lands, before it is hit",
  function()
    local w = scenario { map = "o....\n.....\n.H..." }
    local h, o = w:at(1, 2), w:at(0, 0)
    setup(h, { "dodge" })
    answering()
    cairn.resolve(o, "tremor", { cell = { x = 1, y = 2 }, declare = true })
    expect.eq(who_asked(), "1,2")
    local late = w:spawn("ogre", 2, 1)
    setup(late, { "dodge" })
    answering(function(e) return e == late and "dodge" or nil end)
    w:step()
    expect.eq(who_asked(), "2,1", "the hero was asked when it was declared, not again")
    expect.eq(late.hp, 20)
    expect.eq(h.hp, 20, "the dodge failed the whole blow")
  end)

cairn.card { name = "storm", values = { damage = 1 }, pulses = { max = 2 },
  effect = { { damage = { target = "adjacent" } } } }

test("a pulse that reaches a newcomer asks it first; those asked once are not asked again",
  function()
    local w, h = room("Ho...\n.....", "storm")
    cairn.cards.play(h, card(h, "storm"))
    expect.eq(who_asked(), "1,0")
    local late = w:spawn("ogre", 1, 1)
    setup(late, { "dodge" })
    w:step()
    expect.eq(who_asked(), "1,0 1,1")
    expect.eq(w:at(1, 0).hp, 18)
    expect.eq(late.hp, 19)
  end)

cairn.ability { name = "wild_blast", effect = { { damage = { damage = 2, target = "area" } } } }

test("an area with no cell to centre on reaches no one, and is declared all the same", function()
  local w = scenario { map = "Ho" }
  local o = w:at(1, 0)
  setup(w:at(0, 0), { "dodge" })
  answering()
  expect.eq(cairn.resolve(o, "wild_blast", { declare = true }), true)
  expect.eq(#asked, 0)
  expect.eq(w:at(0, 0).hp, 20)
end)
