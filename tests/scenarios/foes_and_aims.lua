-- e:foes, e:is_foe and e:attack_on: the core's calls for an actor's foes and for an attack
-- at targets its caller gives (what card effects use).

cairn.entity { name = "hero", glyph = "h",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 1, targets = { 2 }, damage = 1 } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 2, targets = { 1 } } }
cairn.entity { name = "squire", glyph = "s", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 1 } }
cairn.source("fire")

test("an actor's foes are the living reals of the teams it attacks, by row and column", function()
  local w = scenario { map = [[
    g..s
    .h.g
  ]] }
  local h, g1, s, g2 = w:at(1, 1), w:at(0, 0), w:at(3, 0), w:at(3, 1)
  expect.eq(h:foes(), { g1, g2 }, "the goblins, not the squire")
  expect.eq(h:foes(nil), { g1, g2 }, "into nil: a new list")
  expect.eq(g1:foes(), { s, h }, "a goblin's: the hero's team, row 0 first")
  expect.truthy(h:is_foe(g2), "a goblin is the hero's foe")
  expect.falsy(h:is_foe(s), "a squire is not")
  expect.falsy(h:is_foe(h), "nor is the hero itself")
  expect.eq(s:foes(), { g1, g2 }, "one that does not attack: every team but its own")
  local into = { "old", "older", "oldest" }
  expect.eq(h:foes(into), { g1, g2 }, "filled again in the table given")
  expect.eq(into, { g1, g2 }, "what it held past them gone")
  g1:kill()
  expect.eq(h:foes(), { g2 }, "the dead are no foes")
end)

test("an attack on given targets hits them with its numbers, through the usual stages", function()
  local w = scenario { map = [[
    g..g
    .h..
  ]] }
  local h, g1, g2 = w:at(1, 1), w:at(0, 0), w:at(3, 0)
  local seen
  h:hook("attack_get", function(ev) ev.damage = 100 end)
  g1:hook("defence", function(ev) seen = { ev.damage, ev.source } end)
  expect.truthy(h:attack_on({ g1, g2 }, 3, nil, nil, "fire"), "it hits")
  expect.eq({ g1.hp, g2.hp }, { 7, 7 }, "its damage, not attack_get's")
  expect.eq(seen, { 3, "fire" }, "the defence sees the attack as aimed")
  g2:kill()
  expect.falsy(h:attack_on({ g2 }, 3), "no one living to hit: it fails")
  w:step()
  expect.truthy(h:attack_on({ g2, g1 }, 1), "one gone (reaped) is left out, as the dead are")
  expect.eq(g1.hp, 6)
  expect.truthy(h:attack("n") == false, "a later attack is the usual kind: nothing north")
end)
