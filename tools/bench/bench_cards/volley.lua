-- The payload run: one hero plays `volley` at the start of every beat, a card whose payload
-- is ten effects, nine of them on every foe (100 of them in the benchmark). Data only: the
-- payload names built-in effects, and no function of this pack runs inside it. The foes are
-- immune (pierce resistance far above any pierce), so the count never changes, but every hit
-- still goes through the attack's stages, defence and the history.
local IMMUNE = 1000000

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Attacking", "Attackable", "WithHP", "Statused" },
  stats = { team = 1, targets = { 2 }, hp = 10, pierce_resistance = IMMUNE } }

cairn.entity { name = "dummy", glyph = "d",
  decorators = { "Attackable", "WithHP", "Statused" },
  stats = { team = 2, hp = 10, pierce_resistance = IMMUNE } }

cairn.status { name = "marked" }

local ALL = "all_enemies"
cairn.card { name = "volley", values = { damage = 3, heal = 1, beats = 2 },
  effect = {
    { damage = { target = ALL } }, { damage = { target = ALL } },
    { damage = { target = ALL } }, { damage = { target = ALL } },
    { apply_status = { status = "marked", target = ALL } },
    { remove_status = { status = "marked", target = ALL } },
    { apply_status = { status = "marked", target = ALL } },
    { heal = { target = ALL } }, { heal = { target = ALL } },
    { block = { block = 1 } },
  } }

-- The hero and the options, found and made once: the benchmark measures the payload, not
-- its own handler.
local hero, hero_world
local PLAY = { targets = {} }
cairn.handler { chain = "beat_start", fn = function()
  local w = cairn.world()
  if w ~= hero_world then hero, hero_world = w:players()[1], w end
  cairn.resolve(hero, "volley", PLAY)
end }
