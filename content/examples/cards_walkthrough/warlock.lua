-- cards_walkthrough: the warlock, a channelling enemy (docs/cards.md, "Walkthrough").

-- The siphon holds while its victim is within 4 cells of the warlock. A behaviour: a function
-- the pulses name, asked before every pulse.
cairn.cards.behaviour("in_reach", function(action)
  local me, victim = action.source, action.targets[1]
  return victim ~= nil and math.max(math.abs(me.x - victim.x), math.abs(me.y - victim.y)) <= 4
end)

-- The siphon: 1 damage at once, then at the end of each of the next two beats.
cairn.ability {
  name = "siphon",
  target = { among = "entity", range = 4 },
  pulses = { max = 3, condition = "in_reach" },
  effect = { { damage = { damage = 1 } } },
  msg = "The warlock siphons your life.",
}

-- The ward: before a blow that reaches the warlock, block 1 for the beat.
cairn.ability {
  name = "ward",
  reaction = { timing = "before", to = function(_, action) return action.blow end },
  effect = { { block = { block = 1, beats = 1 } } },
  msg = "The warlock raises a ward.",
}

-- The warlock casts its siphon at the hero in line with it, then rests while it channels.
-- Any hurt breaks what it is doing: a channel, and a ward it has not raised yet.
cairn.entity {
  name = "warlock",
  glyph = "w",
  decorators = { "Casting", "Attacking", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 5, team = 2, targets = { 1 } },
  data = { cast = "cards_walkthrough:siphon", abilities = { "cards_walkthrough:ward" } },
  sequence = {
    { action = "cast", movs = "basic" },
    { action = "none", repeats = 3 },
  },
  handlers = { damaged = function(ev) cairn.cards.interrupt(ev.target, "hit") end },
}
