-- cards.lua: the gladiator's deck (docs/cards.md is the library's reference). Each turn
-- refills its energy and draws cards into its hand; playing a card is a choice (play, key c)
-- and costs an action point, as a step or a bump does.
--
-- A module too: require "cards" gives the numbers, the deck, and the panel's lines.

local fighters = require "fighters"

local cards = {}

cards.ENERGY = 3     -- energy at the start of every turn (what was left is not kept)
cards.DRAW = 3       -- cards drawn at the start of every turn
cards.HAND_LIMIT = 5 -- a draw stops when the hand holds this many
cards.DECK = { "slash", "slash", "slash", "slash", "guard", "guard", "javelin", "javelin",
  "second_wind" }

-- A foe within range and in a clear line.
local function at_foe(range, text)
  return { among = "entity", range = range, text = text,
    filter = function(a, e)
      return cairn.cards.foe(a, e) and fighters.clear_line(a, e.x, e.y) ~= nil
    end }
end

cairn.card {
  name = "slash",
  cost = { energy = 1 },
  values = { damage = 3 },
  target = at_foe(1, "Slash whom?"),
  effect = { { damage = {} } },
  msg = "You slash for {damage}.",
  text = "{damage} damage to a foe next to you.",
}

cairn.card {
  name = "guard",
  cost = { energy = 1 },
  values = { block = 3 },
  effect = { { block = {} } },
  msg = "You raise your guard.",
  text = "Block {block} until your next turn.",
}

-- exert: an effect of the pack's own - its target (the actor, by default) spends `exert`
-- action points of its turn besides the one the card's action costs (cairn.turns.spend).
-- A card that exerts asks, in its req, for the points it will take.
cairn.effect {
  name = "exert",
  params = { exert = "value" },
  target = "self",
  run = function(ctx, target)
    cairn.turns.spend(target, ctx:number("exert", 1))
  end,
}

cairn.card {
  name = "javelin",
  cost = { energy = 1 },
  values = { damage = 2, exert = 1 },
  req = function(a)
    if (cairn.turns.points(a) or 2) < 2 then return false, "it takes two action points" end
    return true
  end,
  target = at_foe(4, "Throw at whom?"),
  effect = { { damage = {} }, { exert = {} } },
  msg = "Your javelin strikes for {damage}.",
  text = "{damage} damage to a foe up to 4 cells off, in a clear line; two action points.",
}

cairn.card {
  name = "second_wind",
  label = "second wind",
  cost = { energy = 1, exhaust = true },
  values = { heal = 3 },
  effect = { { heal = {} } },
  msg = "You catch your second wind.",
  text = "Heal {heal}; once a fight.",
}

-- Gives the gladiator its deck, shuffled with the world's generator.
function cards.setup(p)
  cairn.cards.setup(p, { deck = cards.DECK, energy = cards.ENERGY, draw = cards.DRAW,
    hand_limit = cards.HAND_LIMIT, keep_hand = true })
end

-- What the panel shows of the deck: the energy and the piles, then the hand, a line a card
-- (dimmed, with why, when it cannot be played now).
function cards.panel(p)
  local lines = {
    string.format("Hand (c)  energy %d/%d", cairn.cards.energy(p), cards.ENERGY),
    string.format("draw %d  discard %d", #cairn.cards.pile(p, "draw"),
      #cairn.cards.pile(p, "discard")),
  }
  for _, c in ipairs(cairn.cards.hand(p)) do
    local text = c.label .. (c.text and (": " .. c.text) or "")
    if c.playable then
      lines[#lines + 1] = text
    else
      lines[#lines + 1] = { text = text .. " [" .. tostring(c.reason) .. "]", dim = true }
    end
  end
  return lines
end

return cards
