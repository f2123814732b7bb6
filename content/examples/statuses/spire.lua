-- spire.lua: Slay the Spire's statuses. Each is data: how it stacks, how it decays, what it
-- does at each decay and which stat it changes. Only Vulnerable needs a handler.

-- Vulnerable: hits on the bearer do half as much again. Its number is a duration: applied
-- again, the beats add up ("extend"), and they count down one a beat.
cairn.status {
  name = "vulnerable",
  description = "takes half as much damage again from each hit",
  stacking = "extend",
  handlers = {
    defence = function(ev) ev.damage = ev.damage + ev.damage // 2 end,
  },
}

-- Poison: at each beat the bearer loses its magnitude in hp, then the magnitude goes down by
-- 1; at 0 it wears off. Applied again, the magnitudes add. The damage's cause is the source,
-- so a kill by poison is the poisoner's.
cairn.status {
  name = "poison",
  adjective = "poisoned",
  description = "loses its magnitude in hp each beat, then 1 of it",
  stacking = "intensity",
  decay = { by = 1, when = "beat" },
  each = "damage",
}

-- Strength: adds its magnitude to the bearer's damage while it lasts. It lasts until its
-- magnitude comes to 0: applied with a negative magnitude it goes down, below 0 too (then it
-- takes damage away), and it is gone when it comes to 0 exactly.
cairn.status {
  name = "strength",
  description = "adds its magnitude to the damage of each attack",
  stacking = "intensity",
  modifies = { damage = 1 },
}

-- Flex: strength until the end of the turn. The turn layer (cards' turns) calls
-- e:decay("turn_end"), and the whole magnitude goes at once.
cairn.status {
  name = "flex",
  description = "strength that is lost at the end of the turn",
  stacking = "intensity",
  modifies = { damage = 1 },
  decay = { by = "all", when = "turn_end" },
}

-- Plated Armor: armour that loses 1 each time the bearer is hit.
cairn.status {
  name = "plated_armor",
  description = "adds its magnitude to armour; each hit taken takes 1 off",
  stacking = "intensity",
  modifies = { armor = 1 },
  decay = { by = 1, when = "hit" },
}
