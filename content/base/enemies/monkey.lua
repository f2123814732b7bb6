-- enemies/monkey.lua: a quick grabber. It closes in every beat, and when its blow lands it
-- binds its victim (see statuses.lua): the victim cannot walk away, only fight back or
-- struggle free.

local statuses = require "statuses" -- statuses.lua, loaded already: require gives its module

local BIND_BEATS = 5 -- the most a bind can last; struggling or the monkey's death end it sooner

cairn.entity {
  name = "monkey",
  glyph = "m",
  color = "bright_yellow",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 1, damage = 1, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } },
  handlers = {
    -- attack_do runs on the attacker once every target had its hit; ev.hits[i] is the hit
    -- on ev.targets[i] (nil for a target that was gone by then).
    attack_do = function(ev)
      for i = 1, #ev.targets do
        local hit = ev.hits[i]
        if hit and not hit.blocked then statuses.bind(hit.target, ev.actor, BIND_BEATS) end
      end
    end,
  },
}
