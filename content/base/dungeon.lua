-- dungeon.lua: makes one floor of the dungeon in an empty world: rooms joined by corridors,
-- cut out of rock, then the stairs, the players, enemies, items, consumables, crates, traps
-- and, from floor 2, a pair of portal doors.
-- A module, not a load file: game.lua does `local dungeon = require "dungeon"` and calls
-- dungeon.generate between beats. It defines no types; it only spawns the pack's.
--
-- Every random choice comes from math.random, which the sandbox draws from the world's
-- seeded generator, so one seed always gives the same floor (replays and tests rely on it).
-- For the same reason everything is kept in arrays walked with numeric loops: the order of
-- the draws never depends on how a table happens to be laid out.

local dungeon = {}

-- The shape of a floor ----------------------------------------------------------------------

local MAX_ROOMS = 7       -- rooms aimed for; a crowded floor may fit fewer
local ROOM_TRIES = 80     -- random placements tried before settling for the rooms found
local MIN_ROOM_W, MAX_ROOM_W = 4, 10
local MIN_ROOM_H, MAX_ROOM_H = 3, 5
local MARGIN = 2          -- rock between a room and the border: the outer wall stays whole
local ROOM_GAP = 1        -- rock between two rooms, so that two rooms never merge into one
local EXTRA_CORRIDORS = 1 -- beyond the chain of rooms: a loop, so the way is not one line
local WALL_SHARE = 0.3    -- of the rock inside the border, the part that cannot be dug

-- No enemy starts fewer steps than this from the entry (exported for the tests).
dungeon.SAFE_DISTANCE = 6

-- What each floor holds. A pool is a list of { type, weight }: a weight is a share of the
-- draws (3 comes up three times as often as 1), not a percentage. Deeper floors hold more,
-- and harder, enemies and better gear, and more consumables (consumables.lua) with more
-- bombs among them: potions keep the player going, throws let it strike before it is struck.
-- A floor deeper than this list uses its last entry. Each floor has a relic lying in a room,
-- and the deeper two an event room, which asks the player its question when it steps in.
local RELICS = { { "thorn_ring", 1 }, { "miners_lantern", 1 }, { "war_drum", 1 } }
dungeon.FLOORS = {
  { -- floor 1: slow, simple enemies, and the first weapons to meet them with
    enemies = 4,
    enemy_pool = { { "skeleton", 5 }, { "bat", 3 } },
    items = 2,
    item_pool = { { "spear", 3 }, { "leather_armour", 3 }, { "pickaxe", 2 },
      { "dagger", 1 }, { "shovel", 1 } },
    consumables = 3,
    consumable_pool = { { "healing_potion", 3 }, { "throwing_dagger", 2 }, { "bomb", 1 } },
    crates = 3, bounce_traps = 1, spike_traps = 1,
    relics = 1, relic_pool = RELICS, -- relics.lua
  },
  { -- floor 2: zombies patrol, armadillos charge, shamans hex
    enemies = 6,
    enemy_pool = { { "skeleton", 4 }, { "bat", 3 }, { "zombie", 3 }, { "armadillo", 2 },
      { "shaman", 2 }, { "knight", 1 }, { "shield_bearer", 1 } },
    items = 2,
    item_pool = { { "broadsword", 3 }, { "spear", 2 }, { "pickaxe", 2 },
      { "leather_armour", 2 }, { "chainmail", 1 }, { "dagger", 1 }, { "shovel", 1 },
      { "poisoned_dagger", 2 } },
    consumables = 3,
    consumable_pool = { { "healing_potion", 3 }, { "throwing_dagger", 2 }, { "bomb", 2 },
      { "scroll_of_stunning", 1 }, { "regeneration_potion", 2 } },
    crates = 3, bounce_traps = 2, spike_traps = 2,
    portals = 1, -- pairs of portal doors (place_portals)
    relics = 1, relic_pool = RELICS,
    events = 1, event_pool = { { "blood_altar", 1 } }, -- event rooms (events.lua)
  },
  { -- floor 3: monkeys that bind, archers that shoot from afar and brutes that slam join in
    enemies = 8,
    enemy_pool = { { "skeleton", 2 }, { "bat", 2 }, { "zombie", 3 }, { "armadillo", 3 },
      { "monkey", 3 }, { "archer", 3 }, { "shaman", 2 }, { "brute", 2 }, { "knight", 2 },
      { "shield_bearer", 2 } },
    items = 3,
    item_pool = { { "broadsword", 3 }, { "chainmail", 3 }, { "spear", 1 }, { "pickaxe", 1 },
      { "leather_armour", 1 }, { "dagger", 1 }, { "shovel", 1 }, { "poisoned_dagger", 2 } },
    consumables = 4,
    consumable_pool = { { "healing_potion", 3 }, { "throwing_dagger", 2 }, { "bomb", 3 },
      { "scroll_of_stunning", 1 }, { "regeneration_potion", 2 } },
    crates = 4, bounce_traps = 3, spike_traps = 3,
    portals = 1,
    relics = 1, relic_pool = RELICS,
    events = 1, event_pool = { { "wishing_well", 1 } },
  },
}

-- What a cell of the plan is. Rock is everything not carved.
local ROCK, ROOM, CORRIDOR = 0, 1, 2

-- The ways a bounce trap may throw, in the order of a plan's `steps` (see new_plan).
local TRAP_DIRS = { "n", "e", "s", "w" }

-- The cells an enemy needs carved around it, as (dx, dy) from its own, by type. A zombie
-- walks a square two cells a side, east, south, west, then north (enemies/zombie.lua): put
-- where rock cuts that square, it would spend its round bumping into the rock.
local ROUNDS = {
  zombie = { { 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, 2 }, { 1, 2 }, { 0, 2 }, { 0, 1 } },
}

-- Extending the dungeon from another pack ---------------------------------------------------
--
-- A pack that depends on base changes the dungeon through these functions, called from its
-- own files as they load (`local dungeon = require "base:dungeon"`), never by editing the
-- tables above: they check what they are given and say where it was wrong. Everything they
-- keep is a list, appended to in load order (packs load in dependency order, each file in
-- its load order), so a seed makes the same floor for everyone who loaded the same packs.

-- The floors `spec.floors` names, checked: a list of floor numbers, or nil for every floor.
-- A floor deeper than the list uses the last entry, so "every floor" covers those too.
-- `level` is error's: where the caller of the dungeon.* function is.
local function floors_of(spec, fn, level)
  if spec.floors == nil then
    local all = {}
    for i = 1, #dungeon.FLOORS do all[i] = i end
    return all
  end
  if type(spec.floors) ~= "table" or #spec.floors == 0 then
    error("dungeon." .. fn .. ": floors must be a list of floor numbers, as { 2, 3 }", level)
  end
  for _, n in ipairs(spec.floors) do
    if math.type(n) ~= "integer" or n < 1 or n > #dungeon.FLOORS then
      error("dungeon." .. fn .. ": floor " .. tostring(n) .. " is not one of 1 to " ..
        #dungeon.FLOORS, level)
    end
  end
  return spec.floors
end

-- Appends { type, weight } to the pool `pool` of the floors the spec names.
local function add_to_pool(fn, pool, spec)
  if type(spec) ~= "table" or type(spec.type) ~= "string" then
    error("dungeon." .. fn .. " takes { type = \"pack:name\", weight = n, floors = { ... } }", 3)
  end
  local weight = spec.weight or 1
  if math.type(weight) ~= "integer" or weight < 1 then
    error("dungeon." .. fn .. ": weight must be a whole number of 1 or more (a share of the " ..
      "draws), not " .. tostring(weight), 3)
  end
  for _, n in ipairs(floors_of(spec, fn, 4)) do
    local list = dungeon.FLOORS[n][pool]
    list[#list + 1] = { spec.type, weight }
  end
end

-- dungeon.add_enemy{ type = "crypt:ghoul", weight = 3, floors = { 2, 3 }, room = {...} }:
-- the type joins the enemy pool of those floors (every floor without `floors`) with that
-- weight (1 by default): a share of the draws next to the pool's own weights. `room`, when
-- given, lists the cells { dx, dy } the enemy needs carved around it (see ROUNDS).
function dungeon.add_enemy(spec)
  add_to_pool("add_enemy", "enemy_pool", spec)
  if spec.room ~= nil then
    if type(spec.room) ~= "table" then
      error("dungeon.add_enemy: room must be a list of cells { dx, dy }", 2)
    end
    ROUNDS[spec.type] = spec.room
  end
end

-- dungeon.add_item{ type =, weight =, floors = }: an item (items.lua's kind: it has a slot)
-- joins the item pool. dungeon.add_consumable: a consumable joins the consumable pool.
function dungeon.add_item(spec) add_to_pool("add_item", "item_pool", spec) end
function dungeon.add_consumable(spec) add_to_pool("add_consumable", "consumable_pool", spec) end

-- How many of each thing a floor holds.
local COUNTS = { "enemies", "items", "consumables", "crates", "bounce_traps", "spike_traps",
  "portals", "relics", "events" }

-- dungeon.set_counts{ floors = { 3 }, enemies = 10, crates = 0 }: how many of each thing the
-- floors named hold (every floor without `floors`); the counts not given stay as they are.
function dungeon.set_counts(spec)
  if type(spec) ~= "table" then error("dungeon.set_counts takes { floors =, enemies =, ... }", 2) end
  for k, v in pairs(spec) do
    if k ~= "floors" then
      local known = false
      for _, c in ipairs(COUNTS) do known = known or c == k end
      if not known then
        error("dungeon.set_counts: unknown count '" .. tostring(k) .. "' (the counts are " ..
          table.concat(COUNTS, ", ") .. ")", 2)
      end
      if math.type(v) ~= "integer" or v < 0 then
        error("dungeon.set_counts: " .. k .. " must be a whole number of 0 or more", 2)
      end
    end
  end
  for _, n in ipairs(floors_of(spec, "set_counts", 3)) do
    for _, c in ipairs(COUNTS) do -- in a fixed order, not the spec's
      if spec[c] ~= nil then dungeon.FLOORS[n][c] = spec[c] end
    end
  end
end

local floor_callbacks = {}

-- dungeon.on_floor(fn): fn(w, floor, level) runs once each floor is made, after base's
-- things are placed, in the order they were added. `level` is what dungeon.generate
-- returns, plus level.place(type): spawns a `type` on a free room cell out of the enemies'
-- reach of the entry (returning it, or nil when no cell is left). fn may spawn, change or
-- remove anything; its math.random draws come after base's, so base's floors stay the same.
-- An error in fn names the line that added it ("pack:file.lua:3: a dungeon.on_floor hook
-- failed on floor 2: ..."): it is raised while a game makes its floor, far from both.
function dungeon.on_floor(fn)
  if type(fn) ~= "function" then error("dungeon.on_floor takes a function (w, floor, level)", 2) end
  local _, where = pcall(error, "", 3) -- "pack:file.lua:line: ", the caller's
  floor_callbacks[#floor_callbacks + 1] = { fn = fn, where = where }
end

-- Runs the floor's hooks, each error placed at the line that added the hook.
local function run_floor_callbacks(w, floor, level)
  for k = 1, #floor_callbacks do
    local hook = floor_callbacks[k]
    local ok, err = pcall(hook.fn, w, floor, level)
    if not ok then
      error(string.format("%sa dungeon.on_floor hook failed on floor %d: %s", hook.where, floor,
        tostring(err)), 0)
    end
  end
end

-- The kit a new player starts with, taken in hand (or put in its bag when it has no slot):
-- game.lua gives it on floor 1.
local kit = { "dagger", "shovel" }

-- dungeon.kit(): a copy of the kit's list of types. dungeon.set_kit(list) replaces it.
function dungeon.kit()
  return { table.unpack(kit) }
end

function dungeon.set_kit(list)
  if type(list) ~= "table" then error("dungeon.set_kit takes a list of types", 2) end
  for i, name in ipairs(list) do
    if type(name) ~= "string" then
      error("dungeon.set_kit: entry " .. i .. " is not a type name", 2)
    end
  end
  kit = { table.unpack(list) }
end

-- Weighted choice ---------------------------------------------------------------------------

-- One name from a pool of { name, weight }, each drawn with the chance weight / total.
function dungeon.pick(pool)
  local total = 0
  for i = 1, #pool do total = total + pool[i][2] end
  local roll = math.random(total)
  for i = 1, #pool do
    roll = roll - pool[i][2]
    if roll <= 0 then return pool[i][1] end
  end
end

-- The settings of a floor: its own, or the deepest there is.
function dungeon.floor_settings(floor)
  return dungeon.FLOORS[math.min(floor, #dungeon.FLOORS)]
end

-- The plan: a grid of ROCK / ROOM / CORRIDOR ------------------------------------------------

-- Cells are numbered row by row from 1, so a cell fits in one array slot, and a neighbour is
-- a fixed offset away: `steps` are the four on foot, `around` all eight.
local function new_plan(width, height)
  local plan = {
    width = width, height = height, rooms = {},
    steps = { -width, 1, width, -1 },
    around = { -width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1 },
  }
  for i = 1, width * height do plan[i] = ROCK end
  return plan
end

local function index(plan, x, y) return y * plan.width + x + 1 end
local function cell_of(plan, i) return (i - 1) % plan.width, (i - 1) // plan.width end

local function overlaps(a, b, gap)
  return a.x - gap < b.x + b.w and b.x - gap < a.x + a.w
    and a.y - gap < b.y + b.h and b.y - gap < a.y + a.h
end

-- Random rooms, each tried somewhere inside the margin and kept if it is clear of the rest.
local function place_rooms(plan)
  local rooms = plan.rooms
  for _ = 1, ROOM_TRIES do
    if #rooms == MAX_ROOMS then break end
    local w = math.random(MIN_ROOM_W, MAX_ROOM_W)
    local h = math.random(MIN_ROOM_H, MAX_ROOM_H)
    local room = {
      x = math.random(MARGIN, plan.width - MARGIN - w),
      y = math.random(MARGIN, plan.height - MARGIN - h),
      w = w, h = h,
    }
    local clear = true
    for i = 1, #rooms do
      if overlaps(room, rooms[i], ROOM_GAP) then clear = false break end
    end
    if clear then rooms[#rooms + 1] = room end
  end
  -- West to east, so that joining each room to the one before gives short corridors.
  table.sort(rooms, function(a, b) return a.x < b.x end)
end

local function carve_room(plan, room)
  for y = room.y, room.y + room.h - 1 do
    for x = room.x, room.x + room.w - 1 do plan[index(plan, x, y)] = ROOM end
  end
end

-- Carves rock only: where a corridor crosses a room, the cells stay the room's.
local function carve_line(plan, x1, y1, x2, y2)
  local dx = x2 > x1 and 1 or (x2 < x1 and -1 or 0)
  local dy = y2 > y1 and 1 or (y2 < y1 and -1 or 0)
  local x, y = x1, y1
  while true do
    local i = index(plan, x, y)
    if plan[i] == ROCK then plan[i] = CORRIDOR end
    if x == x2 and y == y2 then return end
    x, y = x + dx, y + dy
  end
end

local function centre(room)
  return room.x + room.w // 2, room.y + room.h // 2
end

-- An L from centre to centre, the bend on one side or the other at random. Both legs are
-- straight lines of orthogonal steps, so the corridor can be walked without diagonals.
local function carve_corridor(plan, a, b)
  local ax, ay = centre(a)
  local bx, by = centre(b)
  if math.random(2) == 1 then
    carve_line(plan, ax, ay, bx, ay)
    carve_line(plan, bx, ay, bx, by)
  else
    carve_line(plan, ax, ay, ax, by)
    carve_line(plan, ax, by, bx, by)
  end
end

-- Each room is joined to the one before it, so every room can be reached from any other.
local function carve(plan)
  local rooms = plan.rooms
  for i = 1, #rooms do carve_room(plan, rooms[i]) end
  for i = 2, #rooms do carve_corridor(plan, rooms[i - 1], rooms[i]) end
  if #rooms > 2 then
    for _ = 1, EXTRA_CORRIDORS do
      carve_corridor(plan, rooms[math.random(#rooms)], rooms[math.random(#rooms)])
    end
  end
end

-- Steps on foot (orthogonal) from one cell to every carved cell; nil for rock. Carved cells
-- are inside the margin, so a neighbour is never off the grid.
local function distances(plan, from)
  local dist = { [from] = 0 }
  local queue, head = { from }, 1
  while queue[head] do
    local i = queue[head]
    head = head + 1
    for k = 1, 4 do
      local j = i + plan.steps[k]
      if plan[j] ~= ROCK and not dist[j] then
        dist[j] = dist[i] + 1
        queue[#queue + 1] = j
      end
    end
  end
  return dist
end

-- Which room cells may hold a crate or a trap: none next to a corridor cell (so none in a
-- doorway or in front of one, where it would stop the way in or out).
local function away_from_corridors(plan)
  local ok = {}
  for i = 1, #plan do ok[i] = plan[i] == ROOM end
  for i = 1, #plan do
    if plan[i] == CORRIDOR then
      for k = 1, 8 do ok[i + plan.around[k]] = false end
    end
  end
  return ok
end

-- Filling the world -------------------------------------------------------------------------

-- The border is wall, so nothing leaves the grid; the rock inside it is mostly dirt, to be
-- dug through, with walls here and there that force a way round.
local function fill_rock(w, plan)
  for y = 0, plan.height - 1 do
    for x = 0, plan.width - 1 do
      if plan[index(plan, x, y)] == ROCK then
        local border = x == 0 or y == 0 or x == plan.width - 1 or y == plan.height - 1
        w:spawn((border or math.random() < WALL_SHARE) and "wall" or "dirt", x, y)
      end
    end
  end
end

-- The room cell farthest on foot from the entry: the whole floor lies between the two.
local function place_stairs(w, plan, dist)
  local best
  for i = 1, #plan do
    if plan[i] == ROOM and (not best or dist[i] > dist[best]) then best = i end
  end
  local x, y = cell_of(plan, best)
  w:spawn("stairs", x, y)
  return best
end

-- How many heroes a game begins with (dungeon.set_heroes): each is a player, a seat of its
-- own in the session.
local heroes = 1

-- dungeon.set_heroes(n): the game begins with n heroes (1 to 4), the first at the entry, the
-- others on the carved cells nearest it; each takes a seat, played in turn (hot-seat) or by
-- a bot of its own.
function dungeon.set_heroes(n)
  if math.type(n) ~= "integer" or n < 1 or n > 4 then
    error("dungeon.set_heroes takes a whole number from 1 to 4", 2)
  end
  heroes = n
end

-- New players: the heroes, fresh, on floor 1; players from the floor above are put back on
-- the grid. The first goes at the entry, the second and later on the nearest carved cells.
local function place_players(w, plan, entry, floor, players, used)
  local fresh = floor == 1 and #players == 0
  local queue, head, seen = { entry }, 1, { [entry] = true }
  for p = 1, fresh and heroes or #players do
    while used[queue[head]] do -- the next free cell, breadth first from the entry
      for k = 1, 4 do
        local j = queue[head] + plan.steps[k]
        if plan[j] ~= ROCK and not seen[j] then
          seen[j] = true
          queue[#queue + 1] = j
        end
      end
      head = head + 1
    end
    local i = queue[head]
    if fresh then
      w:spawn("player", cell_of(plan, i))
    else
      players[p]:place(cell_of(plan, i))
    end
    used[i] = true
  end
end

-- The room cells in a random order: each thing placed takes the first that suits it, which
-- is a uniform draw among the cells that do.
local function shuffled_room_cells(plan)
  local cells = {}
  for i = 1, #plan do
    if plan[i] == ROOM then cells[#cells + 1] = i end
  end
  for k = #cells, 2, -1 do
    local j = math.random(k)
    cells[k], cells[j] = cells[j], cells[k]
  end
  return cells
end

local function first(cells, fits)
  for k = 1, #cells do
    if fits(cells[k]) then return cells[k] end
  end
end

-- A bounce trap throws whoever steps on it one cell its data.dir way: turn it towards open
-- floor (a throw into rock does nothing), a different way from trap to trap.
local function turn_bounce_trap(plan, trap, i)
  local open = {}
  for k = 1, 4 do
    if plan[i + plan.steps[k]] ~= ROCK then open[#open + 1] = TRAP_DIRS[k] end
  end
  if #open > 0 then trap.data.dir = open[math.random(#open)] end
end

-- Crates and traps: in rooms, away from corridors, and never next to one another, so that
-- however they fall a room can still be crossed (any 2x2 block keeps three open cells).
local function place_fixtures(w, plan, spots, settings, used)
  local ok = away_from_corridors(plan)
  local fixtures = {}
  local function fits(i)
    if used[i] or not ok[i] then return false end
    for k = 1, 8 do
      if fixtures[i + plan.around[k]] then return false end
    end
    return true
  end
  local function put(name, count)
    for _ = 1, count do
      local i = first(spots, fits)
      if not i then return end
      local fixture = w:spawn(name, cell_of(plan, i))
      if name == "bounce_trap" then turn_bounce_trap(plan, fixture, i) end
      fixtures[i], used[i] = true, true
    end
  end
  put("crate", settings.crates)
  put("bounce_trap", settings.bounce_traps)
  put("spike_trap", settings.spike_traps)
end

-- Portal doors: a room's cell on its east side, with rock to its east, joined to another
-- room's cell on its west side, with rock to its west (w:portal), each marked by a door on
-- the floor layer. Walking east out of the one comes in at the other, and back; the player's
-- view sees through. The entry, the stairs and cells that hold something already are left.
local function side_cells(plan, room, x, beyond, used)
  local cells = {}
  for y = room.y, room.y + room.h - 1 do
    if plan[index(plan, x + beyond, y)] == ROCK and not used[index(plan, x, y)] then
      cells[#cells + 1] = y
    end
  end
  return cells
end

local function place_portals(w, plan, count, used)
  local rooms = plan.rooms
  for _ = 1, count do
    if #rooms < 2 then return end
    local a = math.random(#rooms)
    local b = math.random(#rooms - 1)
    if b >= a then b = b + 1 end
    a, b = rooms[a], rooms[b]
    local ax, bx = a.x + a.w - 1, b.x
    local east, west = side_cells(plan, a, ax, 1, used), side_cells(plan, b, bx, -1, used)
    if #east == 0 or #west == 0 then return end
    local ay, by = east[math.random(#east)], west[math.random(#west)]
    w:portal(ax, ay, "e", bx, by, "w")
    w:spawn("portal_door", ax, ay)
    w:spawn("portal_door", bx, by)
    used[index(plan, ax, ay)], used[index(plan, bx, by)] = true, true
  end
end

-- Whether an enemy of type `name` has the room it needs at cell i (see ROUNDS).
local function has_room(plan, name, i)
  local round = ROUNDS[name]
  if not round then return true end
  for k = 1, #round do
    if plan[i + round[k][2] * plan.width + round[k][1]] == ROCK then return false end
  end
  return true
end

-- Enemies in rooms, none within dungeon.SAFE_DISTANCE steps of the entry: the first beats
-- of a floor are the player's to look around.
local function place_enemies(w, plan, spots, settings, dist, used)
  for _ = 1, settings.enemies do
    local name = dungeon.pick(settings.enemy_pool)
    local i = first(spots, function(i)
      return not used[i] and dist[i] >= dungeon.SAFE_DISTANCE and has_room(plan, name, i)
    end)
    if i then
      w:spawn(name, cell_of(plan, i))
      used[i] = true
    end
  end
end

-- `count` items drawn from `pool`, in rooms, one to a cell.
local function place_items(w, plan, spots, count, pool, used)
  for _ = 1, count do
    local i = first(spots, function(i) return not used[i] end)
    if not i then return end
    w:spawn(dungeon.pick(pool), cell_of(plan, i))
    used[i] = true
  end
end

-- The floor ---------------------------------------------------------------------------------

-- Fills the empty world `w` with floor `floor` (1-based) of `floors`. `players` are the
-- players lifted off the floor above (none on floor 1: one is made). Every floor, the last
-- included, has its stairs: what they lead to is game.lua's to say. Returns the entry and
-- stairs cells and the rooms ({ x, y, w, h }, west to east).
function dungeon.generate(w, floor, floors, players)
  local settings = dungeon.floor_settings(floor)
  local plan = new_plan(w.width, w.height)
  place_rooms(plan)
  carve(plan)
  fill_rock(w, plan)

  local start = plan.rooms[math.random(#plan.rooms)]
  local entry = index(plan, start.x + math.random(0, start.w - 1),
    start.y + math.random(0, start.h - 1))
  local dist = distances(plan, entry)
  local stairs = place_stairs(w, plan, dist)

  -- Cells that hold something already (or must stay clear): nothing else goes there.
  local used = { [stairs] = true }
  place_players(w, plan, entry, floor, players, used)
  used[entry] = true -- kept clear even when there is no player to stand on it
  local spots = shuffled_room_cells(plan)
  place_fixtures(w, plan, spots, settings, used)
  place_enemies(w, plan, spots, settings, dist, used)
  place_items(w, plan, spots, settings.items, settings.item_pool, used)
  -- Last, so that the floors' other draws are what they were before there were consumables.
  place_items(w, plan, spots, settings.consumables, settings.consumable_pool, used)
  -- After them, for the same reason.
  place_portals(w, plan, settings.portals or 0, used)
  -- And the relics and event rooms after those.
  place_items(w, plan, spots, settings.relics or 0, settings.relic_pool or RELICS, used)
  if settings.event_pool then
    place_items(w, plan, spots, settings.events or 0, settings.event_pool, used)
  end

  local ex, ey = cell_of(plan, entry)
  local sx, sy = cell_of(plan, stairs)
  local rooms = {}
  for i = 1, #plan.rooms do
    local r = plan.rooms[i]
    rooms[i] = { x = r.x, y = r.y, w = r.w, h = r.h }
  end
  local level = { entry = { x = ex, y = ey }, stairs = { x = sx, y = sy }, rooms = rooms }
  if #floor_callbacks > 0 then
    -- The same spots and rule as the enemies: a callback's things go where base's would.
    function level.place(name)
      local i = first(spots, function(i) return not used[i] and dist[i] >= dungeon.SAFE_DISTANCE end)
      if not i then return nil end
      local x, y = cell_of(plan, i)
      local ok, e = pcall(w.spawn, w, name, x, y)
      if not ok then error("level.place: " .. tostring(e):gsub("^[^:]*:[^:]*:%d+: ", ""), 2) end
      used[i] = true
      return e
    end
    run_floor_callbacks(w, floor, level)
    level.place = nil -- the plan is gone once the floor is made
  end
  return level
end

return dungeon
