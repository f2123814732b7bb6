-- bots/explorer.lua: the bot `cairn sim` plays the base game with (its default, "explorer").
-- Before each beat the session asks decide(mem, w, player) for the player's action. It:
--   1. looks around (w:fov from the player) and writes down what it sees of this floor in
--      `mem`: walls, dirt, traps, items, the stairs, monsters that strike from afar;
--   2. drinks a potion when its hp is low (healing at once, else regeneration), or one of
--      regeneration when poison or fire is about to bring it low;
--   3. strikes a monster in reach of the weapon it holds, if there is one;
--   4. else throws what it carries at a monster in sight: a bomb where it hits two or more,
--      else a throwing dagger, else a bomb;
--   5. picks up the consumable it stands on, or the gear when it is better than the held (a
--      poisoned blade above all);
--   6. else plans a way over what it remembers (w:distances and w:path, given a cost for
--      each cell, so that it does not know walls it has not seen): to a better item or a
--      consumable close by, else to the stairs once seen, else to the nearest edge of what
--      it has seen, on foot if it can, digging if it must. Traps, crates and the lines
--      monsters strike along cost extra steps, so the way goes round them when a way round
--      is not too long;
--   7. puts off a step into danger (next to a monster, into an arrow's flight, twice as
--      much where a monster's blow stuns) by waiting or stepping aside, a few beats at most,
--      and takes the step.
-- Steps and blows are the core's actions (an action's name and a direction); the bag's
-- verbs are the player's choices (choices.lua), returned as { choice =, answers = }, and
-- only when the choice list says they are available.
-- A player of another game (the arena's gladiator) may have no Inventory and none of these
-- choices: it holds nothing, has no bag, and fights with its moves and blows alone.
-- Nothing is random: the same game gives the same decisions.
--
-- The file is also a module: `require "bots.explorer"` gives { decide = ... }, the same
-- function cairn.bot is given, so that tests can play it beat by beat.

local cards = require "cards"
local consumables = require "consumables"
local inventory = require "inventory"

local explorer = {}

-- Tuning ------------------------------------------------------------------------------------

local SIGHT = 8 -- how far it sees (w:fov's radius)

-- The ways are searched by cost, one per step, plus these for cells best avoided. A cost is
-- a number of extra steps: a way round that is at most this much longer is taken instead.
local DIG = 2       -- dirt: a beat to dig it before the step
local TRAP = 12     -- a trap: spikes hurt, a bounce throws it off its way
local CRATE = 3     -- a crate: it slides when hit, or breaks after two blows
local UNSEEN = 3    -- an unseen cell, on the way to stairs seen from afar
local STUCK = 8     -- added to a cell each time a step into it came to nothing
local VISITS = 4    -- a cell costs a step more for each so many beats spent in it: a bot
                    -- going round in circles (monsters moving change the costs) breaks out
local SLACK = 4     -- how much nearer another edge must be for it to change its goal

local DETOUR = 8 -- the most steps it goes out of its way for a better item or a consumable
local LOW_HP = 3 -- at this hp or less it drinks a potion, when it has one

-- Danger: what could strike a cell in the coming beat, counted as extra steps like the costs
-- above. Monsters act after the player, so a cell next to one is where it strikes; a monster
-- that strikes along a line (LINE_REACH) threatens its row and column; an arrow, the cells
-- ahead of it.
local NEAR = 6      -- next to a monster
local LINE = 4      -- in line with one that rolls or shoots
local ARROW = 12    -- in the flight of an arrow, or the way of a rolling armadillo
local MAX_WAIT = 3  -- beats it waits for a monster to come rather than step next to it
local FLOOR_WAITS = 40 -- beats it may wait in all on one floor

-- How far a monster strikes along its row and column. An armadillo rolls at whoever is in
-- line with it, at any distance, and cannot be hurt while it rolls; an archer shoots as far
-- as its data.range (5).
local LINE_REACH = { ["base:armadillo"] = 1000, ["base:archer"] = 5 }
local ROLLING = { ["base:armadillo"] = 2 } -- the step of its sequence in which it rolls
local STUNS = 2 -- how many times the danger of a monster whose blows stun (stats `inflicts`)
local FORGET = 20 -- beats a monster out of sight is still taken to be where it was seen

-- How good a weapon is, by the cells it reaches (items.lua's patterns): a spear strikes a
-- foe before it is close enough to strike back; a broadsword reaches the diagonals too.
local WEAPON_RANK = { front = 1, wide = 2, reach = 3 }

-- Cells -------------------------------------------------------------------------------------

-- What it remembers of a cell: nil while unseen, then one of these.
local OPEN, DIRT, WALL = 1, 2, 3

-- The four ways on foot, and their offsets.
local WAYS = { "n", "e", "s", "w" }
local DX = { 0, 1, 0, -1 }
local DY = { -1, 0, 1, 0 }

-- Cells are numbered row by row from 1, so that a floor's memory is a few flat arrays.
local function index(m, x, y) return y * m.width + x + 1 end
local function cell_of(m, i) return (i - 1) % m.width, (i - 1) // m.width end

local function inside(m, x, y)
  return x >= 0 and y >= 0 and x < m.width and y < m.height
end

-- Items -------------------------------------------------------------------------------------

-- How good an item is in its slot (higher is better).
-- A weapon whose hits poison is worth the whole of its poison's damage (2, then 1: 3) more
-- in rank: what it strikes is as good as dead.
local function value(item)
  local d = item.data
  if d.slot == "weapon" then
    local poison = d.inflicts == "base:poison" and d.inflict_magnitude or 0
    local rank = (WEAPON_RANK[d.pattern] or 0) + poison * (poison + 1) // 2
    return rank * 10 + (d.damage or 0)
  end
  if d.slot == "body" then return d.armor or 0 end
  if d.slot == "shovel" then return d.dig_power or 0 end
  return 0
end

-- A player of another game may have no Inventory: it holds nothing, and has no bag to fill.
local function held_item(p, slot)
  return p:has("Inventory") and inventory.held(p, slot) or nil
end

local function in_bag(p, kind)
  return p:has("Inventory") and consumables.in_bag(p, kind) or {}
end

local function bag_room(p)
  return p:has("Inventory") and #p.data.bag < inventory.BAG_SIZE
end

-- The value of what the player holds in each slot (-1 for nothing: anything is better).
local function held_values(p)
  local held_value = {}
  for _, slot in ipairs(inventory.slots) do
    local item = held_item(p, slot)
    held_value[slot] = item and value(item) or -1
  end
  return held_value
end

-- The dig power the player has: its shovel's, else its own.
local function dig_power(p)
  local shovel = held_item(p, "shovel")
  return shovel and shovel.data.dig_power or p.dig_power or 0
end

-- Memory ------------------------------------------------------------------------------------

-- This floor's memory, made afresh when the floor changes. Plain arrays indexed by cell.
local function floor_memory(mem, w)
  local floor = mem.floor or 1
  local m = mem.map
  if not m or m.floor ~= floor then
    m = {
      floor = floor, width = w.width, height = w.height,
      kind = {},       -- OPEN, DIRT or WALL
      trap = {},       -- true where a trap lies
      crate = {},      -- true where a crate was last seen
      item_slot = {},  -- the slot of the item last seen there
      item_value = {}, -- and its value
      loot = {},       -- true where a consumable was last seen
      lines = {},      -- monsters that strike along lines, by id: where and how last seen
      stairs = nil,    -- the stairs' cell, once seen
      -- What it has been doing, to see that it does not go round in circles:
      visits = {},     -- beats spent in each cell
      stuck = {},      -- extra cost of cells that could not be entered
      at = nil,        -- the cell it stood in at its last decision,
      tried = nil,     -- the cell it then tried to step into,
      still = 0,       -- and for how many beats in a row such a step came to nothing
      goal = nil,      -- the edge of the known it is heading for
      want = nil,      -- the item it is going out of its way for
      patience = MAX_WAIT, -- beats it may still wait before going on
      waits = 0,       -- beats spent waiting or stepping aside on this floor
    }
    mem.map = m
  end
  return m
end

-- Whether e's blows stun: what it hits loses its turns, so its reach is worth keeping out of.
local function stuns(e)
  return e:has("Attacking") and e.inflicts == "base:stun"
end

-- Looks around from the player and writes down what is seen.
local function look(m, w, p)
  local power = dig_power(p)
  local view = w:fov(p.x, p.y, SIGHT)
  local cells = view:cells()
  for k = 1, #cells do
    local x, y = cells[k].x, cells[k].y
    local i = index(m, x, y)
    local wall = w:at(x, y, "wall")
    if not wall then
      m.kind[i] = OPEN
    elseif wall:has("Diggable") and wall.dig_resistance <= power then
      m.kind[i] = DIRT
    else
      m.kind[i] = WALL
    end
    m.trap[i] = w:at(x, y, "trap") ~= nil
    local floor = w:at(x, y, "floor")
    if floor and floor.type == "base:stairs" then m.stairs = i end
    local item = w:at(x, y, "item")
    if item and item.data.slot then
      m.item_slot[i], m.item_value[i] = item.data.slot, value(item)
    else
      m.item_slot[i], m.item_value[i] = nil, nil
    end
    m.loot[i] = item ~= nil and inventory.is_item(item) and not item.data.slot
    local real = w:at(x, y)
    m.crate[i] = real ~= nil and not real:is_dead() and real.team == 3
    if real and not real:is_dead() and real.team == 2 and LINE_REACH[real.type] then
      m.lines[real.id] = {
        x = x, y = y, seen = w.beat, reach = LINE_REACH[real.type], facing = real.facing,
        rolling = ROLLING[real.type] == real.step, stuns = stuns(real),
      }
    end
  end
  -- Out of sight, they are taken to be where they were last seen, for a while: so that a
  -- monster behind a corner is not forgotten as soon as a step hides it.
  for id, f in pairs(m.lines) do
    if f.seen ~= w.beat and (view:sees(f.x, f.y) or w.beat - f.seen > FORGET) then
      m.lines[id] = nil
    end
  end
  return view
end

-- Whether a cell has an unseen neighbour: the edge of what is known.
local function frontier(m, i)
  local x, y = cell_of(m, i)
  for s = 1, 4 do
    local nx, ny = x + DX[s], y + DY[s]
    if inside(m, nx, ny) and not m.kind[index(m, nx, ny)] then return true end
  end
  return false
end

-- Searching ---------------------------------------------------------------------------------

-- The cost of stepping into cell i, or nil when it cannot be entered. `dig`: dirt may be dug
-- through; `unseen`: unseen cells may be crossed (they are likely open: it saw past them).
local function cost(m, held, danger, i, dig, unseen)
  local kind = m.kind[i]
  local c
  if kind == OPEN then
    c = 1
  elseif kind == DIRT then
    if not dig then return nil end
    c = 1 + DIG
  elseif kind == nil then
    if not unseen then return nil end
    c = UNSEEN
  else
    return nil
  end
  if m.trap[i] then c = c + TRAP end
  if m.crate[i] then c = c + CRATE end
  return c + (m.stuck[i] or 0) + (danger[i] or 0) + (m.visits[i] or 0) // VISITS
end

-- The ways over what it remembers, through libtcod (w:distances, w:path) with a cost per
-- cell from `cost` above, so that cells it has not seen are what it thinks they are, not what
-- the world knows. Returns, by cell, the cost of the cheapest way from cell `from` (nil where
-- there is none), and a function giving the first step (an index into WAYS) of the way to a
-- cell.
local function search(w, m, held, danger, from, dig, unseen)
  local costs = {}
  for i = 1, m.width * m.height do
    costs[i] = cost(m, held, danger, i, dig, unseen) or false
  end
  local fx, fy = cell_of(m, from)
  local dist = w:distances(fx, fy, { costs = costs })
  for i = 1, #dist do
    if dist[i] == false then dist[i] = nil end
  end
  local function first(to)
    local tx, ty = cell_of(m, to)
    local way = w:path(fx, fy, tx, ty, { costs = costs })
    for s = 1, #WAYS do
      if way and WAYS[s] == way[1] then return s end
    end
  end
  return dist, first
end

-- The cheapest cell `wanted` accepts, among those reached (not the player's own), or nil.
local function nearest(m, dist, wanted)
  local best
  for i = 1, m.width * m.height do
    local d = dist[i]
    if d and d > 0 and (not best or d < dist[best]) and wanted(i) then best = i end
  end
  return best
end

-- Where to go: the first step (an index into WAYS) of the way to the best goal, or nil.
-- `room`: whether the bag has room for a consumable.
local function plan(w, m, held, from, danger, room)
  -- A better item close by comes first, or a consumable. Once chosen it is kept to, as long
  -- as it is not much farther: else a step back and forth across the edge of DETOUR could go
  -- on for ever.
  local dist, first = search(w, m, held, danger, from, false, false)
  local function better(i)
    local slot = m.item_slot[i]
    if slot == nil then return room and m.loot[i] end
    return m.item_value[i] > held[slot]
  end
  local want = m.want
  if not (want and better(want) and dist[want] and dist[want] > 0
      and dist[want] <= 2 * DETOUR) then
    want = nearest(m, dist, function(i) return better(i) and dist[i] <= DETOUR end)
  end
  m.want = want
  if want then return first(want) end
  -- The stairs, once seen: any way will do, through dirt and unseen cells too.
  if m.stairs then
    local sdist, sfirst = search(w, m, held, danger, from, true, true)
    if sdist[m.stairs] then return sfirst(m.stairs) end
  end
  -- The nearest edge of the known, on foot; else through dirt. The edge it was heading for is
  -- kept to unless another is clearly nearer (costs change as monsters move).
  local goal = nearest(m, dist, function(i) return frontier(m, i) end)
  local kept = m.goal
  if goal and kept and kept ~= goal and dist[kept] and dist[kept] > 0 and frontier(m, kept)
      and dist[kept] <= dist[goal] + SLACK then
    goal = kept
  end
  m.goal = goal
  if goal then return first(goal) end
  dist, first = search(w, m, held, danger, from, true, false)
  goal = nearest(m, dist, function(i) return frontier(m, i) end)
  if goal then return first(goal) end
  return nil
end

-- Fighting ----------------------------------------------------------------------------------

-- A monster (team 2) alive at (x, y) that a blow would hurt, or nil.
local function foe(w, x, y)
  local e = w:at(x, y)
  if e and not e:is_dead() and e.team == 2 and ROLLING[e.type] ~= e.step then return e end
  return nil
end

-- The monsters an attack in way `s` would hit, by the weapon's pattern (as items.lua's
-- patterns pick them): the next cell; a spear's reach past an empty one; a broadsword's
-- sweep across the two diagonals beside it.
local function struck(w, p, weapon, s)
  local x, y = p.x + DX[s], p.y + DY[s]
  local hit = {}
  local first = foe(w, x, y)
  if first then hit[1] = first end
  local d = weapon and weapon.data or {}
  if d.pattern == "reach" and not first then
    for k = 2, d.reach or 1 do
      local bx, by = p.x + DX[s] * (k - 1), p.y + DY[s] * (k - 1)
      if w:at(bx, by) or w:at(bx, by, "wall") then break end
      local e = foe(w, p.x + DX[s] * k, p.y + DY[s] * k)
      if e then
        hit[1] = e
        break
      end
    end
  elseif d.pattern == "wide" then
    for _, turn in ipairs({ -1, 1 }) do
      local dx, dy = cairn.dir.delta(cairn.dir.rotate(WAYS[s], turn))
      local e = foe(w, p.x + dx, p.y + dy)
      if e then hit[#hit + 1] = e end
    end
  end
  return hit
end

-- The way to strike in (an index into WAYS), or nil when no monster is in reach: the way
-- that hits the most, then the one whose weakest monster has the least hp left.
local function strike(w, p)
  local weapon = held_item(p, "weapon")
  local best, best_n, best_hp
  for s = 1, 4 do
    local hit = struck(w, p, weapon, s)
    if #hit > 0 then
      local hp = math.huge
      for _, e in ipairs(hit) do hp = math.min(hp, e.hp or 0) end
      if not best or #hit > best_n or (#hit == best_n and hp < best_hp) then
        best, best_n, best_hp = s, #hit, hp
      end
    end
  end
  return best
end

-- The bag -----------------------------------------------------------------------------------

-- Whether the player may choose `name` ("throw") now, by its choice list (choices.lua).
local function can(p, name)
  for _, c in ipairs(p:choices()) do
    if c.name:match("[^:]+$") == name then return c.available end
  end
  return false
end

local function distance(a, b)
  return math.max(math.abs(a.x - b.x), math.abs(a.y - b.y))
end

-- The hp poison and fire will still take, if nothing is done: poison hurts by its magnitude
-- and weakens by 1 a beat; burning hurts by its own for the beats it has left.
local function doomed_hp(p)
  local poison = p:magnitude("base:poison")
  return poison * (poison + 1) // 2 + p:magnitude("base:burning") * p:status("base:burning")
end

-- A potion to drink, when a potion would give some hp back: low on hp, one that heals at
-- once, else one of regeneration; poisoned or burning so that it will be low, one of
-- regeneration. Never a second regeneration while one is working.
local function potion(p)
  if p.hp >= p.max_hp then return nil end
  local low, doomed = p.hp <= LOW_HP, p.hp - doomed_hp(p) <= LOW_HP
  if not (low or doomed) then return nil end
  local regenerating = p:status("base:regeneration") > 0
  local found
  for _, item in ipairs(in_bag(p, "use")) do
    local d = item.data
    if d.use == "drink" then
      if d.heal and low then return item end
      if d.status == "base:regeneration" and not regenerating then found = found or item end
    end
  end
  return found
end

-- The monsters in sight a throw would hurt, nearest first, then row by row.
local function foes_in_sight(w, p, view)
  local found = {}
  local cells = view:cells()
  for k = 1, #cells do
    local e = foe(w, cells[k].x, cells[k].y)
    if e then found[#found + 1] = { e = e, d = distance(p, e), k = k } end
  end
  table.sort(found, function(a, b) return a.d < b.d or (a.d == b.d and a.k < b.k) end)
  return found
end

-- The monsters a bomb landing on (x, y) would hit.
local function blast(w, x, y, area)
  local n = 0
  for dy = -area, area do
    for dx = -area, area do
      if foe(w, x + dx, y + dy) then n = n + 1 end
    end
  end
  return n
end

-- What to throw at whom, as the choice "throw" and its answers, or nil. A bomb lands two
-- cells away at least, so that its blast spares the player; it is kept for two monsters or
-- more while there are daggers, which come back (they lie where they fell).
local function throw(w, p, view)
  local dagger, bomb
  for _, item in ipairs(in_bag(p, "throw")) do
    if item.data.throw == "dagger" then dagger = dagger or item else bomb = bomb or item end
  end
  if not (dagger or bomb) then return nil end
  local foes = foes_in_sight(w, p, view)
  local best, best_n
  if bomb then
    local d = bomb.data
    for _, f in ipairs(foes) do
      local e = f.e
      if f.d > d.area and f.d <= d.range and consumables.clear(w, p, e.x, e.y, d.area) then
        local n = blast(w, e.x, e.y, d.area)
        if not best or n > best_n then best, best_n = e, n end
      end
    end
  end
  if best and (best_n >= 2 or not dagger) then
    return { choice = "throw", answers = { item = bomb, target = { x = best.x, y = best.y } } }
  end
  if dagger then
    for _, f in ipairs(foes) do
      if f.d <= dagger.data.range and consumables.clear(w, p, f.e.x, f.e.y) then
        return { choice = "throw", answers = { item = dagger, target = f.e } }
      end
    end
  end
  return nil
end

-- Whether a consumable lies underfoot, and the bag has room for it.
-- Whether the item underfoot is worth picking up: a consumable, when the bag has room, or
-- gear better than the one held in its slot.
local function loot_underfoot(w, p)
  local item = w:at(p.x, p.y, "item")
  if not (item and inventory.is_item(item)) then return false end
  local slot = item.data.slot
  if slot then return value(item) > held_values(p)[slot] end
  return bag_room(p)
end

-- Cards -------------------------------------------------------------------------------------
--
-- A simple policy (cards.lua has the cards): a reward is taken at once (an upgrade when one
-- is offered, else the first card); with monsters in sight, the first card of PLAYS that
-- fits the moment is played, before the weapon or a throw. Cards it has no use for (dash,
-- blink, gamble, bloodletting...) stay in the hand.

-- The monsters in sight, nearest first (foes_in_sight's), within `range` and in a clear line.
local function in_reach(w, p, foes, range)
  local list = {}
  for _, f in ipairs(foes) do
    if f.d <= range and consumables.clear(w, p, f.e.x, f.e.y) then list[#list + 1] = f.e end
  end
  return list
end

local function adjacent(w, p, foes)
  return in_reach(w, p, foes, 1)
end

-- How each card is played now: its answers (without the card), or nil when it is no use.
-- In the order tried.
local PLAYS = {
  { "whirlwind", function(w, p, foes)
    if #adjacent(w, p, foes) >= 2 then return { x = cairn.cards.energy(p) } end
  end },
  { "fireball", function(w, p, foes)
    for _, f in ipairs(foes) do
      local e = f.e
      if f.d >= 2 and f.d <= 4 and consumables.clear(w, p, e.x, e.y, 1)
          and blast(w, e.x, e.y, 1) >= 2 then
        return { target = { x = e.x, y = e.y } }
      end
    end
  end },
  { "war_cry", function(_, _, foes) if #foes >= 3 then return {} end end },
  { "cleanse", function(_, p) if p:status("base:hexed") > 0 then return {} end end },
  { "second_wind", function(_, p, foes)
    if p.hp < 3 and #foes > 0 then return {} end
  end },
  { "cripple", function(w, p, foes)
    for _, e in ipairs(in_reach(w, p, foes, 3)) do
      if e.hp and e.hp >= 2 and e:status("base:vulnerable") == 0 then return { target = e } end
    end
  end },
  { "fury", function(w, p, foes)
    if #adjacent(w, p, foes) > 0 and p:status("base:strength") == 0 then return {} end
  end },
  { "flurry", function(w, p, foes)
    local near = adjacent(w, p, foes)
    if near[1] then return { target = near[1] } end
  end },
  { "twin_strike", function(w, p, foes)
    local near = adjacent(w, p, foes)
    if near[1] then return { target = near[1] } end
  end },
  { "strike", function(w, p, foes)
    local near = in_reach(w, p, foes, 2)
    if near[1] then return { target = near[1] } end
  end },
  { "charged_bolt", function(w, p, foes)
    local near = in_reach(w, p, foes, 5)
    if near[1] and near[1].hp and near[1].hp >= 2 then return { target = near[1] } end
  end },
  { "whirlwind", function(w, p, foes)
    if #adjacent(w, p, foes) >= 1 and cairn.cards.energy(p) >= 2 then
      return { x = cairn.cards.energy(p) }
    end
  end },
  { "lunge", function(w, p, foes)
    for _, e in ipairs(in_reach(w, p, foes, 3)) do
      local dx, dy = e.x - p.x, e.y - p.y
      if dx == 0 or dy == 0 or math.abs(dx) == math.abs(dy) then
        return { target = { x = e.x, y = e.y } }
      end
    end
  end },
  { "spark", function(_, _, foes) if #foes > 0 then return {} end end },
  { "defend", function(w, p, foes)
    if #adjacent(w, p, foes) > 0 and cairn.cards.block(p) == 0 then return {} end
  end },
  { "tactics", function(w, p, foes)
    if #adjacent(w, p, foes) > 0 and cairn.cards.block(p) == 0 then return { plan = "block" } end
  end },
  { "regrowth", function(w, p, foes)
    if #adjacent(w, p, foes) > 0 and cairn.cards.block(p) == 0 then return {} end
  end },
  { "thorns", function(w, p, foes)
    if #adjacent(w, p, foes) > 0 and p:status("base:thorny") == 0 then return {} end
  end },
}

-- The card to play now, as the choice play_card and its answers, or nil.
local function play_card(w, p, view)
  if not cards.has_deck(p) or not can(p, "play_card") then return nil end
  local foes = foes_in_sight(w, p, view)
  if #foes == 0 then return nil end
  local hand = cairn.cards.hand(p)
  for _, play in ipairs(PLAYS) do
    local rank = 0
    for _, c in ipairs(hand) do
      if c.playable then
        rank = rank + 1
        if c.card == "base:" .. play[1] then
          local answers = play[2](w, p, foes)
          if answers then
            answers.card = rank
            return { choice = "play_card", answers = answers }
          end
          break
        end
      end
    end
  end
  return nil
end

-- The reward on offer, taken: an upgrade when one is offered, else the first card.
local function reward(p)
  local options = p.data.reward
  if not options or not can(p, "reward") then return nil end
  local pick = 1
  for i, o in ipairs(options) do
    if o.upgrade then pick = i end
  end
  return { choice = "reward", answers = { option = pick } }
end

-- Danger ------------------------------------------------------------------------------------

local WAY_OF = { n = 1, e = 2, s = 3, w = 4 }

-- Two maps of the dangers from afar, cell by cell. `danger`, what the ways are searched with:
-- the rows and columns of monsters that strike along lines, and what `threat` holds. `threat`,
-- what is about to strike in the coming beat: an arrow's flight, a rolling armadillo's way.
-- (Next to a monster is dangerous too, but that moves with the monster: near_foe looks at it
-- for the next step only.)
local function dangers(m, w, p, view)
  local danger, threat = {}, {}
  local function add(map, x, y, amount)
    local i = index(m, x, y)
    map[i] = (map[i] or 0) + amount
  end
  -- Along way s from (x, y), up to `reach` cells, until a cell that is not open or holds
  -- anybody (seen) but the player. Something on its way (imminent) strikes the next cell
  -- in the coming beat, the one after in the beat after that, when it can be dodged still:
  -- its threat halves with each cell.
  local function line(x, y, s, reach, amount, imminent)
    for k = 1, reach do
      local cx, cy = x + DX[s] * k, y + DY[s] * k
      if not inside(m, cx, cy) or m.kind[index(m, cx, cy)] ~= OPEN then return end
      if imminent then
        if k > 1 then amount = math.max(amount // 2, 1) end
        add(threat, cx, cy, amount)
      end
      add(danger, cx, cy, amount)
      local other = view:sees(cx, cy) and w:at(cx, cy)
      if other and other ~= p then return end
    end
  end
  for _, f in pairs(m.lines) do
    local times = f.stuns and STUNS or 1
    for s = 1, 4 do
      if not f.rolling then
        line(f.x, f.y, s, f.reach, LINE * times, false)
      elseif WAYS[s] == f.facing then
        line(f.x, f.y, s, f.reach, ARROW * times, true)
      end
    end
  end
  local cells = view:cells()
  for k = 1, #cells do
    local x, y = cells[k].x, cells[k].y
    local shot = w:at(x, y, "projectile")
    if shot and not shot:is_dead() and WAY_OF[shot.facing] then
      add(danger, x, y, ARROW)
      add(threat, x, y, ARROW)
      line(x, y, WAY_OF[shot.facing], 2, ARROW, true)
    end
  end
  return danger, threat
end

-- The danger of the monsters next to cell i, where they could strike in the coming beat:
-- NEAR, STUNS times that when one of them stuns.
local function near_foe(m, w, i)
  local x, y = cell_of(m, i)
  local danger = 0
  for s = 1, 4 do
    local e = w:at(x + DX[s], y + DY[s])
    if e and not e:is_dead() and e.team == 2 then
      danger = math.max(danger, NEAR * (stuns(e) and STUNS or 1))
    end
  end
  return danger
end

-- Deciding ----------------------------------------------------------------------------------

-- Counts the beats in which the player stayed in the same cell after trying to step; a step
-- that keeps coming to nothing makes that cell costlier, so that the next plan goes round it.
local function note_progress(m, here)
  if m.tried and m.at == here then
    m.still = m.still + 1
    if m.still >= 3 then
      m.stuck[m.tried] = (m.stuck[m.tried] or 0) + STUCK
      m.still = 0
    end
  else
    m.still = 0
  end
  m.at, m.tried = here, nil
  m.visits[here] = (m.visits[here] or 0) + 1
end

-- The bot's decision for the coming beat: an action's name and a direction, or a choice
-- (choices.lua) with its answers.
function explorer.decide(mem, w, p)
  local m = floor_memory(mem, w)
  local view = look(m, w, p)
  local here = index(m, p.x, p.y)
  note_progress(m, here)

  -- Low on hp, a potion comes before anything else.
  local drink = potion(p)
  if drink and can(p, "use") then return { choice = "use", answers = { item = drink } } end

  -- A reward waiting is taken; a card that fits the moment is played (unless this bot
  -- leaves cards alone: see explorer_no_cards below).
  if not mem.no_cards then
    local taken = reward(p)
    if taken then return taken end
    local card = play_card(w, p, view)
    if card then
      m.patience = MAX_WAIT
      return card
    end
  end

  -- A monster in reach is struck, whatever else there is to do.
  local s = strike(w, p)
  if s then
    m.patience = MAX_WAIT
    return "attack", WAYS[s]
  end

  -- One farther off is thrown at, with what there is to throw.
  local thrown = throw(w, p, view)
  if thrown and can(p, "throw") then
    m.patience = MAX_WAIT
    return thrown
  end

  if loot_underfoot(w, p) and can(p, "pick_up") then return { choice = "pick_up" } end

  local danger, threat = dangers(m, w, p, view)
  -- The cell a step in way t leads to, when it is a plain step (else nil).
  local function step_to(t)
    local x, y = p.x + DX[t], p.y + DY[t]
    local i = index(m, x, y)
    if inside(m, x, y) and m.kind[i] == OPEN and not w:at(x, y) then return i end
    return nil
  end
  -- How likely a cell is to be struck in the coming beat.
  local function risk(i) return (threat[i] or 0) + near_foe(m, w, i) end

  s = plan(w, m, held_values(p), here, danger, bag_room(p))
  -- Where the plan leads (it stays put when it digs or pushes a crate).
  local go = s and step_to(s) or here

  -- A dangerous step: better stay, or step aside, if that is safer. A monster about to come
  -- next to it is waited for, a few beats at most, and met with the first blow; an arrow or
  -- a rolling armadillo is always dodged when it can be. Staying is no way out of their
  -- path, though: then only a step aside will do. And there are only so many beats of
  -- waiting on a floor: it cannot go on for ever.
  if risk(go) > 0 and (m.patience > 0 or (threat[go] or 0) > 0) and m.waits < FLOOR_WAITS then
    local best, best_risk = nil, risk(here)
    if (threat[here] or 0) > 0 then best_risk = risk(go) end
    for t = 1, 4 do
      local i = step_to(t)
      if i and not m.trap[i] and risk(i) < best_risk then best, best_risk = t, risk(i) end
    end
    if best_risk < risk(go) then
      m.patience, m.waits = math.max(m.patience - 1, 0), m.waits + 1
      if best then return "move", WAYS[best] end
      return "none", "none"
    end
  end
  -- Each safe step gives back a beat of patience.
  if risk(go) == 0 then m.patience = math.min(m.patience + 1, MAX_WAIT) end

  if s then
    m.tried = index(m, p.x + DX[s], p.y + DY[s])
    -- A plain step is a move: with attack_dig_move a spear or a broadsword would strike
    -- whatever it reaches instead (strike has struck all that was worth it).
    if go ~= here then return "move", WAYS[s] end
    return "attack_dig_move", WAYS[s]
  end
  -- Nowhere left to go: wait for something to change.
  return "none", "none"
end

-- Prompts inside a beat. A reaction (docs/cards.md, "The action lifecycle"): against a blow
-- declared at it, the first of dodge, parry and counter it holds; else it passes. Its
-- riposte it takes; an order of triggers, the first. Enemies' prompts are theirs: the first
-- option, as the default does.
local REACTIONS = { "dodge", "parry", "counter" }

-- An event room's question (events.lua): when hurt, an answer that heals; else the first
-- that costs no hp, or one that does while it has hp to spare; else it walks away (nil).
local function event_option(p, prompt)
  local hurt = p.hp < p.max_hp
  local pick
  for i, o in ipairs(prompt.options) do
    local heals, bleeds = o.label:find("heal", 1, true), o.label:find(" hp)", 1, true)
    if hurt and heals and not bleeds then return i end
    if not pick and (not bleeds or p.hp > 4) then pick = i end
  end
  return pick
end

function explorer.answer(mem, w, prompt)
  local mine = prompt.actor and prompt.actor:has("PlayerControl")
  if mine and prompt.kind == "pick" and prompt.name == "option" then
    return event_option(prompt.actor, prompt)
  end
  if prompt.kind == "pick" and prompt.name == "reaction" then
    if not mine or mem.no_cards then return mine and #prompt.options or 1 end
    for _, want in ipairs(REACTIONS) do
      for i, o in ipairs(prompt.options) do
        if o.label:find(want, 1, true) == 1 then return i end
      end
    end
    return #prompt.options -- pass
  end
  if prompt.kind == "confirm" then return not mem.no_cards end
  if prompt.kind == "pick" then return 1 end
  if prompt.kind == "number" then return prompt.max end
  return prompt.candidates and prompt.candidates[1]
end

cairn.bot {
  name = "explorer",
  description = "explores each floor, plays cards and fights what comes near, and takes the " ..
    "stairs",
  decide = explorer.decide,
  answer = explorer.answer,
}

-- The same bot, leaving its cards (and rewards) alone: the game as it was without them, to
-- measure what the cards are worth (docs/cards.md, Balance).
cairn.bot {
  name = "explorer_no_cards",
  description = "the explorer, never playing a card",
  decide = function(mem, w, p)
    mem.no_cards = true
    return explorer.decide(mem, w, p)
  end,
  answer = function(mem, w, prompt)
    mem.no_cards = true
    return explorer.answer(mem, w, prompt)
  end,
}

return explorer
