-- breach.lua: Into the Breach's fire and acid, statuses that cells give. A cell's status is an
-- entity of the floor layer: it shares its cell with whoever stands there, and acts once a
-- beat in the floors phase, last of the beat's phases, on whoever it finds on it.

-- Burning: 1 damage each beat, until something puts it out. Lasting: applied without beats.
cairn.status {
  name = "burning",
  adjective = "burning",
  description = "loses its magnitude in hp each beat",
  each = "damage",
}

-- A.C.I.D.: the bearer takes double damage from each hit, for as long as it has it.
cairn.status {
  name = "acid",
  description = "takes double damage from each hit",
  handlers = {
    defence = function(ev) ev.damage = ev.damage * 2 end,
  },
}

-- What a cell gives whoever stands on it: the status named in the cell's data, lasting, with
-- the cell as its source.
cairn.decorator {
  name = "Afflicting",
  description = "applies data.status (magnitude 1, lasting) to whoever stands on the cell",
  data = { status = "burning" },
  activate = function(cell)
    local who = cairn.world():at(cell.x, cell.y)
    if who and not who:is_dead() and who:has("Statused") then
      who:apply(cell.data.status, { magnitude = 1, source = cell })
    end
    return true
  end,
}
cairn.action { name = "afflict", components = { "Afflicting" } }

cairn.entity {
  name = "fire",
  glyph = "~",
  color = "red",
  layer = "floor",
  decorators = { "Afflicting" },
  data = { status = "burning" },
  sequence = { { action = "afflict" } },
  algo = "simple",
}

cairn.entity {
  name = "acid_pool",
  glyph = "%",
  color = "green",
  layer = "floor",
  decorators = { "Afflicting" },
  data = { status = "acid" },
  sequence = { { action = "afflict" } },
  algo = "simple",
}
