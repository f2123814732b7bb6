-- A fight in one row: a viper and a hexer on either side of the player, who waits. Besides
-- their blows they give it statuses at set beats (SCHEDULE), so that a save, an undo or a
-- replay at any beat meets a status applied that beat or one only decaying. The panel lists
-- every status of the player, one line an instance: what the tests compare.

-- Intensity: applying it again adds; 1 off each beat, after hurting by the magnitude.
cairn.status { name = "poison", adjective = "poisoned", stacking = "intensity", max = 20,
  decay = { by = 1, when = "beat" }, each = "damage" }
-- Instances: each mark its own magnitude, beats and source.
cairn.status { name = "mark", adjective = "marked", stacking = "instances" }
-- The old form, e:apply(name, beats): magnitude 1 and no source.
cairn.status { name = "chill", adjective = "chilled" }

cairn.entity { name = "player", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { team = 1, hp = 60 } }

for _, foe in ipairs({ { "viper", "v" }, { "hexer", "h" } }) do
  cairn.entity { name = foe[1], glyph = foe[2],
    decorators = { "Attacking", "Attackable", "Moving", "WithHP", "Killable", "Statused" },
    stats = { team = 2, targets = { 1 }, hp = 10 },
    sequence = { { action = "attack_move", movs = "basic" } } }
end

-- At the start of the beat named, who gives the player what: poison twice while it lasts (its
-- magnitudes add), a chill in the old form, and two marks, each its own instance. The beats
-- after only decay.
local SCHEDULE = {
  [2] = { { by = "viper", status = "poison", magnitude = 3 } },
  [3] = { { by = "viper", status = "poison", magnitude = 3 }, { status = "chill", beats = 9 } },
  [4] = { { by = "viper", status = "mark", magnitude = 1, beats = 10 } },
  [5] = { { by = "hexer", status = "mark", magnitude = 2, beats = 6 } },
}

local function give(w, player, gift)
  if not gift.by then
    player:apply(gift.status, gift.beats)
    return
  end
  player:apply(gift.status, { magnitude = gift.magnitude, beats = gift.beats,
    source = w:entities("venom:" .. gift.by)[1] })
end

cairn.handler { chain = "beat_start", fn = function(ev)
  local w = cairn.world()
  local player = w:players()[1]
  for _, gift in ipairs(player and SCHEDULE[ev.beat] or {}) do give(w, player, gift) end
end }

cairn.game {
  name = "venom",
  width = 5,
  height = 1,
  generate = function(w)
    w:spawn("viper", 1, 0)
    w:spawn("player", 2, 0)
    w:spawn("hexer", 3, 0)
  end,
  panel = function(_, player)
    local lines = { "hp " .. player.hp }
    for _, s in ipairs(player:statuses()) do
      lines[#lines + 1] = string.format("%s %d %s %s", s.name, s.magnitude,
        s.lasting and "lasting" or tostring(s.beats), s.source and tostring(s.source) or "-")
    end
    return lines
  end,
}
