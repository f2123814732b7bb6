-- cautious.lua: a bot that looks before it steps. A bot's decide gets a fourth argument,
-- `game`: game:preview(action, dir) plays the next beat as it would go with that input and
-- returns its history (the changes w:history() lists), then puts the world back as it was -
-- nothing of the beat stays, not even the draws from the random generator. This bot
-- previews the four orthogonal steps (attack_dig_move: strike whatever stands there, else
-- dig, else step) and waiting, and takes the first that costs the player no hp.
--
-- The file is also a module: `require "cautious"` gives { decide = ... }, the function
-- cairn.bot is given, so that tests can ask it for a choice without making it.

local cautious = {}

-- What the bot weighs, in this order: the first that costs nothing wins.
local CHOICES = {
  { "attack_dig_move", "n" },
  { "attack_dig_move", "e" },
  { "attack_dig_move", "s" },
  { "attack_dig_move", "w" },
  { "none" },
}

-- The hp `player` loses in a beat's history.
local function hp_lost(history, player)
  local lost = 0
  for _, change in ipairs(history) do
    if change.kind == "damaged" and change.entity == player then
      lost = lost + change.amount
    end
  end
  return lost
end

function cautious.decide(mem, w, player, game)
  for _, choice in ipairs(CHOICES) do
    local action, dir = choice[1], choice[2]
    if hp_lost(game:preview(action, dir), player) == 0 then return action, dir end
  end
  return "none" -- every choice costs hp: wait and take the blow
end

cairn.bot {
  name = "cautious",
  description = "Previews each orthogonal step and waiting; takes the first that costs no hp.",
  decide = cautious.decide,
}

return cautious
