-- Statuses that decay by turns (decay.when "turn_start" or "turn_end"): the turn layers call
-- e:decay as a turn starts and ends - a card holder's turn in the beats model (turn_beats
-- beats), the active character's under the initiative and sides models - so they count turns,
-- not beats. Entities no layer gives turns to keep them as they are.

cairn.status { name = "poison", stacking = "intensity", decay = { by = 1, when = "turn_start" },
  each = "damage" }
cairn.status { name = "vulnerable", stacking = "intensity", decay = { by = 1, when = "turn_end" } }

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { initiative = 5 } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Moving", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2 }, data = { initiative = 1 },
  sequence = { { action = "move", movs = "none" } } }

local function afflict(e)
  e:apply("poison", { magnitude = 5 })
  e:apply("vulnerable", { magnitude = 5 })
end

-- The statuses' magnitudes and the hp, "poison/vulnerable/hp".
local function shape(e)
  return string.format("%d/%d/%d", e:magnitude("poison"), e:magnitude("vulnerable"), e.hp)
end

-- Cards' turns in the beats model ----------------------------------------------------------------

local function holder(turn_beats)
  local w = scenario { map = "@.g", legend = { ["@"] = "hero", g = "goblin" } }
  local h = w:players()[1]
  cairn.cards.setup(h, { deck = {}, turn_beats = turn_beats })
  afflict(h)
  afflict(w:at(2, 0))
  return w, h
end

test("a card holder's turn_start status decays once a turn, at its start, not each beat",
  function()
    local w, h = holder(3)
    local seen = {}
    for beat = 1, 7 do
      w:step()
      seen[beat] = h:magnitude("poison") .. ":" .. h.hp
    end
    expect.eq(table.concat(seen, " "), "4:15 4:15 4:15 3:11 3:11 3:11 2:8",
      "turns start at beats 1, 4 and 7: each hurts by the magnitude, then decays by 1")
  end)

test("a card holder's turn_end status decays once a turn, at its end", function()
  local w, h = holder(3)
  local seen = {}
  for beat = 1, 7 do
    w:step()
    seen[beat] = h:magnitude("vulnerable")
  end
  expect.eq(table.concat(seen, " "), "5 5 5 4 4 4 3", "turns end as beats 4 and 7 begin")
end)

test("an entity no layer gives turns to keeps its turn-decaying statuses", function()
  local w = holder(3)
  local goblin = w:at(2, 0)
  w:step(7)
  expect.eq(shape(goblin), "5/5/20", "no cards, no turn model: no turns of its own")
end)

local rallied = 0
cairn.ability { name = "rally", trigger = "turn_start",
  effect = function() rallied = rallied + 1 end }

test("a holder its poison kills as its turn starts starts no turn", function()
  local w = scenario { map = "@.g", legend = { ["@"] = "hero", g = "goblin" } }
  local h = w:players()[1]
  cairn.cards.setup(h, { deck = {}, turn_beats = 2 })
  cairn.cards.grant(h, "rally")
  h:apply("poison", { magnitude = 12 })
  rallied = 0
  w:step()
  expect.eq(rallied, 1, "12 poison against 20 hp: the holder lives, its turn starts")
  w:step(2)
  expect.truthy(h:is_dead(), "11 more against 8 hp, as the next turn starts")
  expect.eq(rallied, 1, "no turn_start trigger for the dead")
end)

-- The initiative and sides models ----------------------------------------------------------------

local function duel(w)
  afflict(w:spawn("hero", 0, 0))
  afflict(w:spawn("goblin", 3, 0))
end

cairn.game { name = "duel", width = 5, height = 1, generate = duel,
  turns = { model = "initiative", actions = 2 } }
cairn.game { name = "sides", width = 5, height = 1, generate = duel,
  turns = { model = "sides", actions = 2 } }
-- The cards' turn is the round there: a card holder's statuses decay at its own turn only.
cairn.game { name = "duel_cards", width = 5, height = 1,
  generate = function(w)
    duel(w)
    cairn.cards.setup(w:players()[1], { deck = {} })
  end,
  turns = { model = "initiative", actions = 2 } }

for _, name in ipairs({ "duel", "sides", "duel_cards" }) do
  test(name .. ": the active character's statuses decay as its turn starts and ends", function()
    local g = game(name)
    local hero = g.world:players()[1]
    local goblin = g.world:at(3, 0)
    expect.eq(cairn.turns.active(), hero)
    expect.eq(shape(hero), "4/5/15", "the hero's first turn has started: poison hurt, then decayed")
    expect.eq(shape(goblin), "5/5/20", "not the goblin's turn yet")
    g:input("none")
    g:step()
    expect.eq(shape(hero), "4/5/15", "a beat of the hero's turn: nothing decays")
    g:input("none")
    g:step()
    -- the hero's turn ended, the goblin's two beats, a new round: the hero's turn again
    expect.eq(shape(goblin), "4/4/15", "the goblin's turn started and ended once")
    expect.eq(shape(hero), "3/4/11", "the hero's turn ended, and its next one started")
    expect.eq(cairn.turns.round(), 2)
  end)
end

-- A walk is played out on a copy of the world: only its outcome comes back, so the turns it
-- ends there decay nothing twice.
cairn.game { name = "walk", width = 6, height = 1, generate = duel,
  turns = { model = "sides", actions = 2 } }
cairn.choice { name = "walk", key = "w", target = { among = "cell", range = 5 },
  perform = function(a, answers) return (cairn.turns.walk(a, answers.target.x, 0)) end }

test("a walk that spends the turn ends it once", function()
  local g = game("walk")
  local hero = g.world:players()[1]
  local goblin = g.world:at(3, 0)
  expect.eq(g:choose("walk", { target = { x = 2, y = 0 } }), true)
  g:step()
  expect.eq(hero.x, 2)
  expect.eq(shape(goblin), "4/4/15", "the goblin's turn started and ended once")
  expect.eq(shape(hero), "3/4/11", "the hero's turn ended, and its next one started")
end)

test("undo over a turn's decay comes back to the same game", function()
  local g = game("duel")
  local function play()
    for _ = 1, 3 do
      g:input("none")
      g:step()
    end
  end
  play()
  local sum = g.world:checksum()
  for _ = 1, 3 do expect.eq(g:undo(), true) end
  expect.eq(shape(g.world:players()[1]), "4/5/15", "back at the hero's first turn")
  play()
  expect.eq(g.world:checksum(), sum)
end)
