-- Cards: the stack of effects (LIFO, queues, locking, the empty event) and the value
-- hierarchy (shadowed -> effect -> play request -> card -> actor) with aliasing. "H" is a
-- hero with piles; "r" rats to hit.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { log = "", power_word = 4 } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 300, team = 2, targets = { 1 } } }

-- note: writes what it is given (a value looked up as `word`) into the actor's log, so that
-- a test reads the order effects resolved in and the values they saw.
cairn.effect { name = "note", target = "none", params = { word = "any" },
  run = function(ctx)
    local a = ctx.actor
    a.data.log = a.data.log .. tostring(ctx:value("word")) .. ";"
  end }

-- push_more: pushes a payload while it resolves (it goes on top of the stack).
cairn.effect { name = "push_more", target = "none", params = { payload = "payload" },
  run = function(ctx) ctx:push(ctx.params.payload) end }

-- resolve_inner: resolves another ability while resolving: locked, it only adds to the stack.
cairn.effect { name = "resolve_inner", target = "none", params = {},
  run = function(ctx)
    cairn.resolve(ctx.actor, "inner", { targets = {} })
    local a = ctx.actor
    a.data.log = a.data.log .. "after-inner;"
  end }

cairn.ability { name = "inner", effect = { { note = { word = "inner" } } } }

cairn.ability { name = "abc",
  effect = { { note = { word = "a" } }, { note = { word = "b" } }, { note = { word = "c" } } } }
cairn.ability { name = "abc_one_queue", one_queue = true,
  effect = { { note = { word = "a" } }, { note = { word = "b" } }, { note = { word = "c" } } } }
cairn.ability { name = "pushes", effect = {
  { note = { word = "last" } },
  { push_more = { payload = { { note = { word = "pushed1" } }, { note = { word = "pushed2" } } } } },
  { note = { word = "first" } } } }
cairn.ability { name = "queue_then_push", one_queue = true, effect = {
  { push_more = { payload = { { note = { word = "pushed" } } } } },
  { note = { word = "rest_of_queue" } } } }
cairn.ability { name = "nested", effect = { { note = { word = "outer" } }, { resolve_inner = {} } } }

-- The value hierarchy: `word` from each level in turn.
cairn.card { name = "says", values = { word = "card" },
  effect = { { note = {} } } }
cairn.ability { name = "says_actor", effect = { { note = { word = nil } } } }
cairn.card { name = "says_param", values = { word = "card" },
  effect = { { note = { word = "param" } } } }
-- Aliasing: one card, two values for the same parameter, both the card's.
cairn.card { name = "two_blocks", values = { block = 10, other_block = 6 },
  effect = { { block = {} }, { block = { custom_key_names = { block = "other_block" } } },
    { block = { block = 7 } } } }
-- A card that writes back on purpose: the request is a copy; the card instance is not.
cairn.effect { name = "grow", target = "none", params = {},
  run = function(ctx)
    local r = ctx.request
    r.values.damage = r.values.damage + 100 -- the copy: this play only
    r.card.values.damage = r.card.values.damage + 1 -- the card, for good
  end }
cairn.card { name = "growing", values = { damage = 3 }, target = { range = 1 },
  effect = { { damage = {} }, { grow = {} }, { damage = {} } } }

local function world(map)
  local w = scenario { map = map or "Hr", legend = { H = "hero", r = "rat" } }
  local h = w:players()[1]
  return w, h
end

local function log(h)
  return h.data.log
end

test("a payload resolves last in first out: each effect is its own queue", function()
  local _, h = world()
  expect.eq(cairn.resolve(h, "abc"), true)
  expect.eq(log(h), "c;b;a;")
end)

test("a payload pushed as one queue resolves in the order written", function()
  local _, h = world()
  cairn.resolve(h, "abc_one_queue")
  expect.eq(log(h), "a;b;c;")
end)

test("effects pushed while resolving go on top and resolve next", function()
  local _, h = world()
  cairn.resolve(h, "pushes")
  expect.eq(log(h), "first;pushed2;pushed1;last;")
end)

test("the current queue runs to its end before what its effects pushed", function()
  local _, h = world()
  cairn.resolve(h, "queue_then_push")
  expect.eq(log(h), "rest_of_queue;pushed;")
end)

test("resolving is locked: an ability resolved by an effect waits its turn on the stack",
  function()
    local _, h = world()
    cairn.resolve(h, "nested")
    expect.eq(log(h), "after-inner;inner;outer;",
      "the inner ability's effect runs after the effect that resolved it returned")
    expect.eq(#cairn.cards.stack(), 0, "the stack is empty afterwards")
  end)

test("values: the effect's parameter wins over the card's", function()
  local _, h = world()
  cairn.cards.setup(h, { deck = { "says_param" } })
  cairn.cards.draw(h, 1)
  expect.eq(cairn.cards.play(h, cairn.cards.pile(h, "hand")[1]), true)
  expect.eq(log(h), "param;")
end)

test("values: the play request's copy of the card's values, then the actor's data", function()
  local _, h = world()
  cairn.cards.setup(h, { deck = { "says" } })
  cairn.cards.draw(h, 1)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1])
  expect.eq(log(h), "card;")
  h.data.word = "actor"
  cairn.resolve(h, "says_actor")
  expect.eq(log(h), "card;actor;", "no card: the actor's data")
end)

test("values: an actor's stat comes before its data", function()
  local _, h = world()
  cairn.resolve(h, { name = "reads_hp", effect = { { note = { custom_key_names = { word = "hp" } } } } })
  expect.eq(log(h), "20;", "custom_key_names reads hp, a stat of the actor")
end)

test("values: shadowed values (an x_cost's multiplier) win over everything", function()
  local _, h = world()
  cairn.cards.setup(h, { energy = 3 })
  cairn.cards.set_energy(h, 3)
  cairn.resolve(h, { name = "x", cost = { energy = "X" },
    effect = { { x_cost = { payload = { { note = { word = 5 } } } } } } }, { answers = { x = 2 } })
  expect.eq(log(h), "10;")
  expect.eq(cairn.cards.energy(h), 1, "X energy was paid")
end)

test("aliasing: custom_key_names reads another card value", function()
  local w, h = world()
  cairn.cards.setup(h, { deck = { "two_blocks" } })
  cairn.cards.draw(h, 1)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1])
  expect.eq(h.data.block, 23, "7 (its own parameter) + 6 (other_block) + 10 (block)")
  -- the block soaks a hit before armour
  local r = w:at(1, 0)
  cairn.resolve(r, { name = "bite", effect = { { damage = { damage = 25 } } } },
    { targets = { h } })
  expect.eq(h.hp, 18)
  expect.eq(h.data.block, 0)
end)

test("the play request copies the card's values; a write to the card lasts", function()
  local w, h = world()
  cairn.cards.setup(h, { deck = { "growing" } })
  cairn.cards.draw(h, 1)
  local rat = w:at(1, 0)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], { target = rat })
  expect.eq(rat.hp, 300 - 3 - 103, "3 first (LIFO), then 103 after grow changed the copy")
  local card = cairn.cards.pile(h, "discard")[1]
  expect.eq(card.values.damage, 4, "grow wrote back +1 on purpose; the +100 was the copy's")
end)

test("the stack runs empty; resolving counts every effect", function()
  local _, h = world()
  local before = cairn.cards.resolved()
  cairn.resolve(h, "abc")
  expect.eq(cairn.cards.resolved() - before, 3)
  expect.eq(#cairn.cards.stack(), 0)
end)
