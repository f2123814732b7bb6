-- Cards: interrupts and pulses (scripts/cards/lifecycle.lua) - content failing an action from
-- a handler, at once; a pulse condition asked before every pulse, the first too; `req` asked
-- again when a delayed action comes due; `pulses` and `beats_left` during a channel; the
-- channelled card on the table until its action ends.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { trail = "" } }
-- An ogre whose every hurt breaks off what it is doing.
cairn.entity { name = "ogre", glyph = "o",
  decorators = { "Casting", "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 20, team = 2, targets = { 1 } }, data = { trail = "" },
  handlers = { damaged = function(ev) cairn.cards.interrupt(ev.target, "hit") end } }

cairn.effect { name = "mark", target = "self", params = { letter = "string" },
  run = function(ctx, t) t.data.trail = t.data.trail .. ctx.params.letter end }

cairn.cards.behaviour("calm", function(action) return action.source.data.calm ~= false end)

-- What each pulse of `count` reads of its action, kept as "pulses/beats_left@beat".
local seen
cairn.cards.behaviour("count", function(action)
  action.source.data.trail = action.source.data.trail .. "c"
  if seen then
    seen[#seen + 1] = string.format("%d/%d@%d", action.pulses, action.beats_left,
      cairn.world().beat)
  end
end)

cairn.card { name = "chant", values = {}, pulses = { max = 3, condition = "calm" },
  effect = { { mark = { letter = "c" } } } }
cairn.card { name = "last_chant", values = {}, cost = { exhaust = true },
  pulses = { max = 2 }, effect = { { mark = { letter = "c" } } } }
cairn.card { name = "hum", values = {}, pulses = { max = 3, effect = "count" },
  effect = { { mark = { letter = "c" } } } }

cairn.ability { name = "channel", pulses = { max = 3, condition = "calm" },
  effect = { { mark = { letter = "c" } } } }
cairn.ability { name = "slow_channel", delay = 2, pulses = { max = 2, condition = "calm" },
  effect = { { mark = { letter = "c" } } } }
cairn.ability { name = "slow_blow", label = "slow blow", target = { among = "entity", range = 1 },
  delay = 1, req = function(e) return e.data.angry ~= false, "calmed down" end,
  effect = { { damage = { damage = 4, target = "area", radius = 0 } } } }

local function setup(h, cards)
  cairn.cards.setup(h, { energy = 9, actions = 9, turn_beats = 100 })
  for _, c in ipairs(cards) do cairn.cards.add(h, c, "hand") end
end

local function first(e) return cairn.cards.pile(e, "hand")[1].id end

-- The states actions go through, as "label:state:reason"; and whether a watcher fails every
-- action as it is declared.
local states, fail_declared
cairn.cards.on_state(function(action, state)
  if states then states[#states + 1] = action.label .. ":" .. state .. ":" ..
    tostring(action.reason) end
  if fail_declared and state == "declared" then cairn.cards.fail(action.id, fail_declared) end
end)

local function failed_in_history(w, e)
  for _, c in ipairs(w:history()) do
    if c.kind == "cairn:action_state" and c.entity == e and c.amount == 5 then return true end
  end
  return false
end

test("a handler fails a channel at once: a hit breaks it mid-beat, the failure in the history",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    cairn.resolve(o, "channel", { declare = true })
    expect.eq(o.data.trail, "c")
    w:step()
    expect.eq(o.data.trail, "cc")
    states = {}
    o:hurt(1, h) -- the ogre's damaged handler interrupts it
    expect.eq(states, { "channel:failed:hit" }, "failed at once, not at the end of a beat")
    expect.eq(#cairn.cards.pending(), 0)
    expect.truthy(failed_in_history(w, o))
    w:step()
    expect.eq(o.data.trail, "cc", "no pulse after it failed")
    states = nil
  end)

-- A status that breaks its bearer's concentration when it takes hold.
cairn.status { name = "dazed", apply = function(e) cairn.cards.interrupt(e, "dazed") end }

test("a status taking hold fails its bearer's telegraphed blow, before it lands", function()
  local w = scenario { map = "Ho" }
  local h, o = w:at(0, 0), w:at(1, 0)
  cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
  states = {}
  o:apply("dazed", 2)
  expect.eq(states, { "slow blow:failed:dazed" })
  w:step()
  expect.eq(h.hp, 20)
  states = nil
end)

test("cairn.cards.fail fails a waiting action by id, its reactions with it; false when over",
  function()
    local w = scenario { map = "Ho" }
    local h, o = w:at(0, 0), w:at(1, 0)
    cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
    local id = cairn.cards.pending()[1].id
    states = {}
    expect.eq(cairn.cards.fail(id, "tripped"), true)
    expect.eq(states, { "slow blow:failed:tripped" })
    expect.eq(cairn.cards.action(id).state, "failed")
    expect.eq(cairn.cards.action(id).reason, "tripped")
    expect.eq(cairn.cards.fail(id, "again"), false, "an action over cannot fail again")
    w:step()
    expect.eq(h.hp, 20, "it never lands")
    states = nil
  end)

test("an action failed in its own window does not resolve", function()
  local w = scenario { map = "Ho" }
  local h, o = w:at(0, 0), w:at(1, 0)
  setup(h, { "chant" })
  fail_declared = "shouted down"
  expect.eq(cairn.cards.play(h, first(h)), true)
  fail_declared = nil
  expect.eq(h.data.trail, "", "no pulse")
  expect.eq(#cairn.cards.pending(), 0)
  expect.eq(#cairn.cards.pile(h, "discard"), 1, "the card is discarded, not lost")
  expect.eq(o.hp, 20)
end)

test("the pulse condition is asked before the first pulse too", function()
  local w = scenario { map = "Ho" }
  local _, o = w:at(0, 0), w:at(1, 0)
  o.data.calm = false
  states = {}
  cairn.resolve(o, "channel", { declare = true })
  expect.eq(o.data.trail, "", "no pulse")
  expect.eq(states[#states], "channel:failed:its condition no longer holds")
  states = nil
end)

test("a delayed channel whose condition breaks while it waits never starts", function()
  local w = scenario { map = "Ho" }
  local o = w:at(1, 0)
  cairn.resolve(o, "slow_channel", { declare = true })
  w:step()
  o.data.calm = false
  w:step() -- beat 2: due
  expect.eq(o.data.trail, "", "failed when it came due, before its first pulse")
  expect.eq(#cairn.cards.pending(), 0)

  o.data.calm = true
  cairn.resolve(o, "slow_channel", { declare = true })
  w:step(2) -- due at the end of beat 4: the first pulse
  expect.eq(o.data.trail, "c")
  w:step()
  expect.eq(o.data.trail, "cc")
end)

test("req is asked again when a delayed action comes due", function()
  local w = scenario { map = "Ho" }
  local h, o = w:at(0, 0), w:at(1, 0)
  cairn.resolve(o, "slow_blow", { targets = { h }, declare = true })
  o.data.angry = false
  states = {}
  w:step()
  expect.eq(h.hp, 20, "its req no longer held: it did not land")
  expect.eq(states, { "slow blow:failed:calmed down" })
  states = nil
end)

test("during a channel: `pulses` counts the pulses done, `beats_left` the beats to its last",
  function()
    local w = scenario { map = "H.o" }
    local h = w:at(0, 0)
    setup(h, { "hum" })
    w:step() -- beat 1
    seen = {}
    -- Played in beat 1 (as the play choice does): its first pulse then, the others at the
    -- ends of beats 2 and 3.
    cairn.cards.play(h, first(h))
    local a = cairn.cards.pending()[1]
    expect.eq({ a.pulses, a.max_pulses, a.due, a.beats_left }, { 1, 3, 2, 2 })
    w:step() -- beat 2: the second pulse, at its end
    a = cairn.cards.pending()[1]
    expect.eq({ a.pulses, a.due, a.beats_left }, { 2, 3, 1 })
    w:step() -- beat 3: the last
    expect.eq(seen, { "2/1@2", "3/0@3" })
    expect.eq(h.data.trail, "ccc")
    expect.eq(#cairn.cards.pending(), 0)
    seen = nil
  end)

test("a delayed channel's beats_left counts its wait and its pulses", function()
  local w = scenario { map = "Ho" }
  local o = w:at(1, 0)
  cairn.resolve(o, "slow_channel", { declare = true }) -- beat 0: due at the end of beat 2
  expect.eq(cairn.cards.pending()[1].beats_left, 3, "pulses at the ends of beats 2 and 3")
  w:step(2)
  expect.eq(cairn.cards.pending()[1].beats_left, 1)
end)

test("a channelled card stays on the table until its action ends, then is discarded",
  function()
    local w = scenario { map = "H.o" }
    local h = w:at(0, 0)
    setup(h, { "chant" })
    cairn.cards.play(h, first(h))
    expect.eq(#cairn.cards.pile(h, "table"), 1, "on the table after its first pulse")
    expect.eq(#cairn.cards.pile(h, "discard"), 0)
    w:step()
    expect.eq(#cairn.cards.pile(h, "table"), 1)
    w:step()
    expect.eq(#cairn.cards.pile(h, "table"), 0)
    expect.eq(#cairn.cards.pile(h, "discard"), 1, "discarded when it resolved")
  end)

test("a channel that fails leaves the table too; an exhausting one goes to the exhaust pile",
  function()
    local w = scenario { map = "H.o" }
    local h = w:at(0, 0)
    setup(h, { "chant", "last_chant" })
    cairn.cards.play(h, cairn.cards.pile(h, "hand")[1].id)
    h.data.calm = false
    w:step()
    expect.eq(#cairn.cards.pile(h, "table"), 0)
    expect.eq(#cairn.cards.pile(h, "discard"), 1, "failed: discarded")

    cairn.cards.play(h, first(h))
    expect.eq(#cairn.cards.pile(h, "table"), 1)
    expect.eq(#cairn.cards.pile(h, "exhaust"), 0)
    w:step()
    expect.eq(#cairn.cards.pile(h, "table"), 0)
    expect.eq(#cairn.cards.pile(h, "exhaust"), 1, "exhausted when it ended")
  end)

test("a channel whose source died fails, and pulses no more", function()
  local w = scenario { map = "Ho" }
  local h = w:at(0, 0)
  cairn.resolve(h, "channel", { declare = true })
  states = {}
  h.hp = 0
  w:step()
  expect.eq(states, { "channel:failed:its source is gone" })
  expect.eq(#cairn.cards.pending(), 0)
  states = nil
end)

cairn.choice(cairn.cards.play_choice { key = "c" })

test("the worked example of docs/cards.md: a card of three pulses played in beat 5", function()
  local w = scenario { map = "H.o" }
  local h = w:at(0, 0)
  setup(h, { "hum" })
  w:step(4)
  seen = {}
  local watched = {}
  local function watch()
    local a = cairn.cards.pending()[1]
    watched[#watched + 1] = a and string.format("%d/%d/%d", a.pulses, a.due, a.beats_left)
      or "over"
  end
  h:choose("play", { card = 1 })
  w:step() -- beat 5: the first pulse, in the player's turn
  watch()
  w:step() -- beat 6: the second, at its end
  watch()
  w:step() -- beat 7: the last
  watch()
  expect.eq(watched, { "1/6/2", "2/7/1", "over" }, "pulses/due/beats_left after each beat")
  expect.eq(seen, { "2/1@6", "3/0@7" }, "pulses/beats_left@beat inside the pulses")
  expect.eq(h.data.trail, "ccc")
  expect.eq(#cairn.cards.pile(h, "discard"), 1)
  seen = nil
end)

test("a world put back mid-channel has its card on the table and its pulses to go", function()
  local w = scenario { map = "H.o" }
  local h = w:at(0, 0)
  setup(h, { "chant" })
  w:step()
  cairn.cards.play(h, first(h))
  w:step()
  local mid = w:snapshot()
  w:step(2)
  expect.eq(h.data.trail, "ccc")
  w:restore(mid)
  h = w:at(0, 0)
  expect.eq(h.data.trail, "cc")
  expect.eq(#cairn.cards.pile(h, "table"), 1)
  expect.eq(cairn.cards.pending()[1].beats_left, 1)
  w:step()
  expect.eq(h.data.trail, "ccc")
  expect.eq(#cairn.cards.pile(h, "table"), 0)
  expect.eq(#cairn.cards.pile(h, "discard"), 1)
end)
