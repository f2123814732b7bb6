-- Cards: enemies' sequence steps play abilities as data - the action "cast" of the Casting
-- decorator resolves the ability e.data.cast names, at the foe along the step's direction.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } } }

cairn.ability { name = "hex", target = { range = 3 }, effect = { { damage = { damage = 2 } } },
  msg = "The shaman hexes you." }
cairn.ability { name = "slam", effect = { { damage = { damage = 3, target = "adjacent" } } } }
cairn.ability { name = "rally", once = "per_turn", effect = { { heal = { heal = 1 } } } }

local caster = { "Casting", "Attacking", "Attackable", "WithHP", "Killable" }
cairn.entity { name = "shaman", glyph = "s", decorators = caster,
  stats = { hp = 5, team = 2, targets = { 1 } }, data = { cast = "hex" },
  sequence = { { action = "cast", movs = "basic" } } }
-- No target prompt: the slam needs no direction, so the simple algorithm does it each beat.
cairn.entity { name = "brute", glyph = "b", decorators = caster,
  stats = { hp = 5, team = 2, targets = { 1 } }, data = { cast = "slam" },
  algo = "simple", sequence = { { action = "cast", movs = "none" } } }
-- A step's enter chooses what the next cast is: slam, then hex, in turn.
cairn.entity { name = "warlock", glyph = "w", decorators = caster,
  stats = { hp = 5, team = 2, targets = { 1 } },
  sequence = {
    { action = "cast", movs = "basic", enter = function(e) e.data.cast = "slam" end },
    { action = "cast", movs = "basic", enter = function(e) e.data.cast = "hex" end } } }
cairn.entity { name = "mute", glyph = "m", decorators = caster,
  stats = { hp = 5, team = 2, targets = { 1 } }, algo = "simple",
  sequence = { { action = "cast", movs = "none" } } }
cairn.entity { name = "healer", glyph = "k", decorators = caster,
  stats = { hp = 2, max_hp = 5, team = 2, targets = { 1 } }, data = { cast = "rally" },
  algo = "simple", sequence = { { action = "cast", movs = "none" } } }

test("a shaman's cast hexes the hero three cells away, through the stack", function()
  local w = scenario { map = "H..s" }
  local h = w:at(0, 0)
  w:step()
  expect.eq(h.hp, 18)
  local attacked = false
  for _, c in ipairs(w:history()) do
    attacked = attacked or (c.kind == "attacked" and c.entity == h and c.other == w:at(3, 0))
  end
  expect.truthy(attacked, "the hex is the shaman's attack")
end)

test("out of range there is no one to hex: the cast fails", function()
  local w = scenario { map = "H...s" }
  local h = w:at(0, 0)
  w:step()
  expect.eq(h.hp, 20)
end)

test("a brute's slam hits everyone next to it, with no direction", function()
  local w = scenario { map = "Hb" }
  w:step()
  expect.eq(w:at(0, 0).hp, 17)
end)

test("a step's enter picks the ability the step casts", function()
  local w = scenario { map = "Hw" }
  local h = w:at(0, 0)
  w:step()
  expect.eq(h.hp, 17, "the slam")
  w:step()
  expect.eq(h.hp, 15, "then the hex")
end)

test("once per turn holds for casts too", function()
  local w = scenario { map = "H...k" }
  local k = w:at(4, 0)
  w:step(2)
  expect.eq(k.hp, 3, "one rally in the turn's four beats")
  w:step(3)
  expect.eq(k.hp, 4, "and one in the next")
end)

test("a caster with no ability named in e.data.cast fails its beat, saying so", function()
  local w = scenario { map = "H.m" }
  expect.error(function() w:step() end, "casts, but its e.data.cast names no ability")
end)
