-- session.lua: a game being played - its world, the floor it is on, the beats so far and how
-- it ended. `cairn sim` (and the terminal front end) drive it through the runtime functions
-- in prelude.lua; the game's rules are content (cairn.game), and so are bots (cairn.bot).
--
-- All floors of a game share one world: going down clears the grid (w:clear lifts the players
-- off it, alive, with what they carry) and the game generates the next floor into it. So the
-- player, its statuses, its items and the world's generator carry on as they are.
local ctx = ...
local session = {}

local current -- the session under way, or nil

-- A game or bot definition by full or short name ("dungeon" finds "base:dungeon" when one
-- pack defines it).
local function find(kind, name)
  local found = ctx.define.by_name[kind][name]
  if found then return found end
  local matches, known = {}, {}
  for _, e in ipairs(ctx.define.record[kind]) do
    local full = e.pack.id .. ":" .. e.def.name
    known[#known + 1] = full
    if e.def.name == name then matches[#matches + 1] = e end
  end
  if #matches == 1 then return matches[1] end
  local list = #known > 0 and table.concat(known, ", ") or "none"
  if #matches > 1 then
    error(string.format("%s '%s' is defined by several packs: say which (%s)", kind, name,
      list), 0)
  end
  error(string.format("no %s is named '%s' (the %ss loaded: %s)", kind, name, kind, list), 0)
end

local function world()
  return ctx.host.world()
end

-- The first player on the grid, or nil when there is none (it died and was reaped).
local function player()
  return world():players()[1]
end

local function generate()
  local def = current.game.def
  local w = world()
  local lifted = current.floor > 1 and w:clear() or {}
  def.generate(w, current.floor, current.floors, lifted)
  if not player() then
    error(string.format("%s: generate put no player on floor %d (spawn one, or place the " ..
      "players it was given)", current.game.where, current.floor), 0)
  end
end

function session.start(name, seed, make_world)
  local game = find("game", name)
  local def = game.def
  current = nil
  make_world(def.width, def.height, seed)
  current = { game = game, seed = seed, floor = 1, floors = def.floors or 1, beats = 0 }
  generate()
end

local function need()
  if not current then error("no game has been started", 0) end
  return current
end

-- Gives the player its action for the next beat; a bad action or direction is the caller's
-- mistake, told without the runtime's own place. `who` (a bot's definition) is blamed
-- instead when given.
local function input(p, action, dir, who)
  local ok, err = pcall(p.input, p, action, dir)
  if not ok then
    err = ctx.util.unplace(tostring(err))
    if who then
      err = string.format("%s: bot '%s' gave the player a bad action: %s", who.where,
        who.def.name, err)
    end
    error(err, 0)
  end
end

function session.input(action, dir)
  need()
  local p = player()
  if p then input(p, action, dir) end
end

-- Asks a bot for the player's next action. The bot keeps what it learns in `memory`, a table
-- of its own for the whole session, which it is given each time with the floor and beat.
function session.bot(name)
  local s = need()
  if not s.bot or s.bot_name ~= name then
    s.bot, s.bot_name, s.memory = find("bot", name), name, {}
  end
  local p = player()
  if not p or s.ended then return end
  s.memory.floor, s.memory.beat = s.floor, s.beats
  local action, dir = s.bot.def.decide(s.memory, world(), p)
  if p.alive then input(p, action or "none", dir, s.bot) end
end

local outcomes = { descend = true, won = true, lost = true }

-- One beat, then the game's verdict: on it goes, down a floor, won or lost. Returns how the
-- game stands ("playing", "won", "died", "lost"), or nil without a beat when it was over.
function session.step()
  local s = need()
  if s.ended then return nil end
  local w = world()
  w:step()
  s.beats = s.beats + 1
  if not player() then
    s.ended = "died"
    return s.ended
  end
  local def = s.game.def
  local verdict = def.outcome and def.outcome(w, s.floor, s.floors)
  if verdict ~= nil and not outcomes[verdict] then
    error(string.format("%s: a game's outcome returns nil, 'descend', 'won' or 'lost', not %s",
      s.game.where, tostring(verdict)), 0)
  end
  if verdict == "descend" and s.floor >= s.floors then verdict = "won" end
  if verdict == "descend" then
    s.floor = s.floor + 1
    generate()
  elseif verdict then
    s.ended = verdict
  end
  return s.ended or "playing"
end

-- The session's summary, as { { key, value }, ... } in a fixed order: the runtime's lines,
-- then the game's report (sorted by key). `unfinished` is what "ended" says while the game
-- goes on.
function session.summary(unfinished)
  local s = need()
  local p = player()
  local lines = {
    { "game", s.game.pack.id .. ":" .. s.game.def.name },
    { "seed", tostring(s.seed) },
    { "ended", s.ended or unfinished },
    { "floor", string.format("%d of %d", s.floor, s.floors) },
    { "beats", tostring(s.beats) },
    { "hp", p and string.format("%d of %d", p.hp or 0, p.max_hp or 0) or "0" },
  }
  local report = s.game.def.report and s.game.def.report(world()) or {}
  local keys = {}
  for k in pairs(report) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do lines[#lines + 1] = { k, tostring(report[k]) } end
  lines[#lines + 1] = { "checksum", world():checksum() }
  return lines
end

return session
