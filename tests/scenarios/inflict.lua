-- Attacks that carry a status: a poisoned dagger and a stunning slam. The status is in the
-- attacker's stats (inflicts, inflict_magnitude, inflict_beats), on the attack and hit
-- events for handlers to read and change, and lands when the hit reaches its target.

cairn.status { name = "poison" }
cairn.status { name = "stun", handlers = { act_check = function(ev) ev.propagate = false end } }

cairn.entity { name = "rogue", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 10, team = 1, targets = { 2 }, inflicts = "poison", inflict_magnitude = 2,
    inflict_beats = 3 } }
cairn.entity { name = "brute", glyph = "b",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 10, team = 2, targets = { 1 }, damage = 0, inflicts = "stun",
    inflict_beats = 1 } }
cairn.entity { name = "rat", glyph = "t",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 10, team = 2 } }
cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "walker", glyph = "k",
  decorators = { "Attackable", "WithHP", "Killable", "Statused", "Moving", "Displaceable" },
  stats = { hp = 10, team = 1 }, sequence = { { action = "move", movs = "west" } } }

test("a poisoned dagger poisons what it hits, for its beats", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  expect.eq({ rogue.inflicts, rogue.inflict_magnitude, rogue.inflict_beats },
    { "scenario:poison", 2, 3 }, "the stats as the definition gave them, the status by its full name")
  expect.truthy(rogue:attack("e"))
  expect.eq(rat.hp, 9, "the dagger's damage")
  expect.eq(rat:status("poison"), 3, "and its poison")
  expect.eq(rat:magnitude("poison"), 2, "of the dagger's magnitude")
  expect.eq(rat:statuses()[1].source, rogue, "from the rogue")
  local told
  for _, c in ipairs(w:history()) do
    if c.kind == "status_on" then told = { c.entity, c.other, c.magnitude } end
  end
  expect.eq(told, { rat, rogue, 2 }, "the change names the attacker")
end)

test("a hit its target's defence blocks, or that is resisted, poisons nothing", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  local id = rat:hook("defence", function(ev) ev.propagate = false end)
  rogue:attack("e")
  expect.eq(rat:status("poison"), 0, "blocked")
  rat:unhook("defence", id)
  rat.pierce_resistance = 1
  rogue:attack("e")
  expect.eq({ rat.hp, rat:status("poison") }, { 10, 0 }, "pierce resisted: no damage, no poison")
end)

test("a shield that stops poison clears the hit's status and lets the damage through",
  function()
    local w = scenario { map = [[
      rt
    ]] }
    local rogue, rat = w:at(0, 0), w:at(1, 0)
    local seen
    rat:hook("defence", function(ev)
      seen = { ev.inflicts, ev.inflict_magnitude, ev.inflict_beats }
      ev.inflicts = nil
    end)
    local landed
    rat:hook("be_hit", function(ev) landed = ev.inflicted end)
    rogue:attack("e")
    expect.eq(seen, { "scenario:poison", 2, 3 }, "the defence reads the hit's status")
    expect.eq({ rat.hp, rat:status("poison"), landed }, { 9, 0, 0 })
  end)

test("attack_get may change the status an attack carries", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  rogue:hook("attack_get", function(ev)
    expect.eq(ev.inflicts, "scenario:poison")
    ev.inflicts, ev.inflict_beats = "stun", 5
  end)
  rogue:attack("e")
  expect.eq({ rat:status("poison"), rat:status("stun") }, { 0, 5 })
end)

test("a stunning slam of no damage stuns its target, who loses its next beat", function()
  local w = scenario { map = [[
    bk.
  ]] }
  local brute, walker = w:at(0, 0), w:at(1, 0)
  expect.truthy(brute:attack("e"))
  expect.eq({ walker.hp, walker:status("stun") }, { 10, 1 }, "no damage, but stunned")
  w:step()
  expect.falsy(walker.last.check_success, "stunned: its beat is lost")
  expect.eq(walker.x, 1)
end)

test("an attack that carries no beats lands a lasting status", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  rogue.inflict_beats = 0
  rogue:attack("e")
  expect.truthy(rat:statuses()[1].lasting)
end)

test("an entity's status can be read, changed and taken away", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  rogue.inflicts = "stun"
  expect.eq(rogue.inflicts, "scenario:stun")
  rogue.inflicts = nil
  expect.eq(rogue.inflicts, nil)
  rogue:attack("e")
  expect.eq({ rat:status("poison"), rat:status("stun") }, { 0, 0 }, "it carries none now")
  expect.eq(rat.inflicts, nil, "a rat does not attack: it has no such stat")
  expect.error(function() rogue.inflicts = "plague" end, "unknown status 'plague'")
end)

test("an aimed attack carries the status it is given, in place of the attacker's", function()
  local w = scenario { map = [[
    r.t
  ]] }
  local rogue, rat = w:at(0, 0), w:at(2, 0)
  expect.truthy(rogue:attack_on({ rat }, 0, nil, nil, nil,
    { inflicts = "stun", inflict_magnitude = 3, inflict_beats = 2 }))
  expect.eq({ rat.hp, rat:status("stun"), rat:magnitude("stun"), rat:status("poison") },
    { 10, 2, 3, 0 })
  rogue:attack_on({ rat }, 1, nil, nil, nil, { inflicts = nil })
  expect.eq({ rat.hp, rat:status("poison") }, { 9, 0 }, "a status table of none: none")
end)

-- The status chains see an attack's status as any status given: the attacker's status_give,
-- the target's status_receive.
cairn.status { name = "marked", stacking = "intensity", decay = { by = 1, when = "hit" } }
cairn.entity { name = "warded", glyph = "w",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 10, team = 2 },
  handlers = { status_receive = function(ev)
    if ev.status == "scenario:poison" then ev.propagate = false end
  end } }
cairn.entity { name = "venomous", glyph = "v",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 10, team = 1, targets = { 2 }, inflicts = "poison", inflict_magnitude = 2 },
  handlers = { status_give = function(ev) ev.magnitude = ev.magnitude * 2 end } }

test("a target immune to poison by status_receive takes the damage, not the poison", function()
  local w = scenario { map = [[
    rw
  ]] }
  local rogue, warded = w:at(0, 0), w:at(1, 0)
  rogue:attack("e")
  expect.eq({ warded.hp, warded:status("poison") }, { 9, 0 })
end)

test("the attacker's status_give may double its poison", function()
  local w = scenario { map = [[
    vt
  ]] }
  local venomous, rat = w:at(0, 0), w:at(1, 0)
  venomous:attack("e")
  expect.eq(rat:magnitude("poison"), 4)
  local hit
  rat:hook("be_hit", function(ev) hit = ev.inflicted end)
  venomous:attack("e")
  expect.eq(hit, 4, "ev.inflicted is what landed")
end)

test("a hit wears down the statuses its target had, not the one it brings", function()
  local w = scenario { map = [[
    rt
  ]] }
  local rogue, rat = w:at(0, 0), w:at(1, 0)
  rogue.inflicts, rogue.inflict_magnitude = "marked", 3
  rogue:attack("e")
  expect.eq(rat:magnitude("marked"), 3, "the hit that brings it does not wear it")
  rogue.inflicts = nil
  rogue:attack("e")
  expect.eq(rat:magnitude("marked"), 2, "the next hit does")
end)
