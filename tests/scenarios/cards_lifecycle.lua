-- Cards: the action lifecycle (scripts/cards/lifecycle.lua) - declared actions and their
-- states, reactions before and after, reactions to reactions and the depth limit, action and
-- reaction points (free ones too), delays, pulses whose condition stops them early, failed
-- versus resolved.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { trail = "" } }
cairn.entity { name = "ogre", glyph = "o",
  decorators = { "Casting", "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2, targets = { 1 } }, data = { trail = "" } }

-- Each writes a letter on its actor's trail, so the order things resolved in can be read.
cairn.effect { name = "mark", target = "self", params = { letter = "string" },
  run = function(ctx, t) t.data.trail = t.data.trail .. ctx.params.letter end }

cairn.card { name = "bash", values = {}, target = { among = "entity", range = 2 },
  effect = { { mark = { letter = "B" } }, { damage = { damage = 3 } } } }
cairn.card { name = "wait", values = {}, free = true, effect = { { mark = { letter = "w" } } } }
cairn.card { name = "brace", values = {}, reaction = { timing = "before" },
  effect = { { mark = { letter = "b" } } } }
cairn.card { name = "after", values = {}, reaction = { timing = "after" },
  effect = { { mark = { letter = "a" } } } }
cairn.card { name = "deflect", values = {}, reaction = { timing = "before" },
  effect = { { mark = { letter = "d" } }, { fail_trigger = { reason = "deflected" } } } }
cairn.card { name = "shrug", values = {}, free = true, reaction = { timing = "after" },
  effect = { { mark = { letter = "s" } } } }
cairn.card { name = "picky", values = {}, reaction = { timing = "before",
  to = function(_, action) return action.label == "slow blow" end },
  effect = { { mark = { letter = "p" } } } }

-- The ogre's reaction, carried (cairn.cards.grant).
cairn.ability { name = "roar", reaction = { timing = "before" },
  effect = { { mark = { letter = "R" } } } }

cairn.ability { name = "slow_blow", label = "slow blow", target = { among = "entity", range = 1 },
  delay = 1, effect = { { damage = { damage = 4, target = "area", radius = 0 } } } }

cairn.cards.behaviour("calm", function(action) return action.source.data.calm ~= false end)
cairn.card { name = "chant", values = {},
  pulses = { max = 3, condition = "calm" }, effect = { { mark = { letter = "c" } } } }

local function setup(h, cards, opts)
  opts = opts or {}
  cairn.cards.setup(h, { energy = 9, actions = opts.actions, reactions = opts.reactions,
    turn_beats = opts.turn_beats or 100 })
  for _, c in ipairs(cards) do cairn.cards.add(h, c, "hand") end
end

local function card(e, name)
  for _, c in ipairs(cairn.cards.pile(e, "hand")) do
    if c.card == "scenario:" .. name then return c.id end
  end
  error("no " .. name .. " in hand")
end

-- The reactions the decider takes, by label, in the order asked ("pass" to pass); the pick
-- prompts' texts are kept in `asked`.
local asked
local function reacting(...)
  local picks = { ... }
  asked = {}
  cairn.cards.decide(function(m)
    if m.name ~= "reaction" then return nil end
    asked[#asked + 1] = m.text
    local want = table.remove(picks, 1) or "pass"
    for i, o in ipairs(m.options) do
      if o.label:find(want, 1, true) == 1 then return i end
    end
    error("no option " .. want)
  end)
end

local states, blows
cairn.cards.on_state(function(action, state)
  if states then states[#states + 1] = action.label .. ":" .. state end
  if blows and state == "declared" then
    blows[#blows + 1] = action.label .. "=" .. tostring(action.blow)
  end
end)

-- Blows and not: a hit in a repeat's payload, a hit on oneself.
cairn.card { name = "twice", values = {}, target = { among = "entity", range = 2 },
  effect = { { ["repeat"] = { times = 2, payload = { { damage = { damage = 1 } } } } } } }
cairn.card { name = "bleed", values = {}, effect = { { damage = { damage = 1, target = "self" } } } }

test("an action is a blow when its payload hits someone, however deep, but its actor", function()
  local w = scenario { map = "Ho" }
  local h = w:at(0, 0)
  setup(h, { "bash", "wait", "twice", "bleed" }, { actions = 9 })
  blows = {}
  for _, name in ipairs({ "bash", "wait", "twice", "bleed" }) do
    cairn.cards.play(h, card(h, name), { target = w:at(1, 0) })
  end
  expect.eq(blows, { "bash=true", "wait=false", "twice=true", "bleed=false" })
  blows = nil
end)

test("a card played goes declared, reacted_to, resolved, each in the beat's history", function()
  local w = scenario { map = "Ho" }
  local h = w:at(0, 0)
  setup(h, { "bash" })
  states = {}
  expect.eq(cairn.cards.play(h, card(h, "bash"), { target = w:at(1, 0) }), true)
  expect.eq(table.concat(states, " "), "bash:declared bash:reacted_to bash:resolved")
  local named = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "cairn:action_state" and c.entity == h then
      named[#named + 1] = c.amount .. "=" .. tostring(c.amount_name)
    end
  end
  -- each state by its number and its name, as a trace's history shows it too
  expect.eq(table.concat(named, " "), "1=declared 2=reacted_to 4=resolved")
  expect.eq(w:at(1, 0).hp, 17)
  states = nil
end)

test("those it targets react: before ones first, the last declared first; after ones after",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    setup(h, { "bash" }, { actions = 5 })
    setup(o, { "brace", "after", "shrug" }, { reactions = 5 })
    -- The ogre declares brace, then after, then (a reaction to nothing more) passes.
    reacting("brace", "after", "pass")
    cairn.cards.play(h, card(h, "bash"), { target = o })
    expect.eq(o.data.trail, "ba", "brace before the bash, after once it resolved")
    expect.eq(h.data.trail, "B")
    expect.eq(o.hp, 17)
  end)

test("a before-reaction can fail its trigger: failed is a state, and nothing of it happens",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    setup(h, { "bash" })
    setup(o, { "deflect", "shrug" })
    reacting("deflect", "shrug")
    states = {}
    expect.eq(cairn.cards.play(h, card(h, "bash"), { target = o }), true)
    expect.eq(h.data.trail, "", "the bash did nothing")
    expect.eq(o.hp, 20)
    expect.eq(o.data.trail, "d", "the after-reaction to a failed action does not resolve")
    expect.truthy(table.concat(states, " "):find("bash:failed", 1, true))
    expect.falsy(table.concat(states, " "):find("bash:resolved", 1, true))
    states = nil
  end)

test("reactions to reactions, down to the depth limit content sets", function()
  local w = scenario { map = "Ho" }
  local h, o = w:at(0, 0), w:at(1, 0)
  setup(h, { "bash", "brace" }, { reactions = 5 })
  setup(o, { "brace" })
  -- The ogre braces against the bash; the hero braces against the ogre's brace (depth 2).
  reacting("brace", "brace")
  cairn.cards.play(h, card(h, "bash"), { target = o })
  expect.eq(#asked, 2)
  expect.eq(h.data.trail, "bB", "the hero's brace resolves before the ogre's, before the bash")
  expect.eq(o.data.trail, "b")

  cairn.cards.reaction_depth(1)
  w = scenario { map = "Ho" }
  h, o = w:at(0, 0), w:at(1, 0)
  setup(h, { "bash", "brace" }, { reactions = 5 })
  setup(o, { "brace" })
  reacting("brace", "brace")
  cairn.cards.play(h, card(h, "bash"), { target = o })
  expect.eq(#asked, 1, "no window under a reaction at depth 1")
  expect.eq(h.data.trail, "B")
  cairn.cards.reaction_depth(2)
end)

test("points: an action point a card, a reaction point a reaction; free ones cost none",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    setup(h, { "bash", "bash", "wait", "wait", "wait" }, { actions = 2 })
    setup(o, { "brace", "brace", "shrug" }, { reactions = 1 })
    expect.eq(cairn.cards.points(h).actions, 2)
    reacting("brace", "shrug")
    cairn.cards.play(h, card(h, "bash"), { target = o })
    expect.eq(cairn.cards.points(h).actions, 1)
    expect.eq(cairn.cards.points(o).reactions, 0, "brace cost one; shrug is free")
    expect.eq(o.data.trail, "bs")
    expect.eq(#asked, 2, "then the other brace wanted a point it had no more of: no question")
    reacting("brace")
    cairn.cards.play(h, card(h, "bash"), { target = o })
    expect.eq(#asked, 0, "out of reaction points, nothing to answer with")
    expect.eq(cairn.cards.points(h).actions, 0)
    -- Free cards need none.
    expect.eq(cairn.cards.play(h, card(h, "wait")), true)
    expect.eq(cairn.cards.play(h, card(h, "wait")), true)
    expect.eq(h.data.trail, "BBww")
  end)

test("out of action points a card is not playable, and says why; the next turn refills",
  function()
    local w = scenario { map = "H.o" }
    local h = w:at(0, 0)
    setup(h, { "bash", "bash" }, { actions = 1, turn_beats = 2 })
    w:step() -- beat 1: turn 1 begins
    expect.eq(cairn.cards.play(h, card(h, "bash"), { target = w:at(2, 0) }), true)
    local ok, why = cairn.cards.playable(h, card(h, "bash"))
    expect.eq(ok, false)
    expect.eq(why, "no action points left this turn")
    w:step(2) -- beat 3: turn 2
    expect.eq(cairn.cards.points(h).actions, 1)
    expect.eq((cairn.cards.playable(h, card(h, "bash"))), true)
  end)

test("a reaction's `to` says what it answers: no legal reaction, no question", function()
  local w = scenario { map = "Ho" }
  local h, o = w:at(0, 0), w:at(1, 0)
  setup(h, { "bash" })
  setup(o, { "picky" })
  reacting("picky")
  cairn.cards.play(h, card(h, "bash"), { target = o })
  expect.eq(#asked, 0, "picky answers slow blows only")
  expect.eq(o.data.trail, "")
end)

test("a delayed action waits to the end of the beat it is due in; a step away dodges it",
  function()
    local w = scenario { map = "Ho\n.." }
    local h, o = w:at(0, 0), w:at(1, 0)
    cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
    local pending = cairn.cards.pending()
    expect.eq(#pending, 1)
    expect.eq(pending[1].state, "reacted_to")
    expect.eq(pending[1].beats_left, 1)
    w:step() -- beat 1: due
    expect.eq(h.hp, 16, "it lands at the end of its beat")
    expect.eq(#cairn.cards.pending(), 0)

    cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
    h:input("move", "s")
    w:step()
    expect.eq(h.hp, 16, "the hero stepped off the cell it was aimed at")
  end)

test("a before-reaction to a delayed blow waits with it and resolves just before it",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    setup(h, { "deflect", "picky" }, { reactions = 5 })
    reacting("picky")
    cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
    expect.eq(#asked, 2, "asked at once, when the blow is declared (then it passed)")
    expect.eq(h.data.trail, "", "the reaction waits with its trigger")
    w:step()
    expect.eq(h.data.trail, "p")
    expect.eq(h.hp, 16)
  end)

test("pulses: one a beat until max; a condition that fails stops it early, as failed",
  function()
    local w = scenario { map = "H.o" }
    local h = w:at(0, 0)
    setup(h, { "chant", "chant" })
    states = {}
    cairn.cards.play(h, card(h, "chant"))
    expect.eq(h.data.trail, "c", "the first pulse at once")
    expect.eq(cairn.cards.pending()[1].state, "started")
    w:step(2)
    expect.eq(h.data.trail, "ccc")
    expect.eq(#cairn.cards.pending(), 0)
    expect.eq(states[#states], "chant:resolved")

    states = {}
    h.data.trail = ""
    cairn.cards.play(h, card(h, "chant"))
    w:step()
    h.data.calm = false
    w:step()
    expect.eq(h.data.trail, "cc", "the condition failed before the third pulse")
    expect.eq(states[#states], "chant:failed")
    states = nil
  end)

test("a cast is declared too: those it targets react, and a carried ability reacts back",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    setup(h, { "brace" })
    cairn.cards.grant(o, "roar") -- the ogre's own reaction, carried
    reacting("brace", "roar")
    cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
    expect.truthy(asked[1]:find("slow blow", 1, true), asked[1])
    expect.truthy(asked[2]:find("brace", 1, true), "the ogre asked about the hero's brace")
    w:step()
    expect.eq(o.data.trail, "R")
    expect.eq(h.data.trail, "b")
    expect.eq(h.hp, 16)
  end)

test("an ability's several runs are its `pulses`; the old `ticks` says so", function()
  cairn.ability { name = "hum", ticks = { max = 2 }, effect = { { mark = { letter = "h" } } } }
  expect.error(function() scenario { map = "H" } end,
    "cairn.ability: unknown field 'ticks': write 'pulses'")
end)
