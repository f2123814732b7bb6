-- Cards: simultaneous triggers - priority order (stable), the decider ordering interactive
-- ones, silent ones last; abilities carried by statuses and items (cairn.cards.grant), and
-- the runtime's events: turn_start, card_played, stack_empty.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { log = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 30, team = 2, targets = { 1 } } }

cairn.effect { name = "note", target = "none", params = { word = "any" },
  run = function(ctx)
    local a = ctx.actor
    a.data.log = a.data.log .. tostring(ctx:value("word")) .. ";"
  end }
local function say(word) return { { note = { word = word } } } end

cairn.ability { name = "a", effect = say("a") }
cairn.ability { name = "b", priority = 2, effect = say("b") }
cairn.ability { name = "c", priority = 2, effect = say("c") }
cairn.ability { name = "d", priority = 1, effect = say("d") }
cairn.ability { name = "quiet", priority = 5, silent = true, effect = say("quiet") }
cairn.ability { name = "asks", interactive = true, effect = say("asks") }
cairn.ability { name = "asks_if_hurt", interactive = function(e) return e.hp < 20 end,
  effect = say("asks_if_hurt") }

-- Thorns: a status that carries an ability; whoever hurts its bearer is hit back.
cairn.ability { name = "thorns_back", trigger = "hurt",
  effect = { { damage = { damage = 2, target = "trigger_source" } } } }
cairn.status { name = "thorns",
  apply = function(e) cairn.cards.grant(e, "thorns_back") end,
  wear_off = function(e) cairn.cards.revoke(e, "thorns_back") end,
  handlers = { damaged = function(ev)
    if ev.actor and ev.actor ~= ev.target then
      cairn.cards.fire("hurt", ev.target, { source = ev.actor })
    end
  end } }

-- An item's ability (granted while carried): energy at each turn's start.
cairn.ability { name = "battery", trigger = "turn_start", effect = { { gain_energy = { energy = 1 } } } }
cairn.ability { name = "echo", trigger = "card_played", effect = say("echo") }
cairn.ability { name = "settle", trigger = "stack_empty", effect = say("settled") }
cairn.card { name = "poke", effect = say("poke") }

local function world()
  local w = scenario { map = "H.r", legend = { H = "hero", r = "rat" } }
  return w, w:players()[1]
end

local function fire(h, names, ask)
  local list = {}
  for i, n in ipairs(names) do list[i] = { actor = h, ability = n } end
  return cairn.cards.trigger("test", list, ask)
end

test("triggers resolve by priority, higher first, stable among equals", function()
  local _, h = world()
  fire(h, { "a", "b", "c", "d" })
  expect.eq(h.data.log, "b;c;d;a;")
  h.data.log = ""
  fire(h, { "c", "a", "b" })
  expect.eq(h.data.log, "c;b;a;", "c came before b: equal priorities keep their order")
end)

test("silent ones resolve last, whatever their priority", function()
  local _, h = world()
  fire(h, { "a", "quiet", "b" })
  expect.eq(h.data.log, "b;a;quiet;")
end)

test("no interactive one: the decider is not asked", function()
  local _, h = world()
  local asked = 0
  cairn.cards.decide(function() asked = asked + 1 return 1 end)
  fire(h, { "a", "b", "d" })
  expect.eq(asked, 0)
  cairn.cards.decide(nil)
end)

test("an interactive one: the decider orders the ones that are not silent", function()
  local _, h = world()
  local seen = {}
  cairn.cards.decide(function(m)
    seen[#seen + 1] = m.kind .. ":" .. #m.options .. ":" .. m.options[1].label
    return #m.options -- the last offered, each time
  end)
  fire(h, { "a", "quiet", "asks", "b" })
  expect.eq(h.data.log, "asks;a;b;quiet;",
    "offered b, a, asks (priority order): the last first, then the last again; silent last")
  expect.eq(seen, { "pick:3:b", "pick:2:b" })
  cairn.cards.decide(nil)
end)

test("by default (the terminal, replays) the order is priority order, unasked", function()
  local _, h = world()
  fire(h, { "a", "asks", "b" })
  expect.eq(h.data.log, "b;a;asks;")
end)

test("interactive may be a function of the state", function()
  local _, h = world()
  local ask = function(m) return #m.options end
  fire(h, { "b", "asks_if_hurt" }, ask)
  expect.eq(h.data.log, "b;asks_if_hurt;", "at full hp it is not interactive")
  h.data.log = ""
  h.hp = 10
  fire(h, { "b", "asks_if_hurt" }, ask)
  expect.eq(h.data.log, "asks_if_hurt;b;")
end)

test("a status carries an ability: thorns hit back whoever hurt its bearer", function()
  local w, h = world()
  local rat = w:at(2, 0)
  h:apply("thorns", 5)
  cairn.resolve(rat, { name = "bite", effect = { { damage = { damage = 3 } } } },
    { targets = { h } })
  expect.eq(h.hp, 17)
  expect.eq(rat.hp, 28, "the thorns' damage, through the trigger source override")
  h:remove("thorns")
  cairn.resolve(rat, { name = "bite", effect = { { damage = { damage = 3 } } } },
    { targets = { h } })
  expect.eq(rat.hp, 28, "revoked with the status")
end)

test("turn_start, card_played and stack_empty fire the abilities carried", function()
  local w, h = world()
  cairn.cards.setup(h, { deck = { "poke" }, energy = 1, draw = 1 })
  cairn.cards.grant(h, "battery")
  cairn.cards.grant(h, "echo")
  cairn.cards.grant(h, "settle")
  w:step()
  expect.eq(cairn.cards.energy(h), 2, "refilled to 1, then the battery's +1")
  h.data.log = ""
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1])
  expect.eq(h.data.log, "poke;settled;echo;settled;",
    "poke's stack runs empty, echo (card_played) resolves and its stack runs empty")
end)
