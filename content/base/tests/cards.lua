-- The player's deck (cards.lua): the turn's energy and draws, the hand's limit, the draw pile
-- reshuffled from the discard pile by the world's generator, cards played through the choice
-- "play", the stairs' rewards and upgrades, and the two enemies whose steps resolve
-- abilities: the shaman's hex and the brute's slam.

local cards = require "cards"

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = cards.short(c.card) .. (c.upgraded and "+" or "") end
  return table.concat(out, " ")
end

-- A room with the player (its deck set up) and whatever the map holds.
local function room(map, legend)
  local w = scenario { map = map, legend = legend }
  local p = w:players()[1]
  cards.setup(p)
  return w, p
end

-- The player's hand made exactly `list` (the deck's other cards go to the draw pile).
local function hold(p, list)
  for _, c in ipairs(cairn.cards.pile(p, "hand")) do cairn.cards.move(p, c.id, "draw") end
  for _, name in ipairs(list) do cairn.cards.add(p, name, "hand") end
end

-- The rank of the card named `name` among the playable cards of the hand (the play choice's
-- options), or nil.
local function rank(p, name)
  local k = 0
  for _, c in ipairs(cairn.cards.hand(p)) do
    if c.playable then
      k = k + 1
      if c.card == "base:" .. name then return k end
    end
  end
end

test("a turn is five beats: energy back to 3 and three cards drawn at its start", function()
  local w, p = room("#@..#")
  expect.eq(#cairn.cards.pile(p, "hand"), 0, "nothing before the first beat")
  w:step()
  expect.eq(#cairn.cards.pile(p, "hand"), 3, "turn 1: three cards")
  expect.eq(cairn.cards.energy(p), 3)
  cairn.cards.set_energy(p, 0)
  w:step(4)
  expect.eq(cairn.cards.turn(p), 1, "beats 1 to 5 are turn 1")
  expect.eq(cairn.cards.energy(p), 0, "energy is not refilled within the turn")
  w:step()
  expect.eq(cairn.cards.turn(p), 2, "beat 6 starts turn 2")
  expect.eq(cairn.cards.energy(p), 3, "refilled, not added to")
  expect.eq(#cairn.cards.pile(p, "hand"), 5, "the hand is kept: 3 + 3 drawn, up to the limit")
end)

test("a game's first decision sees turn 1's hand and energy, before the first beat",
  function()
    local g = game("dungeon", { seed = 1 })
    local p = g.world:players()[1]
    expect.eq(#cairn.cards.pile(p, "hand"), 3, "drawn as the game starts")
    expect.eq(cairn.cards.energy(p), 3)
    g:step()
    expect.eq(cairn.cards.turn(p), 1, "the first beat is in the turn already begun")
    expect.eq(#cairn.cards.pile(p, "hand"), 3, "and draws nothing more")
  end)

test("the hand never holds more than five: the rest wait in the draw pile", function()
  local w, p = room("#@..#")
  w:step(16) -- four turns: 3 + 3 + 3 + 3 cards, were there no limit
  expect.eq(#cairn.cards.pile(p, "hand"), cards.HAND_LIMIT)
  expect.eq(#cairn.cards.pile(p, "draw"), #cards.deck() - cards.HAND_LIMIT)
end)

test("played cards go to the discard pile, which is shuffled into an empty draw pile", function()
  local function play_out(seed)
    local w = scenario { map = "#@..#", seed = seed }
    local p = w:players()[1]
    cards.setup(p)
    local seen = {}
    for _ = 1, 30 do
      -- the first card that needs no target, else a wait
      local k = rank(p, "defend") or rank(p, "second_wind")
      if k then p:choose("play_card", { card = k }) end
      w:step()
      seen[#seen + 1] = names(cairn.cards.pile(p, "hand")) .. "|" ..
        #cairn.cards.pile(p, "draw") .. "|" .. #cairn.cards.pile(p, "discard")
    end
    local total = #cairn.cards.pile(p, "hand") + #cairn.cards.pile(p, "draw") +
      #cairn.cards.pile(p, "discard")
    expect.eq(total, #cards.deck(), "no card lost or made on the way")
    return table.concat(seen, "\n")
  end
  local a = play_out(3)
  local b = play_out(3)
  expect.eq(a, b, "the same seed and the same plays: the same draws, beat for beat")
  local c = play_out(4)
  expect.eq(c ~= a, true, "another seed shuffles otherwise")
end)

test("a strike played at a skeleton two cells off kills it, and the log says so", function()
  local w, p = room("#@.s.#")
  local skeleton = w:at(3, 0)
  skeleton:apply("stun", 10)
  w:step()
  hold(p, { "strike" })
  expect.eq(p:choose("play_card", { card = rank(p, "strike"), target = skeleton }), true)
  w:step()
  expect.eq(skeleton:is_dead(), true, "2 damage, its 2 hp")
  expect.eq(cairn.cards.energy(p), 2, "one energy paid")
  expect.eq(names(cairn.cards.pile(p, "discard")), "strike")
  expect.history(w, { { kind = "cairn:said" } })
end)

test("a card the player cannot pay for is not offered, and the hand says why", function()
  local w, p = room("#@.s.#")
  w:step()
  hold(p, { "fireball", "defend" })
  cairn.cards.set_energy(p, 1)
  local hand = cairn.cards.hand(p)
  expect.eq(hand[1].playable, false)
  expect.eq(hand[1].reason, "needs 2 energy, has 1")
  expect.eq(hand[2].playable, true)
  local panel = cards.panel(p)
  expect.eq(panel[1], "Hand (c)  energy 1/3")
  expect.eq(panel[2], "turn 1, the next in 5 beats")
  for _ = 1, 4 do w:step() end
  expect.eq(cards.panel(p)[2], "turn 1, the next in 1 beat", "one beat, not one beats")
  expect.eq(panel[4], "actions 3/3  reactions 2/2", "the points of the turn")
  expect.eq(panel[5].dim, true, "the fireball's line is dimmed")
  expect.eq(panel[5].text, "fireball (2): 2 to all around a cell, burning 1 for 2 beats; " ..
    "exhausts " ..
    "[needs 2 energy, has 1]")
  local labels = {}
  for _, c in ipairs(p:choices()) do
    if c.name == "base:play_card" then labels = c end
  end
  expect.eq(labels.available, true)
end)

test("dash is once a turn, across every copy", function()
  local w, p = room("#@.....#")
  w:step()
  hold(p, { "dash", "dash" })
  p:choose("play_card", { card = 1, target = { x = 3, y = 0 } })
  w:step()
  expect.eq(p.x, 3)
  local hand = cairn.cards.hand(p)
  expect.eq(hand[1].reason, "once a turn, and used this turn")
  w:step(4) -- turn 2
  expect.eq(cairn.cards.playable(p, hand[1].id), true)
end)

-- Rewards ------------------------------------------------------------------------------------

-- A dungeon game taken down the stairs: the player put on them, a beat played.
local function descend(g)
  local w = g.world
  local p = w:players()[1]
  for _, e in ipairs(w:entities()) do
    if e.type == "base:stairs" then
      p:lift()
      p:place(e.x, e.y)
      break
    end
  end
  g:input("none", "none")
  g:step()
  return w:players()[1]
end

test("down the stairs, a reward of three options waits, the same for the same seed", function()
  local function offer(seed)
    local g = game("dungeon", { seed = seed })
    local p = descend(g)
    expect.eq(g.floor, 2)
    local labels = {}
    for i, o in ipairs(p.data.reward) do labels[i] = cards.option_label(o) end
    return table.concat(labels, ", "), g, p
  end
  local a, g, p = offer(5)
  expect.eq(#p.data.reward, 3)
  expect.eq(offer(5), a, "the world's generator draws them")
  local available = false
  for _, c in ipairs(g:choices()) do
    if c.name == "base:reward" then available = c.available end
  end
  expect.eq(available, true, "the choice R is on offer")
end)

test("a card taken as a reward goes on top of the draw pile", function()
  local g = game("dungeon", { seed = 5 })
  local p = descend(g)
  local option
  for i, o in ipairs(p.data.reward) do
    if not o.upgrade then option = option or i end
  end
  local name = p.data.reward[option].card
  local before = #cards.all_cards(p)
  expect.eq(g:choose("reward", { option = option }), true)
  g:step()
  expect.eq(#cards.all_cards(p), before + 1)
  local draw = cairn.cards.pile(p, "draw")
  expect.eq(cards.short(draw[#draw].card), name, "on top")
  expect.eq(p.data.reward, nil, "taken: no more on offer")
end)

test("an upgrade from a reward changes the card's values for good", function()
  local w, p = room("#@.s.#")
  hold(p, { "strike" })
  local id = cairn.cards.pile(p, "hand")[1].id
  p.data.reward = { { card = "flurry" }, { card = "gamble" }, { upgrade = id, card = "strike" } }
  p:choose("reward", { option = 3 })
  w:step()
  local c = cairn.cards.pile(p, "hand")[1]
  expect.eq(c.upgraded, true)
  expect.eq(c.values.damage, 3)
  expect.eq(cairn.cards.hand(p)[1].text, "3 damage, range 2")
  expect.eq(cairn.cards.hand(p)[1].label, "strike+ (1)")
end)

-- The enemies' abilities ---------------------------------------------------------------------

test("a shaman in line with the player hexes it: hits on it do 1 more", function()
  local w, p = room([[
    #########
    #@...S..#
    #s#######
  ]], { S = "shaman" })
  w:step() -- the shaman casts its hex along the row, four cells
  expect.eq(p:status("base:hexed") > 0, true, "hexed")
  expect.history(w, { { kind = "cairn:said", entity = "shaman" } })
  local hp = p.hp
  w:step(2) -- the skeleton rests, then hits for 1, and 1 more
  expect.eq(p.hp, hp - 2)
end)

test("a shaman with nobody in line steps closer instead", function()
  local w, p = room([[
    #########
    #@......#
    #.....S.#
    #########
  ]], { S = "shaman" })
  w:step() -- the cast fails: nobody along its way
  expect.eq(p:status("base:hexed"), 0)
  w:step() -- it steps closer
  expect.map(w, [[
    #########
    #@......#
    #....S..#
    #########
  ]])
end)

test("a brute next to the player winds up, then slams all around it", function()
  local w, p = room([[
    #####
    #@B.#
    #.s.#
    #####
  ]], { B = "brute" })
  local skeleton = w:at(2, 2)
  skeleton:apply("stun", 10)
  w:step() -- beside the player: it tries to step, and sees it must wind up
  w:step() -- the club raised
  expect.eq(p.hp, 6, "nothing yet")
  w:step() -- the club comes down
  expect.eq(p.hp, 4, "2 damage")
  expect.eq(skeleton:is_dead(), true, "the skeleton beside it is hit too")
end)

test("block soaks the slam", function()
  local w, p = room([[
    #####
    #@B.#
    #####
  ]], { B = "brute" })
  w:step(2)
  hold(p, { "defend" })
  p:choose("play_card", { card = 1 })
  w:step()
  expect.eq(p.hp, 6, "2 blocked")
end)

-- The explorer's cards --------------------------------------------------------------------

local explorer = require "bots.explorer"

-- What the explorer decides now (a choice and its answers, or an action's name).
local function decide(w, p, mem)
  mem = mem or {}
  mem.floor, mem.beat = 1, w.beat
  return explorer.decide(mem, w, p)
end

test("the explorer strikes a skeleton two cells off with a card, before it comes near", function()
  local w, p = room([[
    #######
    #@.s..#
    #######
  ]])
  w:at(3, 1):apply("stun", 5)
  w:step()
  hold(p, { "defend", "strike" })
  local d = decide(w, p)
  expect.eq(d.choice, "play_card")
  expect.eq(d.answers.card, 2, "the strike, second in the hand")
  expect.eq(d.answers.target, w:at(3, 1))
end)

test("the explorer leaves its cards alone with no monster in sight", function()
  local w, p = room([[
    #######
    #@....#
    #######
  ]])
  w:step()
  hold(p, { "strike", "defend" })
  expect.eq(type(decide(w, p)), "string", "a step, not a card")
end)

test("the explorer takes a reward at once, an upgrade when there is one", function()
  local w, p = room([[
    #######
    #@....#
    #######
  ]])
  w:step()
  p.data.reward = { { card = "flurry" }, { upgrade = 1, card = "strike" }, { card = "spark" } }
  local d = decide(w, p)
  expect.eq(d.choice, "reward")
  expect.eq(d.answers.option, 2)
end)

test("explorer_no_cards plays no card and takes no reward", function()
  local w, p = room([[
    #######
    #@.s..#
    #######
  ]])
  w:step()
  hold(p, { "strike" })
  p.data.reward = { { card = "flurry" }, { card = "gamble" }, { card = "spark" } }
  local d = decide(w, p, { no_cards = true })
  expect.eq(type(d), "string")
end)

test("every card's text in the hand says its numbers: no value's name left in braces",
  function()
    local w = scenario { map = "@." }
    local p = w:players()[1]
    cards.setup(p)
    for _, entry in ipairs(cards.reward_pool()) do
      for _, upgraded in ipairs({ false, true }) do
        for _, c in ipairs(cairn.cards.pile(p, "hand")) do cairn.cards.move(p, c.id, "draw") end
        cairn.cards.add(p, entry[1], "hand", upgraded)
        local text = cairn.cards.hand(p)[1].text or ""
        expect.falsy(text:find("{", 1, true), entry[1] .. ": " .. text)
      end
    end
  end)
