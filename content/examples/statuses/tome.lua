-- tome.lua: Tales of Maj'Eyal's effects: parameters a handler reads, immunity and saves.

-- Stoneskin: its power (the magnitude) is a parameter its handler reads at each hit. Cast
-- again, the new casting replaces the old, power and duration, weaker or not ("refresh").
cairn.status {
  name = "stoneskin",
  description = "each hit does its power less damage",
  stacking = "refresh",
  handlers = {
    defence = function(ev) ev.damage = ev.damage - ev.target:magnitude("stoneskin") end,
  },
}

-- Regeneration: heals its power each beat, for as long as it lasts. Data only.
cairn.status {
  name = "regeneration",
  description = "heals its magnitude in hp each beat",
  each = "heal",
}

-- Stun: the bearer loses its turns. A physical save: a bearer whose armour is at least the
-- stun's power shakes it off. Applied again, the longer duration is kept (the default rule).
cairn.status {
  name = "stun",
  adjective = "stunned",
  description = "skips its turns",
  save = { stat = "armor" },
  handlers = { act_check = { rank = "highest", fn = function(ev) ev.propagate = false end } },
}

-- Daze: like a stun, but any bearer may shake it off: a chance in four, drawn from the world's
-- generator (so a seed always saves the same ones).
cairn.status {
  name = "daze",
  adjective = "dazed",
  description = "skips its turns",
  save = { chance = 25 },
  handlers = { act_check = { rank = "highest", fn = function(ev) ev.propagate = false end } },
}

-- Steadiness: while the bearer has it, a stun does not land at all and poison lands half as
-- strong.
cairn.status {
  name = "steady",
  description = "immune to stuns, and poison lands half as strong",
  resists = { stun = 100, poison = 50 },
}
