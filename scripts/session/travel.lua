-- travel.lua: travel and auto-explore, for a front end (`cairn play`'s _ and o keys). Both walk
-- the player a step a beat over the cells it remembers of its floor (view.lua's memory), each
-- step an ordinary input - a move in a direction - that the session logs, so a game with
-- travel replays, undoes and saves as any other. The front end steps the journey one beat at
-- a time (travel.step), drawing the game in between and stopping it at any key.
--
-- Travel goes to a cell picked with a cursor: the way there (travel.way) is drawn while the
-- cursor moves, and committing it builds its schedule once (w:schedule: the walk played out on
-- a copy of the world, consequences and all); the front end then plays the schedule's steps,
-- showing the rest of its path. Auto-explore heads for the nearest cell it remembers next to
-- one it has never seen, planned again each step as the map opens up.
--
-- A journey stops after a beat in which something happened: an enemy came into view, the
-- player's hp changed, it is not where the step should have taken it, an item lies under its
-- feet (exploring picks up, a beat, those the front end's rule names: travel.set_pickup), the
-- beat had words for the log, the floor changed or the game ended; and once it is
-- there (travel) or nothing is left to explore. Neither walks onto a cell the game's `avoid`
-- says to keep off (the base game's stairs, which take the player down), but travel may end
-- on one.
local compile = require("lua.compile")
local host = require("cairn.host")
local seats = require("session.seats")
local session = require("session.flow")
local util = require("lua.util")
local view = require("session.view")
local travel = {}

local DELTA = util.DELTA
local AROUND = { DELTA.n, DELTA.ne, DELTA.e, DELTA.se, DELTA.s, DELTA.sw, DELTA.w, DELTA.nw }

local journey -- the journey under way, or nil

local function game()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  return s, host.world()
end

local function player()
  local p = session.viewer()
  if not p or p.x == nil then error("there is no player to travel", 0) end
  return p
end

-- The cost of entering each cell, as w:path takes it: 1 for a cell the player remembers of
-- this floor with no wall on it, unless the game says to keep off it (but `goal` may be one,
-- and with goal true any may); not at all for any other, nor for one where the player p sees
-- something stand now (a crate, a monster: a step into it goes nowhere).
local function costs_of(s, w, p, goal)
  local seen = seats.memory(s, seats.of(s, p))
  local avoid = s.game.def.avoid
  local costs, width = {}, w.width
  for y = 0, w.height - 1 do
    for x = 0, width - 1 do
      local i = y * width + x
      local open = seen[i] ~= nil and not w:at(x, y, "wall")
      if open and avoid and goal ~= true and i ~= goal and avoid(w, x, y) then open = false end
      costs[i + 1] = open and 1 or false
    end
  end
  for _, c in ipairs(view.visible(s, w, p)) do
    local i = c.y * width + c.x
    local e = w:at(c.x, c.y, "real")
    if e and e.id ~= p.id and i ~= goal then costs[i + 1] = false end
  end
  return costs
end

local function path(w, p, x, y, costs)
  if not w.path then error("travel needs w:path, which this host has not", 0) end
  return w:path(p.x, p.y, x, y, { costs = costs, diagonal = true })
end

-- The way from the player to the map's cell (x, y) over what it remembers: a list of
-- directions, or nil and why there is none. Past a portal, the map's cell shows another of
-- the level's, seen through it: the way goes there (round by the level, not through).
-- Returns the cell it goes to too.
local function way_to(s, w, p, x, y)
  if x < 0 or y < 0 or x >= w.width or y >= w.height then return nil, "that is off the map" end
  x, y = view.cell_at(s, w, x, y)
  if x == p.x and y == p.y then return nil, "you are there already" end
  local costs = costs_of(s, w, p, y * w.width + x)
  if not costs[y * w.width + x + 1] then return nil, "you know no way there" end
  local dirs = path(w, p, x, y, costs)
  if not dirs then return nil, "you know no way there" end
  return dirs, nil, x, y
end

-- The cells a list of directions goes through from (x, y), as x, y pairs in one list.
local function cells_of(x, y, dirs)
  local cells = {}
  for i = 1, #dirs do
    x, y = x + DELTA[dirs[i]][1], y + DELTA[dirs[i]][2]
    cells[#cells + 1], cells[#cells + 2] = x, y
  end
  return cells
end

-- What the cursor at (x, y) shows while a travel is aimed: the player's cell, the cells of
-- the way (x, y pairs, from the first step on) and, when there is none, why.
function travel.way(x, y)
  local s, w = game()
  local p = player()
  view.remember(s, w, p)
  if x < 0 and y < 0 then return p.x, p.y, {} end
  local dirs, why = way_to(s, w, p, x, y)
  return p.x, p.y, dirs and cells_of(p.x, p.y, dirs) or {}, why
end

-- The enemies the player sees now - what acts on its own on the real layer, other than
-- players: id -> true.
local function in_view(s, w, p)
  local found = {}
  local function keep(e)
    if e and not e:is_dead() and e:has("Acting") and not e:has("PlayerControl") then
      found[e.id] = true
    end
  end
  for _, c in ipairs(view.visible(s, w, p)) do keep(w:at(c.x, c.y, "real")) end
  return found
end

-- What the player is like before a step, to tell what the step changed.
local function note_before(s, w, p)
  journey.hp, journey.floor = p.hp, s.floor
  journey.seen = in_view(s, w, p)
end

local function begin(kind, dirs, target)
  local s, w = game()
  if s.ended then error("the game is over", 0) end
  local p = player()
  journey = { kind = kind, dirs = dirs, at = 0, target = target, x = p.x, y = p.y,
    id = p.id, picked = {} }
  note_before(s, w, p)
  if kind == "travel" then
    -- The schedule: the walk played out once, on a copy of the world. The journey plays its
    -- steps: where the schedule stops (something in the way, a blow), the walk stops too.
    journey.schedule = w:schedule(p, "move", dirs)
    journey.steps = journey.schedule.steps
  end
end

-- The places worth travelling to that the player remembers: cells whose remembered look is
-- of something set in the floor (the stairs, a door), then those of an item, each kind
-- nearest first by the way the player knows (any it knows no way to last, by row), the
-- player's own cell left out: { cells = x, y pairs in one list }.
function travel.places()
  local s, w = game()
  local p = player()
  view.remember(s, w, p)
  local kinds = view.remembered_kinds()
  local seen = seats.memory(s, seats.of(s, p))
  local d = w:distances(p.x, p.y, { costs = costs_of(s, w, p, true), diagonal = true })
  local found, rank, far = {}, {}, w.width * w.height
  for i = 0, far - 1 do
    local kind = seen[i] and kinds[seen[i]]
    if kind and i ~= p.y * w.width + p.x then
      found[#found + 1] = i
      rank[i] = (kind == "floor" and 0 or 2 * far) + (d[i + 1] or far)
    end
  end
  table.sort(found, function(a, b)
    if rank[a] ~= rank[b] then return rank[a] < rank[b] end
    return a < b
  end)
  local cells = {}
  for _, i in ipairs(found) do
    cells[#cells + 1], cells[#cells + 2] = i % w.width, i // w.width
  end
  return { cells = cells }
end

-- What auto-explore picks up as it comes on it: items whose glyph is in `pickup`, or every
-- item when it is "all"; with the game's `pick_up` choice. A front end's setting.
local pickup = ""

function travel.set_pickup(glyphs)
  if type(glyphs) ~= "string" then error("the pickup rule is a string of glyphs, or all", 0) end
  pickup = glyphs
end

local function picks_up(s, item)
  if pickup == "" or not s.game.def.pick_up then return false end
  if pickup == "all" then return true end
  local info = compile.type_info(item.type)
  return info ~= nil and info.glyph ~= nil and pickup:find(info.glyph, 1, true) ~= nil
end

-- Begins travel to (x, y); raises why it cannot go.
function travel.go(x, y)
  local s, w = game()
  local p = player()
  view.remember(s, w, p)
  local dirs, why, to_x, to_y = way_to(s, w, p, x, y)
  if not dirs then error(why, 0) end
  begin("travel", dirs, { x = to_x, y = to_y })
end

-- The cells just past the edges portals join: the view shows the portal's other side there,
-- never the cell itself, so no one sees it by standing beside it. Index -> true.
local function behind_portals(w)
  local behind = {}
  for _, portal in ipairs(w.portals and w:portals() or {}) do
    for _, edge in ipairs({ portal.a, portal.b }) do
      local x, y = edge.x + DELTA[edge.side][1], edge.y + DELTA[edge.side][2]
      if x >= 0 and y >= 0 and x < w.width and y < w.height then
        behind[y * w.width + x] = true
      end
    end
  end
  return behind
end

-- Whether the cell at index i is remembered with a cell never seen next to it (none that only
-- a portal hides).
local function frontier(w, seen, behind, i)
  if not seen[i] then return false end
  local width = w.width
  local x, y = i % width, i // width
  for _, delta in ipairs(AROUND) do
    local nx, ny = x + delta[1], y + delta[2]
    local n = ny * width + nx
    if nx >= 0 and ny >= 0 and nx < width and ny < w.height and not seen[n] and not behind[n] then
      return true
    end
  end
  return false
end

-- The frontier cells explore reached that border the unseen still (what they border cannot be
-- seen from them: past a portal the view shows its other side), by session and floor: it heads
-- for them no more. A save does not keep them: a resumed game learns them again.
local hidden_by = setmetatable({}, { __mode = "k" })

local function hidden_of(s)
  local floors = hidden_by[s] or {}
  hidden_by[s] = floors
  floors[s.floor] = floors[s.floor] or {}
  return floors[s.floor]
end

-- Auto-explore heads for a goal, the nearest frontier cell by way of what is remembered, and
-- keeps it until it is reached or no longer a frontier. A goal reached that is a frontier
-- still is hidden (above); one not reached within the length of its way when chosen is spent:
-- not headed for again this journey. So a journey ends: each cell is a goal once at most, and
-- each goal takes no more steps than its way had. Returns the next step's direction, or nil
-- when nothing is left to explore.
local function explore_step(s, w, p, e)
  local seen = seats.memory(s, seats.of(s, p))
  local behind, hidden = behind_portals(w), hidden_of(s)
  local width = w.width
  local costs = costs_of(s, w, p)
  local here = p.y * width + p.x
  local goal = e.goal
  if goal and (goal == here or e.left <= 0 or not frontier(w, seen, behind, goal)) then
    if goal == here then
      hidden[goal] = true
    elseif e.left <= 0 then
      e.spent[goal] = true
    end
    goal = nil
  end
  if not goal then
    local d = w:distances(p.x, p.y, { costs = costs, diagonal = true })
    local best_d
    for i = 0, width * w.height - 1 do
      local di = d[i + 1]
      if di and di > 0 and (not best_d or di < best_d) and not e.spent[i] and not hidden[i] and
          frontier(w, seen, behind, i) then
        goal, best_d = i, di
      end
    end
    if not goal then return nil end
  end
  local dirs = path(w, p, goal % width, goal // width, costs)
  if not (dirs and dirs[1]) then
    e.spent[goal], e.goal = true, nil
    return explore_step(s, w, p, e)
  end
  if goal ~= e.goal then e.goal, e.left = goal, #dirs end
  e.left = e.left - 1
  return dirs[1]
end

-- Begins auto-explore; raises why it cannot (an enemy in view, nothing left to explore).
function travel.explore()
  local s, w = game()
  local p = player()
  view.remember(s, w, p)
  local e = next(in_view(s, w, p))
  if e then error("not with an enemy in view", 0) end
  if not explore_step(s, w, p, { spent = {} }) then error("nothing left to explore here", 0) end
  begin("explore")
  journey.explorer = { spent = {} }
end

-- The cells the travel under way has still to go through, x, y pairs in one list: the rest of
-- its schedule's timeline, the cells the player moves into at the steps still to come (so the
-- trail ends where the schedule saw the walk stop); none while exploring or when no journey
-- is under way.
local function rest()
  if not journey or journey.kind ~= "travel" then return {} end
  local cells = {}
  for _, c in ipairs(journey.schedule.timeline) do
    if c.step > journey.at and c.kind == "moved" and c.entity.id == journey.id then
      cells[#cells + 1], cells[#cells + 2] = c.to.x, c.to.y
    end
  end
  return cells
end

-- Why the beat just played ends the journey, or nil. `picked`: the beat picked up the item
-- underfoot, whose words in the log are no news.
local function interruption(s, w, p, picked)
  if s.ended then return "" end
  if s.floor ~= journey.floor then return "" end
  if not p or p.x == nil then return "" end
  -- The log says what happened: a message of this beat (the log keeps the last 200, so it is
  -- the newest message's beat that tells, not how many there are).
  local last = s.messages[#s.messages]
  if last and last.beat == s.beats and not picked then return "" end
  if p.hp ~= journey.hp then return "your hp changed" end
  local ids = {}
  for id in pairs(in_view(s, w, p)) do
    if not journey.seen[id] then ids[#ids + 1] = id end
  end
  table.sort(ids)
  if ids[1] then return util.spoken(w:entity(ids[1]).type) .. " comes into view" end
  if p.x ~= journey.x or p.y ~= journey.y then return "something is in the way" end
  local item = w:at(p.x, p.y, "item")
  if item then
    -- Exploring, the rule may pick it up: the next beat does, once a cell.
    local here = p.y * w.width + p.x
    if journey.kind ~= "explore" or journey.picked[here] or not picks_up(s, item) then
      return "there is something here"
    end
    journey.picked[here], journey.pick = true, true
  end
  return nil
end

-- After a beat of the journey (`standing`: how session.step left the game; `picked`: the beat
-- picked up the item underfoot): true while it goes on, else false and why it stopped.
local function after_beat(s, w, standing, picked)
  -- Anything but a beat played on ends the journey: the game ended, or the beat waits for the
  -- player (a question asked inside it), which the front end takes from here.
  if standing ~= "playing" then
    journey = nil
    return false, ""
  end
  local p = session.viewer()
  if p and p.x then view.remember(s, w, p) end
  local why = interruption(s, w, p, picked)
  if why then
    journey = nil
    return false, why
  end
  if journey.kind == "travel" and journey.at >= journey.steps then
    journey = nil
    return false, "you are there"
  end
  note_before(s, w, p)
  return true
end

-- Plays the next beat of the journey under way. Returns true while it goes on; else false and
-- why it stopped ("" when the log or the game says it already).
local function step()
  if not journey then return false, "" end
  local s, w = game()
  local p = player()
  if journey.pick then -- exploring, the item underfoot is to be picked up
    journey.pick = nil
    local ok, committed = pcall(session.choose, s.game.def.pick_up)
    if not (ok and committed) then -- it cannot be now (a full bag)
      journey = nil
      return false, "there is something here"
    end
    return after_beat(s, w, session.step(), true)
  end
  local dir
  if journey.kind == "travel" then
    if journey.at >= journey.steps then
      journey = nil
      return false, "you are there"
    end
    dir = journey.dirs[journey.at + 1]
  else
    view.remember(s, w, p)
    dir = explore_step(s, w, p, journey.explorer)
    if not dir then
      journey = nil
      return false, "nothing left to explore here"
    end
  end
  journey.at = journey.at + 1
  journey.x, journey.y = journey.x + DELTA[dir][1], journey.y + DELTA[dir][2]
  session.input("move", dir)
  return after_beat(s, w, session.step())
end

-- Plays the next beat of the journey under way: whether it goes on, why it stopped, and the
-- cells it has still to go through.
function travel.step()
  local going, why = step()
  return going, why, rest()
end

-- Stops the journey under way (a key was pressed); nothing happens to the game.
function travel.stop()
  journey = nil
end

return travel
