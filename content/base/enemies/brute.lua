-- enemies/brute.lua: slow and heavy. It lumbers towards the player; next to it, it raises
-- its club for a beat (the player may step away), then slams the ground: it casts (the
-- action cast of the Casting decorator, docs/cards.md) cards.lua's ability "slam", 2 damage
-- to everyone next to it, friend or foe, through the stack, block and armour soaking it like
-- any hit. Then it lumbers on.

local casters = require "enemies.casters"

cairn.entity {
  name = "brute",
  glyph = "B",
  color = "red",
  decorators = casters.DECORATORS,
  stats = { hp = 4, damage = 1, team = 2, targets = { 1 } },
  data = { cast = "base:slam" },
  sequence = {
    -- 1: a step closer; next to the player, it winds up
    casters.approach(),
    -- 2: the club raised
    { action = "none", enter = function(e)
      cairn.cards.say(e, "The brute raises its club.")
    end },
    -- 3: the slam
    { action = "cast", movs = "basic", on_success = 1, on_failure = 1 },
  },
}
