-- The chase: one hero the benchmark walks, and enemies that rest, then attack or move towards
-- it. Everyone is immune (pierce resistance far above any pierce), so the count never changes.
local IMMUNE = 1000000

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attackable", "Displaceable" },
  stats = { team = 1, pierce_resistance = IMMUNE } }

local enemy = {
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable" },
  stats = { team = 2, targets = { 1 }, pierce_resistance = IMMUNE },
}

local function define(name, glyph, extra)
  local def = { name = name, glyph = glyph }
  for k, v in pairs(enemy) do def[k] = v end
  for k, v in pairs(extra) do def[k] = v end
  cairn.entity(def)
end

-- (a) pure data: built-in actions and movs, no Lua at all once compiled.
define("skeleton", "s", {
  sequence = { { action = "none" }, { action = "attack_move", movs = "basic" } } })

-- (b) the same with a trivial Lua handler on its attack and move chains.
define("skeleton_handlers", "h", {
  sequence = { { action = "none" }, { action = "attack_move", movs = "basic" } },
  handlers = { attack_check = function(ev) end, move_check = function(ev) end } })

-- (c) the same with a Lua movs: basic's choice (the axes that close the distance to the
-- closest player, the longer first), written in Lua. It returns the directions themselves,
-- the form that builds no table each call, and reads the cells it is given (its own as
-- arguments, the player's from closest_player) rather than e.x, e.y, p.x and p.y.
local function towards(_, x, y)
  local p, px, py = cairn.world():closest_player(x, y)
  if not p then return nil end
  local dx, dy = px - x, py - y
  local h = dx > 0 and "e" or dx < 0 and "w" or nil
  local v = dy > 0 and "s" or dy < 0 and "n" or nil
  if math.abs(dy) > math.abs(dx) then h, v = v, h end
  if h then return h, v end
  return v
end
cairn.movs { name = "towards", fn = towards }
define("skeleton_movs", "m", {
  sequence = { { action = "none" }, { action = "attack_move", movs = "towards" } } })

-- (e) a typical Lua enemy: a step function, the handlers of (b) and the movs of (c), all in
-- Lua. The functions are as trivial as (b)'s: what is measured is the price of the calls.
define("skeleton_lua", "l", {
  sequence = { { action = "none" },
    { action = "attack_move", movs = "towards", enter = function(e, step) end } },
  handlers = {
    attack_check = function(ev) end,
    move_check = function(ev) end,
  } })

-- cairn-bench --statuses: (a)'s skeleton, able to carry statuses, with a pool of hp deeper than
-- any run's damage. The benchmark gives each one three data-only statuses (statuses.lua), or
-- none in the run they are compared with.
define("skeleton_statused", "t", {
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "Statused", "WithHP" },
  stats = { team = 2, targets = { 1 }, pierce_resistance = IMMUNE, hp = IMMUNE },
  sequence = { { action = "none" }, { action = "attack_move", movs = "basic" } } })
