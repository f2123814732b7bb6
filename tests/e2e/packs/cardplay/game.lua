-- game.lua: games in a room of 10 by 3 cells. range: a card played. The player stands at its
-- west end with a deck of three strikes and a fireball (base's cards.lua), of which its first
-- turn draws three; a stunned skeleton stands two cells east, in a strike's range. The
-- fireball, when drawn, costs more than the energy left after a strike. The deck is shuffled
-- by the world's generator: the same seed, the same hand, so the screen shows the same at
-- every run.

local cards = require "base:cards"

-- The walled room, and the player at its west end with its deck dealt (the strikes and the
-- fireball, unless `deck` says).
local function room(w, players, deck)
  for x = 0, 11 do
    w:spawn("base:wall", x, 0)
    w:spawn("base:wall", x, 4)
  end
  for y = 1, 3 do
    w:spawn("base:wall", 0, y)
    w:spawn("base:wall", 11, y)
  end
  local p = players[1]
  if p then p:place(1, 2) else p = w:spawn("base:player", 1, 2) end
  cairn.cards.setup(p, { deck = deck or { "base:strike", "base:strike", "base:strike",
    "base:fireball" }, energy = 3, draw = 4, hand_limit = 5, turn_beats = 5,
    keep_hand = true, actions = cards.ACTIONS, reactions = cards.REACTIONS })
  return p
end

-- A game in the room: `fill(w, p)` adds what else it holds to the player's room.
local function room_game(name, description, deck, fill)
  cairn.game {
    name = name,
    description = description,
    width = 12,
    height = 5,
    generate = function(w, _, _, players) fill(w, room(w, players, deck)) end,
    panel = function(_, p) return cards.panel(p) end,
  }
end

room_game("range", "One room: a strike at a skeleton.", nil, function(w)
  w:spawn("base:skeleton", 3, 2):apply("base:stun", 100)
end)

-- riposte: the player riposting (base's riposte card), a skeleton next to it, which hits it
-- in the first beat: a question inside the beat, whether to riposte. riposte_thorns: thorns
-- too, so that the hit sets off two abilities and the player orders them first.
-- riposte_far: the skeleton a cell further, so that it hits in the third beat.
local function riposte_game(name, statuses, x)
  room_game(name, "One room: a skeleton's hit, answered by " .. table.concat(statuses, " and "),
    nil, function(w, p)
      for _, st in ipairs(statuses) do p:apply(st, 100) end
      w:spawn("base:skeleton", x, 2)
    end)
end
riposte_game("riposte", { "base:riposting" }, 2)
riposte_game("riposte_thorns", { "base:riposting", "base:thorny" }, 2)
riposte_game("riposte_far", { "base:riposting" }, 3)

-- The player's first beat, so that `cairn sim` can save the game for `cairn play` to resume.
cairn.bot { name = "wait", decide = function() return "none" end }

-- Waits too, and answers every blow aimed at it with its first reaction, then passes: for a
-- replay whose beats hold reactions.
cairn.bot { name = "reactor", decide = function() return "none" end,
  answer = function(mem, _, prompt)
    if prompt.name ~= "reaction" then return 1 end
    mem.n = (mem.n or 0) + 1
    return mem.n % 2 == 1 and 1 or #prompt.options
  end }

-- flurry: a hand of flurries (two hits each, base's cards.lua), a stunned skeleton next to
-- the player: a card whose hits the play screen shows one by one.
room_game("flurry", "One room: a flurry at a skeleton.",
  { "base:flurry", "base:flurry", "base:flurry" }, function(w)
    w:spawn("base:skeleton", 2, 2):apply("base:stun", 100)
  end)

-- knight: the player with a hand of reactions (base's dodge and counter), a knight next to
-- it, which declares its heavy blow in the second beat: the reaction prompt.
room_game("knight", "One room: a knight's heavy blow, answered by a reaction.",
  { "base:dodge", "base:counter" }, function(w)
    w:spawn("base:knight", 2, 2)
  end)

-- knight_riposte: the knight game with the player riposting, so that a blow answered by a
-- reaction is followed by hits that ask whether to riposte.
room_game("knight_riposte", "One room: a knight's blows, answered by reactions and ripostes.",
  { "base:dodge", "base:counter" }, function(w, p)
    p:apply("base:riposting", 100)
    w:spawn("base:knight", 2, 2)
  end)

-- knight_bare: the same knight, the player holding no reaction (the strikes and the
-- fireball): with --ask-reactions, a menu of "pass" alone.
room_game("knight_bare", "One room: a knight's heavy blow, and no reaction to answer it.",
  nil, function(w)
    w:spawn("base:knight", 2, 2)
  end)

-- recall: a card of the pack's own that takes a card of the discard pile back to the hand,
-- its pick showing the pile (show_discard); options of the same name are one. The player
-- holds its whole deck (recall, two strikes and a fireball: nothing left to draw, so the
-- discard pile is never shuffled in), and six cards lie in the discard pile: more than one
-- line of the question holds at 80 columns.
cairn.card { name = "recall", cost = { energy = 0 }, show_discard = true,
  text = "a card of the discard pile back to the hand",
  choices = { { name = "card", kind = "pick", text = "Take back which card?",
    options = function(who)
      local list = {}
      for _, c in ipairs(cairn.cards.pile(who, "discard")) do
        list[#list + 1] = { value = c.id, label = cards.short(c.card):gsub("_", " ") }
      end
      return list
    end } },
  effect = function(ctx) cairn.cards.move(ctx.actor, ctx.request.answers.card, "hand") end }

room_game("recall", "One room: a card that takes one back from the discard pile.",
  { "cardplay:recall", "base:strike", "base:strike", "base:fireball" }, function(_, p)
    for _, name in ipairs { "base:strike", "base:strike", "base:fireball", "base:flurry",
      "base:whirlwind", "base:twin_strike" } do
      cairn.cards.add(p, name, "discard")
    end
  end)
