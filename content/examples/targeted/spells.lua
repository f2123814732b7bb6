-- spells.lua: abilities that ask for a target. A select prompt's candidates are the entities
-- (or cells, or directions) within `range` of the actor that pass `filter`; the play screen
-- highlights them, and `area` around the chosen cell. Both spells cost mana, kept in e.data.

cairn.entity {
  name = "mage",
  glyph = "M",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 8, team = 1, targets = { 2 } },
  data = { mana = 3 },
}

cairn.entity {
  name = "goblin",
  glyph = "g",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 4, team = 2, targets = { 1 } },
}

-- Open while the caster has `cost` mana; hidden from an entity that has none at all.
local function costs(cost)
  return function(a)
    local mana = a.data.mana
    if mana == nil then return false end
    if mana < cost then return false, "not enough mana" end
    return true
  end
end

-- Whether the actor sees the cell: walls block sight.
local function in_sight(a, x, y)
  return cairn.world():fov(a.x, a.y, 8):sees(x, y)
end

cairn.choice {
  name = "firebolt",
  key = "f",
  available = costs(1),
  target = {
    among = "entity", range = 4, text = "Burn what?",
    -- A foe (another team) that has hp, and that the mage sees.
    filter = function(a, t)
      return t.team ~= nil and t.team ~= a.team and t.hp ~= nil and in_sight(a, t.x, t.y)
    end,
  },
  perform = function(a, answers)
    a.data.mana = a.data.mana - 1
    answers.target:hurt(2, a)
  end,
}

cairn.choice {
  name = "frost_nova",
  key = "N",
  label = "frost nova",
  available = costs(2),
  -- A cell within 3, in sight; the nova hurts everything within 1 of it, the mage too.
  target = { among = "cell", range = 3, area = 1, text = "Freeze where?",
    filter = function(a, c) return in_sight(a, c.x, c.y) end },
  perform = function(a, answers)
    a.data.mana = a.data.mana - 2
    local w, c = cairn.world(), answers.target
    for y = c.y - 1, c.y + 1 do
      for x = c.x - 1, c.x + 1 do
        local t = w:at(x, y)
        if t and t.hp then t:hurt(1, a) end
      end
    end
  end,
}
