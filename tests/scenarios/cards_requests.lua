-- Cards: each play has its own play request. The runtime fills the request of an earlier play
-- of the same ability again when content never had it in hand (a payload of built-in effects
-- only): nothing of the earlier play - its values, targets, cell, X or exhaust - may show in
-- the next. A request content had (an effect type of its own, an effect function) stays that
-- play's. "H" is a hero with piles; "r" rats to hit.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" }, stats = { hp = 30, team = 2 } }

cairn.status { name = "marked" }

-- Built-in effects only: their requests are filled again from play to play.
cairn.card { name = "jab", values = { damage = 2 }, upgrade = { values = { damage = 5 } },
  target = { range = 3 }, effect = { { damage = {} } } }
-- The upgrade adds a value the plain card lacks: the plain card's play must not see it.
cairn.card { name = "hex", values = { status = "marked" }, upgrade = { values = { beats = 5 } },
  target = { range = 3 }, effect = { { apply_status = {} } } }
-- Exhausts itself when another card is in hand, else goes to the discard pile.
cairn.card { name = "last_words", effect = { { validate = { of = "self",
  validators = { { cards_in_hand = 1 } }, passed = { { exhaust = {} } } } } } }
cairn.ability { name = "zap", effect = { { damage = { damage = 1 } } } }
cairn.ability { name = "blast", effect = { { damage = { damage = 1, target = "area" } } } }
cairn.ability { name = "surge", cost = { energy = "X" },
  effect = { { x_cost = { payload = { { damage = { damage = 2 } } } } } } }

-- keep: an effect type of content's, which keeps the requests it is given.
local kept = {}
cairn.effect { name = "keep", target = "none", params = {},
  run = function(ctx) kept[#kept + 1] = ctx.request end }
cairn.ability { name = "zap_and_keep", effect = { { damage = { damage = 1 } }, { keep = {} } } }

local function world(map)
  local w = scenario { map = map or "Hr.r", legend = { H = "hero", r = "rat" } }
  local h = w:players()[1]
  cairn.cards.setup(h, { energy = 9, actions = 99 })
  cairn.cards.set_energy(h, 9)
  return w, h
end

local function play_first(h, opts)
  expect.eq(cairn.cards.play(h, cairn.cards.pile(h, "hand")[1], opts), true)
end

test("a card played again copies its own values: an upgraded copy's do not stay", function()
  local w, h = world()
  local rat = w:at(1, 0)
  cairn.cards.add(h, "jab", "hand", true)
  cairn.cards.add(h, "jab", "hand")
  play_first(h, { target = rat })
  expect.eq(rat.hp, 25, "the upgraded copy deals 5")
  play_first(h, { target = rat })
  expect.eq(rat.hp, 23, "the plain copy deals its own 2")
end)

test("a value only the earlier play's card had is not seen by the next play", function()
  local w, h = world()
  local near, far = w:at(1, 0), w:at(3, 0)
  cairn.cards.add(h, "hex", "hand", true)
  cairn.cards.add(h, "hex", "hand")
  play_first(h, { target = near })
  expect.eq(near:status("marked"), 5, "the upgrade's beats")
  play_first(h, { target = far })
  expect.eq(far:status("marked"), 1, "no beats value: apply_status's default")
end)

test("a play that exhausted its card does not exhaust the next copy", function()
  local _, h = world()
  cairn.cards.add(h, "last_words", "hand")
  cairn.cards.add(h, "last_words", "hand")
  play_first(h)
  expect.eq(#cairn.cards.pile(h, "exhaust"), 1, "another card was in hand: exhausted")
  play_first(h)
  expect.eq(#cairn.cards.pile(h, "exhaust"), 1)
  expect.eq(#cairn.cards.pile(h, "discard"), 1, "the hand was empty: discarded")
end)

test("the next play has its own targets, cell and X", function()
  local w, h = world()
  local near, far = w:at(1, 0), w:at(3, 0)
  cairn.resolve(h, "zap", { targets = { near, far } })
  cairn.resolve(h, "zap", { targets = { near } })
  expect.eq(near.hp, 28)
  expect.eq(far.hp, 29, "only the first play had it among its targets")
  cairn.resolve(h, "blast", { targets = {}, cell = { x = 3, y = 0 } })
  cairn.resolve(h, "blast", { targets = {} })
  expect.eq(far.hp, 28, "the second play has no cell to blast around")
  cairn.resolve(h, "surge", { targets = { near }, answers = { x = 3 } })
  expect.eq(near.hp, 22, "X = 3: 6 damage")
  cairn.resolve(h, "surge", { targets = { near }, answers = { x = 1 } })
  expect.eq(near.hp, 20, "X = 1: 2 damage")
  expect.eq(cairn.cards.energy(h), 5)
end)

test("a request content was given stays that play's", function()
  local w, h = world()
  local near, far = w:at(1, 0), w:at(3, 0)
  kept = {}
  cairn.resolve(h, "zap_and_keep", { targets = { near } })
  cairn.resolve(h, "zap_and_keep", { targets = { far } })
  cairn.resolve(h, "zap_and_keep", { targets = { near, far } })
  expect.eq(#kept, 3)
  expect.eq(kept[1] ~= kept[2] and kept[2] ~= kept[3], true, "three plays, three requests")
  expect.eq(#kept[1].targets, 1)
  expect.eq(kept[1].targets[1], near)
  expect.eq(kept[2].targets[1], far)
  expect.eq(#kept[3].targets, 2)
end)
