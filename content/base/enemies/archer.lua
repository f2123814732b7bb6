-- enemies/archer.lua: an enemy that shoots. When the player stands in line with it, within
-- range and with nothing between them, it looses an arrow, which flies one cell a beat; when
-- not, it closes in like a skeleton, and hits the player in melee when next to it. It rests
-- every other beat.
--
-- Two new things here: an action component written in Lua (Shooting), and an entity that
-- spawns another (the arrow, on the projectile layer).

-- Shooting: an action component. The action shoot_attack_move below tries it first in each
-- direction the movs gives; when it returns false, Attacking and then Moving are tried.
cairn.decorator {
  name = "Shooting",
  description = "looses an arrow at a target in line, 2 to data.range cells away, in plain view",
  data = { range = 5 },
  activate = function(e, dir)
    local w = cairn.world()
    local dx, dy = cairn.dir.delta(dir)
    for i = 1, e.data.range do
      local x, y = e.x + dx * i, e.y + dy * i
      if w:at(x, y, "wall") then return false end -- (outside the grid w:at finds nothing)
      local other = w:at(x, y)
      if other then
        -- Next to it, Attacking does the job; beyond, shoot only at a team it targets.
        if i == 1 or not other.team then return false end
        local aimed = false
        for _, team in ipairs(e.targets) do aimed = aimed or team == other.team end
        if not aimed or w:at(e.x + dx, e.y + dy, "projectile") then return false end
        -- Spawned during the beat, the arrow flies from the next one on.
        local arrow = w:spawn("arrow", e.x + dx, e.y + dy)
        arrow.facing = dir
        return true
      end
    end
    return false
  end,
}
cairn.action { name = "shoot_attack_move", components = { "Shooting", "Attacking", "Moving" } }

cairn.entity {
  name = "archer",
  glyph = "k",
  color = "cyan",
  decorators = {
    "Shooting", "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable",
    "Statused",
  },
  stats = { hp = 1, damage = 1, team = 2, targets = { 1 } },
  sequence = {
    { action = "shoot_attack_move", movs = "basic" },
    { action = "none" },
  },
}

-- The arrow: each beat (in the projectiles phase) it hits whatever stands in its way, or
-- flies one cell on the way it faces; it is gone once it hit something or could not fly on
-- (a wall, the edge of the map).
cairn.entity {
  name = "arrow",
  glyph = "*",
  color = "bright_white",
  layer = "projectile",
  decorators = { "Attacking", "Moving" },
  -- targets = {}: the attack picks no target by itself; attack_get below chooses it.
  stats = { damage = 1, targets = {} },
  sequence = { { action = "attack_move", movs = "straight" } },
  handlers = {
    -- Its target: whoever stepped into the arrow's own cell, else whoever is in the next
    -- one, whatever its team (arrows do not tell friend from foe).
    attack_get = function(ev)
      local arrow, w = ev.actor, cairn.world()
      local function target_at(x, y)
        local e = w:at(x, y)
        if e and not e:is_dead() and e:has("Attackable") then return e end
      end
      local dx, dy = cairn.dir.delta(ev.dir)
      local victim = target_at(arrow.x, arrow.y) or target_at(arrow.x + dx, arrow.y + dy)
      if victim then ev:add_target(victim) end
    end,
    attack_do = function(ev) ev.actor:kill() end, -- it hit: it is spent
    act_failure = function(ev) ev.actor:kill() end, -- it could neither hit nor fly on
  },
}
