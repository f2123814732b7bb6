-- creatures.lua: who the statuses of this pack are tried on. Only an entity with the Statused
-- decorator can carry a status.

-- The hero: the one the tests (and the arena) move and hit with.
cairn.entity {
  name = "hero",
  glyph = "@",
  decorators = { "PlayerControl", "Attacking", "Attackable", "Moving", "Displaceable", "WithHP",
    "Killable", "Statused" },
  stats = { hp = 20, damage = 2, team = 1, targets = { 2 } },
}

-- A training dummy: it stands, takes hits and carries statuses; it never acts.
cairn.entity {
  name = "dummy",
  glyph = "d",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 30, team = 2 },
}

-- A viper: its bite poisons, and the poison remembers who gave it (the source).
cairn.entity {
  name = "viper",
  glyph = "v",
  decorators = { "Attacking", "Attackable", "Moving", "WithHP", "Killable", "Statused" },
  stats = { hp = 4, damage = 1, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } },
  handlers = {
    attack_do = function(ev)
      for _, hit in pairs(ev.hits) do
        if hit.dealt > 0 and not hit.target:is_dead() and hit.target:has("Statused") then
          hit.target:apply("poison", { magnitude = 2, source = ev.actor })
        end
      end
    end,
  },
}

-- A golem is immune to poison: its own status_receive handler stops every poison before it
-- lands, whoever gives it.
cairn.entity {
  name = "golem",
  glyph = "G",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 30, team = 2 },
  handlers = {
    status_receive = function(ev)
      if ev.status == "statuses:poison" then ev.propagate = false end
    end,
  },
}

-- A knight: nothing of its own about statuses; mods.lua makes it stand firm against stuns.
cairn.entity {
  name = "knight",
  glyph = "k",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 30, team = 2 },
}
