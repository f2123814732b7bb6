-- stalker.lua: an enemy that plans its moves with w:plan. A plan is every state (cell,
-- facing, posture) the stalker could reach within a budget, with the cheapest way to each.
-- Here it has two postures: standing (a step costs 1) and crawling (a step costs 3), and it
-- must crawl in a low tunnel. Spikes are a consequence: a plan that steps on them ends
-- there, so a way never goes over them, only onto them.

-- A low tunnel, on the floor layer: whoever is in it shares its cell.
cairn.entity { name = "tunnel", glyph = "=", layer = "floor" }
-- Spikes, on the trap layer.
cairn.entity { name = "spikes", glyph = "^", layer = "trap" }

local BUDGET = 30

local function is(w, x, y, name)
  local e = w:at(x, y, "floor")
  return e ~= nil and e.type == "planning:" .. name
end

-- The stalker's plan from where it stands, over what it would have to do to get anywhere.
local function plan_from(w, e)
  return w:plan(e, {
    budget = BUDGET,
    postures = { "standing", "crawling" },
    step = { standing = 1, crawling = 3 },
    change = { standing = { crawling = 1 }, crawling = { standing = 1 } },
    -- where each posture may be: no wall, and in a tunnel only crawling (a function, called
    -- for each cell and posture)
    allowed = function(x, y, posture)
      if w:at(x, y, "wall") then return false end
      return posture == "crawling" or not is(w, x, y, "tunnel")
    end,
    -- where a plan ends, as data: the cells holding one of these types (no Lua called)
    stop = { "planning:spikes" },
  })
end

cairn.movs {
  name = "stalk",
  description = "the first step of the cheapest planned way to the closest player",
  fn = function(e, x, y)
    local w = cairn.world()
    local player, px, py = w:closest_player(x, y)
    if not player then return {} end
    local way = plan_from(w, e):path(px, py)
    if not way then return {} end -- out of reach within the budget: wait
    -- the first move that changes cell (a change of posture is free to the game here)
    for _, m in ipairs(way) do
      if m.x ~= x or m.y ~= y then return { m.via } end
    end
    return {}
  end,
}

cairn.entity {
  name = "stalker",
  glyph = "s",
  decorators = { "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 2, team = 2 },
  sequence = { { action = "attack_move", movs = "stalk" } },
}
