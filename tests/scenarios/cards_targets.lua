-- Cards: target overrides and the dead filter; the meta effects (validate, repeat, x_cost)
-- and their nesting. "H" is the hero (team 1, hits team 2), "f" a friend (team 1), "r" rats
-- (team 2).

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { log = "" } }
cairn.entity { name = "friend", glyph = "f",
  decorators = { "Attackable", "WithHP", "Killable" }, stats = { hp = 5, team = 1 } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" }, stats = { hp = 10, team = 2 } }
cairn.status { name = "dazed" }

-- mark: writes each target's cell into the actor's log.
cairn.effect { name = "mark", params = {},
  run = function(ctx, t)
    local a = ctx.actor
    a.data.log = a.data.log .. t.x .. "," .. t.y .. ";"
  end }
cairn.effect { name = "note", target = "none", params = { word = "any" },
  run = function(ctx)
    local a = ctx.actor
    a.data.log = a.data.log .. tostring(ctx:value("word")) .. ";"
  end }

local MAP = [[
  H.r.r
  f.r..
  ....r
]]

local function world(seed)
  local w = scenario { map = MAP, seed = seed or 1,
    legend = { H = "hero", f = "friend", r = "rat" } }
  return w, w:players()[1]
end

local function marks(h, override, opts, extra)
  h.data.log = ""
  local params = { target = override }
  for k, v in pairs(extra or {}) do params[k] = v end
  cairn.resolve(h, { name = "marks", effect = { { mark = params } } }, opts or { targets = {} })
  return h.data.log
end

-- Overrides ----------------------------------------------------------------------------------

test("no override: the chosen targets", function()
  local w, h = world()
  expect.eq(marks(h, nil, { targets = { w:at(2, 1), w:at(4, 2) } }), "2,1;4,2;")
end)

test("self", function()
  local _, h = world()
  expect.eq(marks(h, "self"), "0,0;")
end)

test("all_enemies: every foe of the actor's targets teams, not friends", function()
  local _, h = world()
  expect.eq(marks(h, "all_enemies"), "2,0;4,0;2,1;4,2;")
end)

test("area: everyone within radius of the chosen cell", function()
  local _, h = world()
  expect.eq(marks(h, "area", { cell = { x = 3, y = 1 } }, { radius = 1 }), "2,0;4,0;2,1;4,2;")
  expect.eq(marks(h, "area", { cell = { x = 2, y = 0 } }, { radius = 1 }), "2,0;2,1;")
  expect.eq(marks(h, "area", { cell = { x = 1, y = 1 } }), "0,0;2,0;0,1;2,1;",
    "radius 1 by default, friend and actor too: an area does not choose sides")
end)

test("random_enemy: one foe, from the world's generator", function()
  local first = {}
  for seed = 1, 6 do
    local _, h = world(seed)
    local m = marks(h, "random_enemy")
    expect.truthy(m:match("^%d,%d;$"), "one target: " .. m)
    local _, again = world(seed)
    expect.eq(marks(again, "random_enemy"), m, "the same seed, the same foe")
    first[m] = true
  end
  local n = 0
  for _ in pairs(first) do n = n + 1 end
  expect.truthy(n > 1, "different seeds pick different foes")
end)

test("adjacent: everyone next to the actor", function()
  local _, h = world()
  expect.eq(marks(h, "adjacent"), "0,1;")
end)

test("line: from the actor through the chosen cell, for length cells", function()
  local _, h = world()
  expect.eq(marks(h, "line", { cell = { x = 4, y = 0 } }), "2,0;4,0;")
  expect.eq(marks(h, "line", { cell = { x = 1, y = 0 } }, { length = 2 }), "2,0;")
  expect.eq(marks(h, "line", { cell = { x = 0, y = 2 } }), "0,1;", "straight down")
  expect.eq(marks(h, "line", { cell = { x = 1, y = 1 } }, { length = 4 }), "",
    "the diagonal holds no one")
end)

test("trigger_source: what set the ability off", function()
  local w, h = world()
  expect.eq(marks(h, "trigger_source", { targets = {}, source = w:at(0, 1) }), "0,1;")
  expect.eq(marks(h, "trigger_source"), "", "no source, no target")
end)

test("dead targets are dropped, unless force_dead_targets", function()
  local w, h = world()
  local rat = w:at(2, 0)
  -- LIFO: the damage kills the rat before mark looks for its targets
  cairn.resolve(h, { name = "kill_then_mark",
    effect = { { mark = {} }, { damage = { damage = 50 } } } }, { targets = { rat } })
  expect.truthy(rat:is_dead())
  expect.eq(h.data.log, "")
  local other = w:at(4, 0)
  cairn.resolve(h, { name = "kill_then_mark_anyway",
    effect = { { mark = { force_dead_targets = true } }, { damage = { damage = 50 } } } },
    { targets = { other } })
  expect.truthy(other:is_dead())
  expect.eq(h.data.log, "4,0;")
end)

test("damage is an attack: the history has it, the kill is the actor's", function()
  local w, h = world()
  local rat = w:at(2, 0)
  cairn.resolve(h, { name = "hit", effect = { { damage = { damage = 3 } } } },
    { targets = { rat } })
  expect.eq(rat.hp, 7)
  local attacked = false
  for _, c in ipairs(w:history()) do
    if c.kind == "attacked" and c.entity == rat and c.other == h then attacked = true end
  end
  expect.truthy(attacked)
end)

-- Meta effects -------------------------------------------------------------------------------

local function say(word) return { note = { word = word } } end

test("validate: passed when every validator holds, else failed", function()
  local _, h = world()
  local ab = { name = "v", effect = { { validate = {
    validators = { { hp_below = 10 }, { has_status = "dazed" } },
    passed = { say("yes") }, failed = { say("no") } } } } }
  cairn.resolve(h, ab)
  expect.eq(h.data.log, "no;")
  h.hp = 5
  cairn.resolve(h, ab)
  expect.eq(h.data.log, "no;no;", "one of two holds: failed")
  h:apply("dazed", 3)
  cairn.resolve(h, ab)
  expect.eq(h.data.log, "no;no;yes;")
end)

test("validate: cards in hand, energy, of the target", function()
  local w, h = world()
  cairn.cards.setup(h, { energy = 2 })
  cairn.cards.set_energy(h, 2)
  local ab = { name = "v", effect = { { validate = {
    validators = { { energy_at_least = 2 }, { cards_in_hand = 0 } },
    passed = { say("rich") }, failed = { say("poor") } } } } }
  cairn.resolve(h, ab)
  cairn.cards.set_energy(h, 1)
  cairn.resolve(h, ab)
  expect.eq(h.data.log, "rich;poor;")
  h.data.log = ""
  cairn.resolve(h, { name = "t", effect = { { validate = { of = "target",
    validators = { { hp_below = 6 } }, passed = { say("weak") }, failed = { say("strong") } } } } },
    { targets = { w:at(0, 1) } })
  expect.eq(h.data.log, "weak;", "the friend has 5 hp")
end)

test("repeat: the payload n times, n a number or a value's name", function()
  local _, h = world()
  cairn.resolve(h, { name = "r", effect = { { ["repeat"] = { times = 3, payload = { say("x") } } } } })
  expect.eq(h.data.log, "x;x;x;")
  h.data.log = ""
  cairn.cards.setup(h, { deck = {} })
  h.data.hits = 2
  cairn.resolve(h, { name = "r2",
    effect = { { ["repeat"] = { times = "hits", payload = { say("y") } } } } })
  expect.eq(h.data.log, "y;y;", "times from the actor's value 'hits'")
end)

test("repeat hits visibly: a five-hit attack is five attacks", function()
  local w, h = world()
  local rat = w:at(2, 0)
  cairn.resolve(h, { name = "flurry", effect = { { ["repeat"] = { times = 5,
    payload = { { damage = { damage = 1 } } } } } } }, { targets = { rat } })
  expect.eq(rat.hp, 5)
  local hits = 0
  for _, c in ipairs(w:history()) do
    if c.kind == "attacked" and c.entity == rat then hits = hits + 1 end
  end
  expect.eq(hits, 5)
end)

test("x_cost: its payload's numbers times the energy paid", function()
  local w, h = world()
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, 3)
  local rat = w:at(2, 0)
  cairn.resolve(h, { name = "x", cost = { energy = "X" },
    effect = { { x_cost = { payload = { { damage = { damage = 2 } } } } } } },
    { targets = { rat }, answers = { x = 3 } })
  expect.eq(rat.hp, 4, "2 x 3")
  expect.eq(cairn.cards.energy(h), 0)
end)

test("x_cost around repeat: X hits of the base damage", function()
  local w, h = world()
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, 4)
  local rat = w:at(2, 0)
  cairn.resolve(h, { name = "x", cost = { energy = "X" },
    effect = { { x_cost = { values = { "times" }, payload = { { ["repeat"] = { times = 1,
      payload = { { damage = { damage = 2 } } } } } } } } } },
    { targets = { rat }, answers = { x = 4 } })
  expect.eq(rat.hp, 2, "four hits of 2")
end)

test("repeat around x_cost, and validate inside both", function()
  local _, h = world()
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, 2)
  cairn.resolve(h, { name = "x", cost = { energy = "X" },
    effect = { { ["repeat"] = { times = 2, payload = { { x_cost = { payload = {
      { validate = { validators = { { hp_at_least = 1 } }, passed = { say(5) } } } } } } } } } } },
    { answers = { x = 2 } })
  expect.eq(h.data.log, "10;10;", "twice, each 5 x 2, through a validator")
end)

test("x_cost nested in x_cost multiplies twice", function()
  local _, h = world()
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, 3)
  cairn.resolve(h, { name = "xx", cost = { energy = "X" },
    effect = { { x_cost = { payload = { { x_cost = { payload = { say(1) } } } } } } } },
    { answers = { x = 3 } })
  expect.eq(h.data.log, "9;")
end)
