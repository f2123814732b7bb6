-- game.lua: a room of 10 by 3 cells. The player stands at its west end with a deck of three
-- strikes and a fireball (base's cards.lua), of which its first turn draws three; a stunned
-- skeleton stands two cells east, in a strike's range. The fireball, when drawn, costs more
-- than the energy left after a strike. The deck is shuffled by the world's generator: the
-- same seed, the same hand, so the screen shows the same at every run.

local cards = require "base:cards"

cairn.game {
  name = "range",
  description = "One room: a strike at a skeleton.",
  width = 12,
  height = 5,
  generate = function(w, _, _, players)
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
    cairn.cards.setup(p, { deck = { "base:strike", "base:strike", "base:strike",
      "base:fireball" }, energy = 3, draw = 4, hand_limit = 5, turn_beats = 5,
      keep_hand = true })
    w:spawn("base:skeleton", 3, 2):apply("base:stun", 100)
  end,
  panel = function(_, p) return cards.panel(p) end,
}

-- The player's first beat, so that `cairn sim` can save the game for `cairn play` to resume.
cairn.bot { name = "wait", decide = function() return "none" end }
