-- The initiative turn model (cairn.game's turns): one character acts at a time, each beat
-- costs it an action point, initiative goes on in the round's order, and when every one is
-- out of points a new round refills them. The session plays the others' turns between the
-- player's: one input, one step, whatever number of beats it takes.

local acted = {} -- the tags of the characters that acted, beat after beat

local function tag(ev) acted[#acted + 1] = ev.actor.data.tag end

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1, targets = { 2 } }, data = { tag = "h", initiative = 5 },
  handlers = { act_check = tag } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Moving", "Attackable", "WithHP", "Killable" }, stats = { hp = 3, team = 2 },
  data = { tag = "?" }, sequence = { { action = "move", movs = "none" } },
  handlers = { act_check = tag } }

local rounds = 0

-- Goblin a (initiative 1) and goblin b (initiative 9) round the hero (initiative 5).
local function arena(w)
  w:spawn("hero", 0, 0)
  local a = w:spawn("goblin", 3, 0)
  a.data.tag, a.data.initiative = "a", 1
  local b = w:spawn("goblin", 5, 0)
  b.data.tag, b.data.initiative = "b", 9
end

cairn.game { name = "duel", width = 6, height = 1, generate = arena,
  turns = { model = "initiative", actions = 2, reset = function() rounds = rounds + 1 end } }

local function start(name)
  acted, rounds = {}, 0
  return game(name)
end

local function tags()
  local s = table.concat(acted)
  acted = {}
  return s
end

test("one character acts a beat; each beat costs it a point; initiative goes on by order", function()
  local g = start("duel")
  expect.eq(cairn.turns.model(), "initiative")
  expect.eq(cairn.turns.round(), 1)
  expect.eq(cairn.turns.active().data.tag, "b", "the highest initiative first")
  g:input("none")
  g:step()
  expect.eq(tags(), "bbh", "b spends its two points, then the hero acts once")
  expect.eq(g.beats, 1, "one step of the session")
  expect.eq(g.world.beat, 3, "three beats of the world")
  local hero = g.world:players()[1]
  expect.eq(cairn.turns.active(), hero, "the hero has a point left: its turn goes on")
  expect.eq(cairn.turns.points(hero), 1)
  g:input("none")
  g:step()
  expect.eq(tags(), "haabb", "a's turn, then a new round: b's; the hero's comes, the step ends")
  expect.eq(cairn.turns.active(), hero)
  expect.eq(cairn.turns.points(hero), 2, "refilled")
  expect.eq(cairn.turns.round(), 2)
  expect.eq(rounds, 2, "the game's reset ran at each round's start")
end)

-- A pass ends the hero's turn whatever points it had left.
cairn.choice { name = "pass", key = "p", perform = function(a) cairn.turns.pass(a) end }

test("a pass hands initiative on at once", function()
  local g = start("duel")
  g:input("none")
  g:step()
  tags()
  expect.eq(g:choose("pass", {}), true)
  g:step()
  expect.eq(tags(), "haabb", "the hero's beat, its pass, then a's turn and the new round")
  g:input("none")
  g:step()
  local hero = g.world:players()[1]
  expect.eq(cairn.turns.points(hero), 1)
  expect.eq(g:choose("pass", {}), true)
  g:step()
  expect.eq(cairn.turns.points(hero), 2, "a new round: the pass spent its last point")
  expect.eq(tags(), "hhaabb")
end)

-- The game's own order (the lowest initiative first) and its own price of a beat: the hero's
-- beat costs 2, the goblins' 1; a card may spend more (cairn.turns.spend).
cairn.game { name = "slow", width = 6, height = 1, generate = arena,
  turns = { model = "initiative",
    actions = function(_, e) return e:has("PlayerControl") and 4 or 1 end,
    order = function(_, list)
      table.sort(list, function(x, y) return x.data.initiative < y.data.initiative end)
      return list
    end,
    cost = function(_, e) return e:has("PlayerControl") and 2 or 1 end } }

cairn.choice { name = "heavy", key = "H", perform = function(a) cairn.turns.spend(a, 1) end }

test("content sets the order, the points and what a beat costs", function()
  local g = start("slow")
  local order = {}
  for i, o in ipairs(cairn.turns.order()) do order[i] = o.entity.data.tag .. o.points end
  expect.eq(table.concat(order, " "), "a1 h4 b1", "lowest initiative first; the hero has 4")
  g:input("none")
  g:step()
  expect.eq(tags(), "ah")
  local hero = g.world:players()[1]
  expect.eq(cairn.turns.points(hero), 2, "its beat cost 2")
  expect.eq(g:choose("heavy", {}), true)
  g:step()
  expect.eq(cairn.turns.points(hero), 4, "2 and 1 more spent it all: b, then a new round")
  expect.eq(tags(), "hba")
end)

test("undo and a game played again come to the same world", function()
  local function play(g, n)
    for i = 1, n do
      if i % 3 == 0 then g:choose("pass", {}) else g:input("move", "e") end
      g:step()
    end
  end
  local straight = start("duel")
  play(straight, 7)
  local sum, beat = straight.world:checksum(), straight.world.beat
  local g = start("duel")
  play(g, 6)
  local hero = g.world:players()[1]
  local points = cairn.turns.points(hero)
  play(g, 1)
  expect.eq(g:undo(), true)
  expect.eq(cairn.turns.points(g.world:players()[1]), points, "the turns came back with it")
  play(g, 1)
  expect.eq(g.world:checksum(), sum)
  expect.eq(g.world.beat, beat)
end)

test("a character killed hands on; the dead have no turn", function()
  local g = start("duel")
  local a = g.world:at(3, 0)
  a:kill()
  g:input("none")
  g:step()
  g:input("none")
  g:step()
  expect.eq(tags(), "bbhhbb", "a is skipped")
  for _, o in ipairs(cairn.turns.order()) do expect.truthy(o.entity ~= a) end
end)

cairn.ability { name = "ready", trigger = "turn_start", effect = { { gain_energy = { energy = 1 } } } }
cairn.card { name = "jab", effect = {} }

test("the cards library's turn is the round: turn_start fires once a round", function()
  local g = start("duel")
  local hero = g.world:players()[1]
  cairn.cards.setup(hero, { deck = { "jab" }, energy = 0, draw = 0 })
  cairn.cards.grant(hero, "ready")
  g:input("none")
  g:step()
  expect.eq(cairn.cards.turn(hero), 1)
  expect.eq(cairn.cards.energy(hero), 1, "round 1 started once")
  g:input("none")
  g:step()
  expect.eq(cairn.cards.turn(hero), 2)
  expect.eq(cairn.cards.energy(hero), 1, "round 2: refilled to 0, then 1")
  expect.eq(g.world.beat, 8, "five beats in round 1, three so far in round 2")
end)

test("a turn model cairn does not know, or a misspelt field, is a problem where it is made", function()
  cairn.game { name = "odd", width = 2, height = 1, generate = arena,
    turns = { model = "rounds", actoins = 2 } }
  local err = expect.error(function() scenario { map = "@" } end,
    "turns.model is one of beats, initiative, sides, not rounds")
  expect.truthy(err:find("turns has no field 'actoins' (did you mean 'actions'?)", 1, true), err)
  expect.truthy(err:find("scenario:turns_initiative.lua:%d+: cairn.game"), err)
end)

test("the side panel says whose turn it is and the order, the spent dimmed", function()
  local g = start("duel")
  expect.eq(table.concat(g:panel(), "|"), "Round 1: goblin's turn|> goblin (2)|  you (2)|  goblin (2)")
  g:input("none")
  g:step()
  expect.eq(table.concat(g:panel(), "|"), "Round 1: your turn|  goblin (0)|> you (1)|  goblin (2)")
end)
