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

cairn.card { name = "jab", cost = { energy = 1 }, effect = {} }

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

-- Picks of the same text ------------------------------------------------------------------------

local COLOURS = { "red", "red", { value = "crimson", label = "red" }, "blue" }

-- Resolves a pick of COLOURS for the hero, answering its second option: returns the options
-- the pick offered (their labels) and what the effect got.
local function pick_second(extra, prompt_extra)
  local _, h = world()
  local got
  local ability = { name = "paint", effect = function(ctx) got = ctx.request.answers.colour end,
    choices = { { name = "colour", kind = "pick", text = "Which colour?", options = COLOURS } } }
  for k, v in pairs(extra or {}) do ability[k] = v end
  for k, v in pairs(prompt_extra or {}) do ability.choices[1][k] = v end
  local labels
  expect.truthy(cairn.resolve(h, ability, { answers = function(m)
    labels = {}
    for i, o in ipairs(m.options) do labels[i] = o.label end
    return m.options[2].value
  end }))
  return table.concat(labels, ","), got
end

test("a pick's options of the same text are one option, the first", function()
  local labels, got = pick_second()
  expect.eq(labels, "red,blue", "three reds collapse into one")
  expect.eq(got, "blue", "the second option is the next text, not a copy of the first")
end)

test("not_distinct on the ability or its prompt keeps every option", function()
  local labels, got = pick_second({ not_distinct = true })
  expect.eq(labels, "red,red,red,blue")
  expect.eq(got, "red")
  labels, got = pick_second(nil, { not_distinct = true })
  expect.eq(labels, "red,red,red,blue", "the prompt's own not_distinct")
  expect.eq(got, "red")
  labels = pick_second(nil, { options = function() return COLOURS end })
  expect.eq(labels, "red,blue", "options given by a function collapse too")
end)

-- A pick that shows the discard pile ----------------------------------------------------------

test("show_discard: the pick's question lists the discard pile", function()
  local _, h = world()
  cairn.cards.setup(h, { actions = 99 })
  cairn.cards.add(h, "jab", "discard")
  cairn.cards.add(h, "jab", "discard", true)
  local text
  local recall = { name = "recall", show_discard = true, effect = function(ctx)
      cairn.cards.move(ctx.actor, ctx.request.answers.card, "hand")
    end,
    choices = { { name = "card", kind = "pick", text = "Take back which card?",
      options = function(who)
        local list = {}
        for _, c in ipairs(cairn.cards.pile(who, "discard")) do
          list[#list + 1] = { value = c.id, label = c.card }
        end
        return list
      end } } }
  expect.truthy(cairn.resolve(h, recall, { answers = function(m)
    text = m.text
    return m.options[1].value
  end }))
  expect.eq(text, "Take back which card? (discard pile: jab (1), jab+ (1))")
  expect.eq(#cairn.cards.pile(h, "hand"), 1, "the card picked came back")
  recall.show_discard = nil
  cairn.resolve(h, recall, { answers = function(m)
    text = m.text
    return m.options[1].value
  end })
  expect.eq(text, "Take back which card?", "without show_discard the question is as written")
end)

-- An effect aiming the next payload --------------------------------------------------------------

-- chain: hits its target, then pushes itself at the nearest foe not hit yet, up to `jumps`.
cairn.effect { name = "chain", params = { jumps = "number", damage = "number" },
  run = function(ctx, t)
    local damage = ctx:number("damage", 1)
    t.data.hit = true
    t:hurt(damage)
    local jumps = ctx:number("jumps", 0)
    if jumps == 0 then return end
    local next_one, best
    for _, f in ipairs(ctx.actor:foes()) do
      local d = math.max(math.abs(f.x - t.x), math.abs(f.y - t.y))
      if not f.data.hit and (not best or d < best) then next_one, best = f, d end
    end
    if next_one then
      ctx:push({ { chain = { jumps = jumps - 1, damage = damage } } }, { at = next_one })
    end
  end }

test("ctx:push with at: the next payload goes to the entity the effect found", function()
  local w, h, s = world("H.s.r.r")
  local r1, r2 = w:at(4, 0), w:at(6, 0)
  expect.truthy(cairn.resolve(h, { name = "lightning", effect = {
      { mark = {} }, -- resolves last: the first play's own target, untouched by the chain
      { chain = { jumps = 2, damage = 2 } } } }, { targets = { s } }))
  expect.eq({ s.hp, r1.hp, r2.hp }, { 8, 8, 8 }, "each foe hit once, in a chain")
  expect.eq(h.data.log, "shaman;", "the effect after the chain still has the chosen target")
end)

test("ctx:push with cell: the payload pushed is centred on that cell", function()
  local w, h = world("H.s.r.r")
  cairn.resolve(h, { name = "bounce", effect = function(ctx)
      ctx:push({ { damage = { damage = 1, target = "area", radius = 0 } } },
        { cell = { x = 6, y = 0 } })
    end }, { cell = { x = 2, y = 0 } })
  expect.eq({ w:at(2, 0).hp, w:at(6, 0).hp }, { 10, 9 })
end)
