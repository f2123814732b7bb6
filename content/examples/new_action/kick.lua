-- kick.lua: a new thing the player can do, with a key of its own. A choice (cairn.choice) is
-- what the play screen's action panel lists; `key` is the key that chooses it. The hero
-- spends stamina on a kick that hurts and pushes, and gets it back by catching its breath.

cairn.entity {
  name = "hero",
  glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 10, team = 1, targets = { 2 } },
  data = { stamina = 2 },
}

cairn.entity {
  name = "barrel",
  glyph = "o",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, team = 3 },
}

-- What stands in the next cell that way, not a wall; and the cell behind it.
local function kickable(a, dir)
  local dx, dy = cairn.dir.delta(dir)
  local w = cairn.world()
  local t = w:at(a.x + dx, a.y + dy)
  return t, a.x + 2 * dx, a.y + 2 * dy
end

cairn.choice {
  name = "kick",
  key = "K",
  description = "kick what stands next to you: 1 damage, and it is pushed a cell away",
  -- Open: true. Closed: false and why (the panel shows it dimmed, with the reason). False
  -- alone hides the choice: an entity without stamina never kicks.
  available = function(a)
    local stamina = a.data.stamina
    if stamina == nil then return false end
    if stamina < 1 then return false, "too tired to kick" end
    return true
  end,
  -- The target: a direction, among those with something to kick.
  target = { among = "direction", text = "Kick what?",
    filter = function(a, dir) return kickable(a, dir) ~= nil end },
  -- Runs as the hero's act in the beat's players phase.
  perform = function(a, answers)
    local t, x, y = kickable(a, answers.target)
    if not t then return false end -- it went away: the act fails
    a.data.stamina = a.data.stamina - 1
    local w = cairn.world()
    local inside = x >= 0 and y >= 0 and x < w.width and y < w.height
    if not t:hurt(1, a) and inside and not w:at(x, y) and not w:at(x, y, "wall") then
      t:displace(x, y, a)
    end
  end,
}

-- A choice can name a core action instead of a perform function: waiting is "none".
cairn.choice {
  name = "breathe",
  key = "B",
  label = "catch your breath",
  available = function(a)
    if a.data.stamina == nil then return false end
    return true
  end,
  perform = function(a) a.data.stamina = a.data.stamina + 1 end,
}
