-- Cards: foes are whatever the actor's attacks are for, a crate too when its team is among
-- them (as the base game's player has it); `creatures = true` keeps those that act of
-- themselves. "H" the hero (hits teams 2 and 3), "r" rats (team 2, acting), "c" crates (team 3).

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 20, team = 1, targets = { 2, 3 } }, data = { log = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Acting", "Sequential", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 2 }, sequence = { { action = "none" } } }
cairn.entity { name = "crate", glyph = "c",
  decorators = { "Attackable", "WithHP", "Killable" }, stats = { hp = 10, team = 3 } }

cairn.effect { name = "mark", params = {},
  run = function(ctx, t)
    local a = ctx.actor
    a.data.log = a.data.log .. t.type:match("[^:]*$") .. ";"
  end }

local function world(seed)
  local w = scenario { map = "Hcr.c.r", seed = seed or 1,
    legend = { H = "hero", r = "rat", c = "crate" } }
  return w, w:players()[1]
end

local function marks(h, params)
  h.data.log = ""
  cairn.resolve(h, { name = "marks", effect = { { mark = params } } }, { targets = {} })
  return h.data.log
end

test("all_enemies takes crates when their team is among the actor's targets", function()
  local _, h = world()
  expect.eq(marks(h, { target = "all_enemies" }), "crate;rat;crate;rat;")
end)

test("creatures = true keeps only those that act of themselves", function()
  local _, h = world()
  expect.eq(marks(h, { target = "all_enemies", creatures = true }), "rat;rat;")
  expect.eq(marks(h, { target = "adjacent", creatures = true }), "", "the crate next to it left out")
  expect.eq(marks(h, { target = "adjacent" }), "crate;")
end)

test("random_enemy with creatures draws among the creatures only", function()
  for seed = 1, 8 do
    local _, h = world(seed)
    expect.eq(marks(h, { target = "random_enemy", creatures = true }), "rat;", "seed " .. seed)
  end
end)

test("cairn.cards.creature tells a creature from a thing", function()
  local w, h = world()
  expect.truthy(cairn.cards.foe(h, w:at(1, 0)), "a crate is a foe of the hero")
  expect.falsy(cairn.cards.creature(w:at(1, 0)), "but no creature")
  expect.truthy(cairn.cards.creature(w:at(2, 0)))
end)
