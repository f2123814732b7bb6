-- Cards in tests: setting energy and points, and a failed play that says why.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 20, team = 1, targets = { 2 } } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable" }, stats = { hp = 10, team = 2 } }
cairn.card { name = "strike", cost = { energy = 1 }, values = { damage = 6 },
  target = { range = 1 }, effect = { { damage = {} } } }

local function world()
  local w = scenario { map = "Hr", legend = { H = "hero", r = "rat" } }
  local h = w:players()[1]
  cairn.cards.setup(h, { deck = {} })
  return w, h, w:at(1, 0)
end

test("setup gives no energy until the first turn; set_energy gives it at once", function()
  local _, h, rat = world()
  local strike = cairn.cards.add(h, "strike", "hand")
  expect.eq(cairn.cards.energy(h), 0)
  cairn.cards.set_energy(h, 3)
  expect.ok(cairn.cards.play(h, strike, { target = rat }))
  expect.eq(rat.hp, 4)
  expect.eq(cairn.cards.energy(h), 2)
end)

test("set_points sets the action and reaction points left this turn", function()
  local _, h, rat = world()
  cairn.cards.set_energy(h, 3)
  cairn.cards.set_points(h, { actions = 0 })
  expect.eq(cairn.cards.points(h), { actions = 0, reactions = 2 }, "reactions as they were")
  local strike = cairn.cards.add(h, "strike", "hand")
  local ok, why = cairn.cards.play(h, strike, { target = rat })
  expect.falsy(ok)
  expect.eq(why, "no action points left this turn")
  cairn.cards.set_points(h, { actions = 1, reactions = 0 })
  expect.eq(cairn.cards.points(h), { actions = 1, reactions = 0 })
  expect.ok(cairn.cards.play(h, strike, { target = rat }))
  local err = expect.error(function() cairn.cards.set_points(h, { actions = -1 }) end,
    "actions points are a whole number, 0 or more, not -1")
  expect.truthy(err:find("^scenario:cards_setters.lua:%d+:"), "placed at the caller: " .. err)
end)

test("the next turn refills the points set", function()
  local w, h = world()
  cairn.cards.set_points(h, { actions = 0, reactions = 0 })
  for _ = 1, 4 do w:step() end
  expect.eq(cairn.cards.points(h), { actions = 2, reactions = 2 })
end)

test("expect.ok fails with why a play failed", function()
  local _, h, rat = world()
  local strike = cairn.cards.add(h, "strike", "hand")
  local message = expect.error(function()
    expect.ok(cairn.cards.play(h, strike, { target = rat }))
  end)
  expect.truthy(message:find("expected success, got false: needs 1 energy, has 0", 1, true),
    message)
  message = expect.error(function()
    local ok, why = cairn.cards.play(h, strike, { target = rat })
    expect.ok(ok, why, "the strike")
  end)
  expect.truthy(message:find("the strike: expected success, got false: needs 1 energy", 1,
    true), message)
end)
