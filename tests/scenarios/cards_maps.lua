-- Cards: the ability maps' details - the `player` target override, a pick's options of the
-- same text collapsed unless `not_distinct`, a pick among the discard pile that shows it.
-- "H" is the hero (team 1, hits team 2), "s" a shaman (team 2, hits team 1), "r" a rat.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { log = "" } }
cairn.entity { name = "shaman", glyph = "s",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 2, targets = { 1 } }, data = { log = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable" }, stats = { hp = 10, team = 2 } }

-- mark: writes each target's type into the actor's log.
cairn.effect { name = "mark", params = {},
  run = function(ctx, t)
    local a = ctx.actor
    a.data.log = a.data.log .. t.type:match("[^:]*$") .. ";"
  end }

local function world(map)
  local w = scenario { map = map or "H.s.r", legend = { H = "hero", s = "shaman", r = "rat" } }
  return w, w:players()[1], w:at(2, 0)
end

local MARK_PLAYER = { name = "mark_player", effect = { { mark = { target = "player" } } } }

-- The player override -------------------------------------------------------------------------

test("player: the acting player is the actor when a player controls it", function()
  local _, h, s = world()
  expect.truthy(cairn.resolve(h, MARK_PLAYER, { targets = { s } }))
  expect.eq(h.data.log, "hero;", "the hero, not the chosen shaman")
end)

test("player: an enemy's ability reaches the player, whoever it targets", function()
  local w, h, s = world()
  expect.truthy(cairn.resolve(s, MARK_PLAYER, { targets = { w:at(4, 0) } }))
  expect.eq(s.data.log, "hero;", "the nearest player: the shaman's log names the hero")
  s.data.log = ""
  cairn.resolve(s, { name = "hurt_player", effect = { { damage = { damage = 3,
    target = "player" } } } })
  expect.eq(h.hp, 17, "a damage effect aimed at the player hits the hero")
end)

test("player: an ability set off by a player's blow answers that player", function()
  local w, h, s = world("H.s.H")
  local other = w:at(4, 0)
  cairn.resolve(s, { name = "back_at_player", effect = { { damage = { damage = 3,
    target = "player" } } } }, { source = other })
  expect.eq(other.hp, 17, "the trigger's source, a player, is hit")
  expect.eq(h.hp, 20, "not the other player, as near")
end)
