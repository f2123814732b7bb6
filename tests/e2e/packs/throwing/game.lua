-- game.lua: a room of 10 by 3 cells. The player stands at its west end with a throwing
-- dagger in its bag (and nothing to drink, so that some choice is dimmed, with a reason); a
-- skeleton stands five cells east, in the dagger's range and line. Nothing is left to chance,
-- so the screen shows the same at every run.

local inventory = require "base:inventory"

-- A game of the room: the player with `thrown` in its bag, the skeleton `x` cells east.
local function room(name, description, thrown, x)
  cairn.game {
    name = name,
    description = description,
    width = 12,
    height = 5,
    generate = function(w, _, _, players)
      for wx = 0, 11 do
        w:spawn("base:wall", wx, 0)
        w:spawn("base:wall", wx, 4)
      end
      for y = 1, 3 do
        w:spawn("base:wall", 0, y)
        w:spawn("base:wall", 11, y)
      end
      local p = players[1]
      if p then p:place(1, 2) else p = w:spawn("base:player", 1, 2) end
      inventory.bag_add(p, w:spawn(thrown, 1, 2))
      w:spawn("base:skeleton", 1 + x, 2)
    end,
  }
end

room("range", "One room: a throw at a skeleton.", "base:throwing_dagger", 5)

-- The same room, the player with a bomb in its bag and the skeleton three cells east: a bomb
-- thrown at it spares the player, one thrown at the next cell or the one after does not.
room("bombing", "One room: a bomb for a skeleton.", "base:bomb", 3)

-- The player's first beat, so that `cairn sim` can save the game for `cairn play` to resume:
-- the screen's own game is the base game's dungeon.
cairn.bot { name = "wait", decide = function() return "none" end }

-- A choice that asks a number and then yes or no, for the screen's number and confirm boxes:
-- resting does nothing but take the beat.
cairn.choice {
  name = "rest",
  key = "r",
  description = "rest a while",
  prompts = {
    { name = "beats", kind = "number", text = "rest how long?", min = 1, max = 3 },
    { name = "sure", kind = "confirm", text = "rest now?" },
  },
  perform = function() end,
}

-- A choice whose first answer leads to a target with nothing to aim at: the choice ends
-- there, and the screen must let go of its menu.
cairn.choice {
  name = "point",
  key = "p",
  description = "point at something that is not there",
  prompts = { { name = "how", kind = "pick", text = "point how?", options = { "finger" },
    next = function()
      return { { name = "at", kind = "select", among = "entity", text = "point at what?",
        range = 1, filter = function() return false end } }
    end } },
  perform = function() end,
}
