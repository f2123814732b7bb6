-- Cards: the statuses a card's effects give. `damage` carries a status (its `status`
-- parameter, with the values `magnitude` and `beats`) that lands as an attack's does: on a
-- hit that reaches its target. "H" is the hero, "r" rats, "t" a totem that cannot attack.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } } }
cairn.entity { name = "totem", glyph = "t",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" }, stats = { hp = 5, team = 1 } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" }, stats = { hp = 10, team = 2 } }
cairn.status { name = "poison" }
cairn.status { name = "stun" }

local function world()
  local w = scenario { map = [[
    Hr.r
    t...
  ]], legend = { H = "hero", r = "rat", t = "totem" } }
  return w, w:players()[1], w:at(1, 0), w:at(3, 0), w:at(0, 1)
end

local function play(actor, effect, targets)
  cairn.resolve(actor, { name = "test", effect = { effect } }, { targets = targets })
end

test("a poisoned strike: damage that carries poison lands both", function()
  local _, h, r1 = world()
  play(h, { damage = { damage = 2, status = "poison", magnitude = 2, beats = 3 } }, { r1 })
  expect.eq({ r1.hp, r1:status("poison"), r1:magnitude("poison") }, { 8, 3, 2 })
  expect.eq(r1:statuses()[1].source, h, "the hero poisoned it")
end)

test("apply_status gives its magnitude, from the actor", function()
  local _, h, r1 = world()
  play(h, { apply_status = { status = "poison", magnitude = 3, beats = 2 } }, { r1 })
  local row = r1:statuses()[1]
  expect.eq({ row.magnitude, row.beats, row.source }, { 3, 2, h })
  play(h, { apply_status = { status = "stun" } }, { r1 })
  expect.eq({ r1:status("stun"), r1:magnitude("stun") }, { 1, 1 }, "by default: 1 beat, 1")
end)

test("a slam of no damage still stuns; a blocked one does not", function()
  local _, h, r1, r2 = world()
  r2:hook("defence", function(ev) ev.propagate = false end)
  play(h, { damage = { damage = 0, status = "stun", beats = 2 } }, { r1, r2 })
  expect.eq({ r1.hp, r1:status("stun") }, { 10, 2 }, "no damage, stunned")
  expect.eq(r2:status("stun"), 0, "blocked: not stunned")
end)

test("damage without a status gives none, whatever the card's values say", function()
  local _, h, r1 = world()
  cairn.resolve(h, { name = "test", values = { beats = 4, magnitude = 3 },
    effect = { { damage = { damage = 1 } } } }, { targets = { r1 } })
  expect.eq({ r1.hp, r1:status("poison"), r1:status("stun") }, { 9, 0, 0 })
end)

test("an actor that cannot attack hurts and gives the status directly", function()
  local _, _, r1, _, totem = world()
  play(totem, { damage = { damage = 1, status = "poison", beats = 2 } }, { r1 })
  expect.eq({ r1.hp, r1:status("poison") }, { 9, 2 })
  expect.eq(r1:statuses()[1].source, totem)
end)
