-- Cards: abilities and cards - costs (and ones that cannot be paid), req, optional, cancel,
-- once per turn across copies, end_turn, msg in the log, the turn (energy, draws, the hand
-- discarded), playing through the play choice in a game, undo over card plays.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 20, team = 1, targets = { 2 } }, data = { log = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" }, stats = { hp = 30, team = 2 } }

cairn.effect { name = "note", target = "none", params = { word = "any" },
  run = function(ctx)
    local a = ctx.actor
    a.data.log = a.data.log .. tostring(ctx:value("word")) .. ";"
  end }

local function say(word) return { { note = { word = word } } } end

cairn.card { name = "strike", cost = { energy = 1 }, values = { damage = 6 },
  target = { among = "entity", range = 3, text = "Strike what?" },
  effect = { { damage = {} } }, msg = "You strike for {damage}.",
  upgrade = { values = { damage = 9 } }, text = "Deal {damage} damage." }
cairn.card { name = "heavy", cost = { energy = 2 }, effect = say("heavy") }
cairn.card { name = "bleed", cost = { hp = 5 }, effect = say("bleed") }
cairn.card { name = "charged", cost = { counters = { charge = 1 } }, counters = { charge = 2 },
  effect = say("zap") }
cairn.card { name = "sacrifice", cost = { discard = 1 }, effect = say("sacrificed") }
cairn.card { name = "burnout", cost = { exhaust = true }, effect = say("burnt") }
cairn.card { name = "focus", once = "per_turn", once_key = "focus", effect = say("focus") }
cairn.card { name = "focus_too", once = "per_turn", once_key = "focus", effect = say("focus2") }
cairn.card { name = "jab", once = "per_turn", effect = say("jab") }
cairn.card { name = "picky", req = function(a) return a.hp > 10, "too hurt" end,
  effect = say("picky") }
cairn.card { name = "gamble", optional = "Really?", effect = say("gambled") }
cairn.card { name = "aim", target = { among = "entity", range = 5 },
  cancel_effect = say("missed"), effect = say("aimed") }
cairn.card { name = "aim_plain", target = { among = "entity", range = 5 }, effect = say("aimed") }
cairn.card { name = "later", effect = say("now"), end_turn = { effect = say("at the end") } }
cairn.card { name = "pick_one", effect = function(ctx)
    local a = ctx.actor
    a.data.log = a.data.log .. ctx.request.answers.colour .. ";"
  end,
  choices = { { name = "colour", kind = "pick", options = { "red", "blue" } } } }

local function world()
  local w = scenario { map = "H.r", legend = { H = "hero", r = "rat" } }
  return w, w:players()[1]
end

-- A hero with these cards in hand (in order), and energy.
-- Action points are not what these tests are about: plenty of them (lifecycle.lua tests
-- them in cards_lifecycle.lua).
local function holding(cards, energy)
  local w, h = world()
  cairn.cards.setup(h, { energy = energy or 3, actions = 99 })
  for _, c in ipairs(cards) do cairn.cards.add(h, c, "hand") end
  cairn.cards.set_energy(h, energy or 3)
  return w, h
end

local function hand_names(h)
  local out = {}
  for i, c in ipairs(cairn.cards.hand(h)) do
    out[i] = c.card:gsub("^scenario:", "") .. (c.playable and "" or "(" .. c.reason .. ")")
  end
  return table.concat(out, " ")
end

local function card(h, i)
  return cairn.cards.pile(h, "hand")[i]
end

-- Costs ---------------------------------------------------------------------------------------

test("a cost that cannot be paid: unplayable with the reason, and nothing happens", function()
  local _, h = holding({ "heavy", "bleed", "charged", "sacrifice" }, 1)
  h.hp = 5
  expect.eq(hand_names(h), "heavy(needs 2 energy, has 1) bleed(needs more than 5 hp) charged " ..
    "sacrifice")
  local ok, why = cairn.cards.play(h, card(h, 1))
  expect.eq(ok, false)
  expect.eq(why, "needs 2 energy, has 1")
  expect.eq(h.data.log, "")
  expect.eq(cairn.cards.energy(h), 1)
  expect.eq(#cairn.cards.pile(h, "hand"), 4, "the card stays in hand")
end)

test("energy and hp are paid; the card goes to the discard pile", function()
  local w, h = holding({ "strike", "bleed" })
  expect.eq(cairn.cards.play(h, card(h, 1), { target = w:at(2, 0) }), true)
  expect.eq(w:at(2, 0).hp, 24)
  expect.eq(cairn.cards.energy(h), 2)
  cairn.cards.play(h, card(h, 1))
  expect.eq(h.hp, 15)
  expect.eq(h.data.log, "bleed;")
  expect.eq(#cairn.cards.pile(h, "discard"), 2)
end)

test("counters on the card pay until they run out", function()
  local _, h = holding({ "charged" })
  cairn.cards.play(h, card(h, 1))
  cairn.cards.move(h, cairn.cards.pile(h, "discard")[1], "hand")
  expect.eq(card(h, 1).counters.charge, 1)
  cairn.cards.play(h, card(h, 1))
  cairn.cards.move(h, cairn.cards.pile(h, "discard")[1], "hand")
  expect.eq(hand_names(h), "charged(needs 1 charge counter, has 0)")
  expect.eq(h.data.log, "zap;zap;")
end)

test("a discard cost asks which other card goes, and needs one", function()
  local _, h = holding({ "sacrifice" })
  expect.eq(hand_names(h), "sacrifice(needs 1 other card in hand to discard)")
  cairn.cards.add(h, "heavy", "hand")
  cairn.cards.add(h, "jab", "hand")
  expect.eq(cairn.cards.play(h, card(h, 1), { discard_1 = 2 }), true, "the second option: jab")
  expect.eq(hand_names(h), "heavy")
  local discarded = {}
  for i, c in ipairs(cairn.cards.pile(h, "discard")) do discarded[i] = c.card end
  expect.eq(discarded, { "scenario:jab", "scenario:sacrifice" })
end)

test("an exhaust cost sends the card to the exhaust pile", function()
  local _, h = holding({ "burnout" })
  cairn.cards.play(h, card(h, 1))
  expect.eq(#cairn.cards.pile(h, "exhaust"), 1)
  expect.eq(#cairn.cards.pile(h, "discard"), 0)
end)

test("req false: unplayable with its reason", function()
  local _, h = holding({ "picky" })
  h.hp = 10
  expect.eq(hand_names(h), "picky(too hurt)")
  h.hp = 11
  expect.eq(hand_names(h), "picky")
end)

-- Prompts --------------------------------------------------------------------------------------

test("optional asks first: no drops the ability", function()
  local _, h = holding({ "gamble" })
  expect.eq(cairn.cards.play(h, card(h, 1), { optional = false }), false)
  expect.eq(h.data.log, "")
  expect.eq(cairn.cards.play(h, card(h, 1), { optional = true }), true)
  expect.eq(h.data.log, "gambled;")
end)

test("cancel runs cancel_effect; with none, the ability is dropped", function()
  local _, h = holding({ "aim", "aim_plain" })
  expect.eq(cairn.cards.play(h, card(h, 1), { target = "!" }), false)
  expect.eq(h.data.log, "missed;")
  expect.eq(cairn.cards.play(h, card(h, 2), { target = "!" }), false)
  expect.eq(h.data.log, "missed;", "no cancel effect: nothing")
  expect.eq(#cairn.cards.pile(h, "hand"), 2, "neither was played")
end)

test("choices: a pick prompt's answer reaches the effect", function()
  local _, h = holding({ "pick_one" })
  cairn.cards.play(h, card(h, 1), { colour = 2 })
  expect.eq(h.data.log, "blue;")
end)

-- Once per turn ----------------------------------------------------------------------------------

test("once per turn: a shared once_key spends every copy; without one, each copy is its own",
  function()
    local _, h = holding({ "focus", "focus_too", "jab", "jab" })
    cairn.cards.play(h, card(h, 1))
    expect.eq(hand_names(h), "focus_too(once a turn, and used this turn) jab jab")
    cairn.cards.play(h, card(h, 2))
    expect.eq(hand_names(h), "focus_too(once a turn, and used this turn) jab")
    -- the played jab is back in hand: its own once is used, the other copy's is not
    cairn.cards.move(h, cairn.cards.pile(h, "discard")[2], "hand")
    expect.eq(hand_names(h), "focus_too(once a turn, and used this turn) jab " ..
      "jab(once a turn, and used this turn)")
  end)

-- Turns -----------------------------------------------------------------------------------------

test("a turn: energy refills, cards are drawn, the hand is discarded at its end", function()
  local w, h = world()
  cairn.cards.setup(h, { deck = { "jab", "jab", "jab", "heavy", "heavy" }, energy = 2, draw = 2,
    turn_beats = 2 })
  expect.eq(#cairn.cards.pile(h, "hand"), 0)
  w:step()
  expect.eq(cairn.cards.turn(h), 1)
  expect.eq(#cairn.cards.pile(h, "hand"), 2)
  expect.eq(cairn.cards.energy(h), 2)
  cairn.cards.set_energy(h, 0)
  w:step()
  expect.eq(cairn.cards.turn(h), 1, "beat 2 is still turn 1")
  expect.eq(cairn.cards.energy(h), 0)
  w:step()
  expect.eq(cairn.cards.turn(h), 2)
  expect.eq(cairn.cards.energy(h), 2)
  expect.eq(#cairn.cards.pile(h, "hand"), 2)
  expect.eq(#cairn.cards.pile(h, "discard"), 2, "the first hand")
  w:step(2)
  expect.eq(#cairn.cards.pile(h, "draw") + #cairn.cards.pile(h, "discard"), 3,
    "the draw pile ran out and the discard pile was shuffled into it")
end)

test("once per turn comes back the next turn; end_turn resolves at the turn's end", function()
  local w, h = world()
  cairn.cards.setup(h, { deck = { "later", "jab" }, draw = 2, turn_beats = 2 })
  w:step()
  local names = {}
  for i, c in ipairs(cairn.cards.pile(h, "hand")) do names[i] = c.card end
  local jab = names[1] == "scenario:jab" and 1 or 2
  cairn.cards.play(h, card(h, jab))
  cairn.cards.play(h, card(h, 1))
  expect.eq(h.data.log, "jab;now;")
  w:step()
  expect.eq(h.data.log, "jab;now;", "the turn has not ended")
  w:step()
  expect.eq(h.data.log, "jab;now;at the end;")
  for i, c in ipairs(cairn.cards.hand(h)) do
    if c.card == "scenario:jab" then
      expect.eq(cairn.cards.play(h, card(h, i)), true, "a new turn, jab again")
    end
  end
end)

-- In a game: the play choice, msg in the log, undo ---------------------------------------------

cairn.choice(cairn.cards.play_choice { key = "c" })

cairn.game { name = "duel", width = 5, height = 1,
  generate = function(w)
    local h = w:spawn("hero", 0, 0)
    w:spawn("rat", 2, 0)
    cairn.cards.setup(h, { deck = { "strike", "strike", "strike", "strike", "strike" },
      energy = 3, draw = 3, turn_beats = 4 })
  end }

test("the play choice: pick a card, then its target; performed in the beat, msg logged",
  function()
    local g = game("duel")
    g:input("none")
    g:step()
    local h = g.world:players()[1]
    expect.eq(#cairn.cards.pile(h, "hand"), 3)
    expect.eq(g:choose("play", { card = 1, target = g.world:at(2, 0) }), true)
    expect.eq(g.world:at(2, 0).hp, 30, "nothing before the beat")
    g:step()
    expect.eq(g.world:at(2, 0).hp, 24)
    local msgs = g:messages()
    local found = false
    for _, m in ipairs(msgs) do found = found or m == "You strike for 6." end
    expect.truthy(found, "the msg is in the log: " .. table.concat(msgs, " | "))
    expect.eq(#cairn.cards.pile(h, "hand"), 2)
  end)

test("undo over card plays: the same choices come to the same game", function()
  local g = game("duel", { seed = 4 })
  g:step()
  g:choose("play", { card = 2, target = g.world:at(2, 0) })
  g:step()
  local after_one = g.world:checksum()
  g:choose("play", { card = 1, target = g.world:at(2, 0) })
  g:step()
  g:step(3) -- into the next turn: a draw from the world's generator
  local later = g.world:checksum()
  expect.eq(g:undo(), true)
  expect.eq(g:undo(), true)
  expect.eq(g:undo(), true)
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), after_one)
  g:choose("play", { card = 1, target = g.world:at(2, 0) })
  g:step()
  g:step(3)
  expect.eq(g.world:checksum(), later)
end)

test("the dead leave the list of card holders once they are gone", function()
  local w, h = world()
  local rat = w:at(2, 0)
  cairn.cards.setup(h, {})
  cairn.cards.setup(rat, {})
  expect.eq(#w.data.card_holders, 2)
  rat:kill()
  w:step(2)
  expect.eq(#w.data.card_holders, 1)
  expect.eq(w.data.card_holders[1], h.id)
end)

cairn.card { name = "bash", cost = { energy = 2 }, values = { damage = 8 },
  upgrade = { values = { damage = 10 }, cost = { energy = 1 } }, effect = say("bash") }

test("an upgrade may change the cost", function()
  local _, h = holding({}, 1)
  cairn.cards.add(h, "bash", "hand")
  cairn.cards.add(h, "bash", "hand", true)
  expect.eq(hand_names(h), "bash(needs 2 energy, has 1) bash")
  expect.eq(cairn.cards.hand(h)[2].label, "bash+ (1)")
  expect.eq(cairn.cards.play(h, card(h, 2)), true)
  expect.eq(cairn.cards.energy(h), 0)
end)

test("a card with nothing to target in range is unplayable, saying so", function()
  local w, h = holding({ "strike" })
  expect.eq(hand_names(h), "strike")
  w:at(2, 0):kill()
  expect.eq(hand_names(h), "strike(nothing to target in range)")
  expect.eq(select(2, cairn.cards.play(h, card(h, 1))), "nothing to target in range")
end)
