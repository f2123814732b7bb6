-- session.lua: a game being played - its world, the floor it is on, the beats so far and how
-- it ended. `cairn sim`, `cairn play` and `cairn replay` drive it through the runtime
-- functions in prelude.lua; the game's rules are content (cairn.game), and so are bots
-- (cairn.bot).
--
-- All floors of a game share one world: going down clears the grid (w:clear lifts the players
-- off it, alive, with what they carry) and the game generates the next floor into it. So the
-- player, its statuses, its items and the world's generator carry on as they are.
--
-- The session keeps the game's history, which gives replays, undo and saves:
--   log          one entry per beat: the player's input and what the world came to (its
--                checksum, the floor, the player's cell and hp) - a replay's lines;
--   checkpoints  the whole game (world and session) after every CHECKPOINT_EVERY beats; undo
--                restores the last one before the beat to undo and plays the log's inputs
--                again up to it;
--   messages     what happened, in words, for a front end's log.
local ctx = ...
local session = {}

local CHECKPOINT_EVERY = 20
local CHECKPOINTS_KEPT = 10 -- so undo reaches at least 180 beats back
local MESSAGES_KEPT = 200

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

local function need()
  if not current then error("no game has been started", 0) end
  return current
end

-- Messages ------------------------------------------------------------------------------------

local function note(s, text)
  local m = s.messages
  m[#m + 1] = { beat = s.beats, text = text }
  if #m > MESSAGES_KEPT then table.remove(m, 1) end
end

local function short(type_name)
  return (type_name:gsub("^[^:]*:", ""):gsub("_", " "))
end

-- The beat's history in words, from the side of the player (`you`, its id before the beat).
local function describe(s, history, you)
  local gone = {} -- id -> type, for entities reaped this beat (their handles are gone)
  local dug = {}  -- walls dug away: their death needs no words of its own
  for _, c in ipairs(history) do
    if c.kind == "died" then gone[c.entity.id] = c.type end
    if c.kind == "dug" then dug[c.entity.id] = true end
  end
  local function name(e)
    if not e then return "something" end
    if e.id == you then return "you" end
    local t = gone[e.id] or (not e:is_dead() and e.type)
    return t and "the " .. short(t) or "something"
  end
  local function sentence(text)
    note(s, (text:gsub("^%l", string.upper)))
  end
  local told = { attacked = true, died = true, status_on = true, status_off = true,
    pushed = true, dug = true, healed = true }
  local kinds = ctx.define.by_name.change
  for _, c in ipairs(history) do
    local own = kinds[c.kind] -- a kind content defined: its describe has the words, if any
    if own then
      local text = own.def.describe and own.def.describe(c, name)
      if text ~= nil and type(text) ~= "string" then
        error(string.format("%s: describe of cairn.change '%s' returns a sentence or nil, " ..
          "not a %s", own.where, c.kind, type(text)), 0)
      end
      if text and text ~= "" then sentence(text) end
      goto next
    end
    if not told[c.kind] then goto next end -- moves, turns, steps and stats go without words
    local who, by = name(c.entity), name(c.other)
    local is = who == "you" and "are" or "is"
    if c.kind == "attacked" then
      local hit = by == "you" and "hit" or "hits"
      if c.amount > 0 then
        sentence(string.format("%s %s %s for %d.", by, hit, who, c.amount))
      else
        sentence(string.format("%s %s %s, to no effect.", by, hit, who))
      end
    elseif c.kind == "died" and not dug[c.entity.id] then
      if who == "you" then
        sentence("you die.")
      elseif by == "you" then
        sentence(string.format("you kill %s.", who))
      else
        sentence(string.format("%s dies.", who))
      end
    elseif c.kind == "status_on" then
      sentence(string.format("%s %s %s for %d beats.", who, is, short(c.status), c.amount))
    elseif c.kind == "status_off" then
      sentence(string.format("%s %s no longer %s.", who, is, short(c.status)))
    elseif c.kind == "pushed" then
      sentence(string.format("%s %s pushed back.", who, is))
    elseif c.kind == "dug" and by == "you" then
      sentence(string.format("you dig through %s.", who))
    elseif c.kind == "healed" then
      sentence(string.format("%s %s %d hp back.", who, who == "you" and "get" or "gets",
        c.amount))
    end
    ::next::
  end
end

-- Snapshots of the whole game ----------------------------------------------------------------

-- What a checkpoint or a save keeps of the session besides the world.
local function session_state(s)
  return {
    game = s.game.pack.id .. ":" .. s.game.def.name, seed = s.seed, floor = s.floor,
    floors = s.floors, beats = s.beats, ended = s.ended or false, bot = s.bot_name or false,
    memory = s.memory or false, messages = s.messages,
  }
end

local function capture(s)
  local ok, memory = pcall(ctx.data.encode, s.memory or false)
  if not ok then
    error(string.format("%s: bot '%s' keeps what a game cannot keep in its memory: %s",
      s.bot.where, s.bot.def.name, memory), 0)
  end
  return ctx.data.encode({ world = world():snapshot(), session = session_state(s) })
end

local function put_back(s, state)
  s.floor, s.floors, s.beats = state.floor, state.floors, state.beats
  s.ended = state.ended or nil
  s.bot_name, s.bot = state.bot or nil, state.bot and find("bot", state.bot) or nil
  s.memory = state.memory or nil
  s.messages = state.messages
  s.pending = nil
end

-- Puts back a checkpoint's state, decoded.
local function restore(s, state)
  world():restore(state.world)
  put_back(s, state.session)
end

local function checkpoint(s)
  local cps = s.checkpoints
  if cps[#cps] and cps[#cps].beat == s.beats then return end
  cps[#cps + 1] = { beat = s.beats, state = capture(s) }
  if #cps > CHECKPOINTS_KEPT then table.remove(cps, 1) end
end

-- Starting ------------------------------------------------------------------------------------

local function generate(s)
  local def = s.game.def
  local w = world()
  local lifted = s.floor > 1 and w:clear() or {}
  def.generate(w, s.floor, s.floors, lifted)
  if not player() then
    error(string.format("%s: generate put no player on floor %d (spawn one, or place the " ..
      "players it was given)", s.game.where, s.floor), 0)
  end
end

local function fresh(game, seed)
  return { game = game, seed = seed, floor = 1, floors = game.def.floors or 1, beats = 0,
    log = {}, checkpoints = {}, messages = {}, seen = {} }
end

function session.start(name, seed, make_world)
  local game = find("game", name)
  current = nil
  make_world(game.def.width, game.def.height, seed)
  local s = fresh(game, seed)
  current = s
  generate(s)
  note(s, string.format("Floor 1 of %d.", s.floors))
  checkpoint(s)
end

-- Inputs and beats ----------------------------------------------------------------------------

-- Gives the player its action for the next beat; a bad action or direction is the caller's
-- mistake, told without the runtime's own place. `who` (a bot's definition) is blamed
-- instead when given.
local function input(s, p, action, dir, who)
  local ok, err = pcall(p.input, p, action, dir)
  if not ok then
    err = ctx.util.unplace(tostring(err))
    if who then
      err = string.format("%s: bot '%s' gave the player a bad action: %s", who.where,
        who.def.name, err)
    end
    error(err, 0)
  end
  s.pending = { action = action, dir = dir }
end

function session.input(action, dir)
  local s = need()
  local p = player()
  if p then input(s, p, action, dir) end
end

-- Asks a bot for the player's next action. The bot keeps what it learns in `memory`, a table
-- of its own for the whole session, which it is given each time with the floor and beat.
local function consult(s, p)
  s.memory.floor, s.memory.beat = s.floor, s.beats
  return s.bot.def.decide(s.memory, world(), p, session.api)
end

function session.bot(name)
  local s = need()
  if not s.bot or s.bot_name ~= name then
    s.bot, s.bot_name, s.memory = find("bot", name), name, {}
  end
  local p = player()
  if not p or s.ended then return end
  local action, dir = consult(s, p)
  if not p:is_dead() then input(s, p, action or "none", dir, s.bot) end
end

-- What the log keeps of a beat: the input, and what the world came to.
local function log_entry(s, given)
  local p, w = player(), world()
  return { action = given and given.action or "none", dir = given and given.dir or false,
    sum = w:checksum(), floor = s.floor, x = p and p.x or false, y = p and p.y or false,
    hp = p and p.hp or 0 }
end

local outcomes = { descend = true, won = true, lost = true }

-- One beat, then the game's verdict: on it goes, down a floor, won or lost. Returns how the
-- game stands ("playing", "won", "died", "lost"), or nil without a beat when it was over.
function session.step()
  local s = need()
  if s.ended then return nil end
  local given = s.pending
  s.pending = nil
  local w = world()
  local you = player()
  w:step()
  s.beats = s.beats + 1
  describe(s, w:history(), you and you.id)
  if not player() then
    s.ended = "died"
  else
    local def = s.game.def
    local verdict = def.outcome and def.outcome(w, s.floor, s.floors)
    if verdict ~= nil and not outcomes[verdict] then
      error(string.format("%s: a game's outcome returns nil, 'descend', 'won' or 'lost', " ..
        "not %s", s.game.where, tostring(verdict)), 0)
    end
    if verdict == "descend" and s.floor >= s.floors then verdict = "won" end
    if verdict == "descend" then
      s.floor = s.floor + 1
      generate(s)
      note(s, string.format("You go down the stairs to floor %d of %d.", s.floor, s.floors))
    elseif verdict then
      s.ended = verdict
    end
  end
  if s.ended == "won" then note(s, "You have won.") end
  s.log[s.beats] = log_entry(s, given)
  if s.beats % CHECKPOINT_EVERY == 0 then checkpoint(s) end
  return s.ended or "playing"
end

-- Undo: the last checkpoint before the previous beat, then the log's inputs again up to it.
-- Each beat played again must come to the checksum it came to the first time: a difference
-- means content keeps state the world does not (outside e.data and w.data), and is told.
-- Returns true, or false and why not.
function session.undo()
  local s = need()
  local target = s.beats - 1
  if target < 0 then return false, "nothing to undo: no beat has been played" end
  local cps = s.checkpoints
  while cps[#cps] and cps[#cps].beat > target do cps[#cps] = nil end
  local cp = cps[#cps]
  if not cp then return false, "undo reaches no further back" end
  local log = s.log
  local ok, state = pcall(ctx.data.decode, cp.state)
  if not ok then
    if ctx.prims.limit() then error(ctx.prims.limit(), 0) end
    return false, string.format("undo cannot go back: the checkpoint of beat %d is damaged " ..
      "(%s)", cp.beat, state)
  end
  restore(s, state)
  for beat = cp.beat + 1, target do
    local first = log[beat]
    -- A bot is asked again, so that its memory comes to what it was; what it says is not
    -- taken: the log's input is.
    local p = player()
    if s.bot and s.memory and p then consult(s, p) end
    if first.action ~= "none" then session.input(first.action, first.dir or nil) end
    session.step()
    if log[beat].sum ~= first.sum then
      error(string.format("undo: beat %d came out differently when played again (checksum " ..
        "%s, first %s): does content keep state outside e.data and w.data?", beat,
        log[beat].sum, first.sum), 0)
    end
  end
  for beat = target + 1, #log do log[beat] = nil end
  return true
end

-- Preview: the next beat as it would be with this input, on the world put back after.
function session.preview(action, dir)
  need()
  local p = player()
  return world():preview(function()
    if p and action and action ~= "none" then p:input(action, dir) end
  end)
end

-- What bots get as decide's fourth argument: previews of the beat to come.
session.api = {
  preview = function(_, action, dir) return session.preview(action, dir) end,
}

-- Saving and resuming -------------------------------------------------------------------------

-- The whole game as a save keeps it: the core's bytes, each entity's data by id with its type,
-- the world's data, the session (with its log and checkpoints), the packs and the checksum
-- that a resumed game must come to.
function session.save_state()
  local s = need()
  local w = world()
  local core = ctx.host.snapshot_parts()
  local state = ctx.data.state()
  local entities = {}
  for id, t in pairs(state.entities) do
    entities[#entities + 1] = { id = id, type = w:entity(id).type, data = ctx.data.encode(t) }
  end
  table.sort(entities, function(a, b) return a.id < b.id end)
  local kept = session_state(s)
  kept.log, kept.seen = s.log, s.seen
  kept.checkpoints = s.checkpoints
  return {
    game = kept.game, seed = s.seed, beat = s.beats,
    core = core, world = ctx.data.encode(state.world),
    entities = entities, session = ctx.data.encode(kept),
    packs = ctx.packs.identities(), checksum = w:checksum(),
  }
end

-- The session part of a save, checked against the rest of the save before anything is
-- touched: its every field is of the kind the session writes, and it is the session of this
-- save's game (the same game, seed and beat, and its last beat came to the world's checksum).
-- Raises, naming what is wrong, for one that was edited or put in from another save.
local endings = { won = true, died = true, lost = true }

local function check_kept(kept, saved)
  local function bad(what, ...)
    error("the save's session part " .. string.format(what, ...), 0)
  end
  local function int(v, least) return math.type(v) == "integer" and v >= least end
  local function list(v) return type(v) == "table" and v[#v + 1] == nil end
  if type(kept) ~= "table" then bad("is not a session") end
  if kept.game ~= saved.game or kept.seed ~= saved.seed or kept.beats ~= saved.beat then
    bad("is of %s, seed %s, beat %s, where the save is of %s, seed %s, beat %s",
      tostring(kept.game), tostring(kept.seed), tostring(kept.beats), saved.game,
      tostring(saved.seed), tostring(saved.beat))
  end
  if not (int(kept.floors, 1) and int(kept.floor, 1) and kept.floor <= kept.floors) then
    bad("has no floor it could be on")
  end
  if kept.ended ~= false and not endings[kept.ended] then
    bad("ended in a way no game ends")
  end
  if not (kept.bot == false or type(kept.bot) == "string") or
      not (kept.memory == false or type(kept.memory) == "table") or
      type(kept.seen) ~= "table" or not list(kept.messages) then
    bad("is not a session")
  end
  local log = kept.log
  if type(log) ~= "table" or #log ~= kept.beats or not list(log) then
    bad("does not hold a beat of its log for each of its %d beats", kept.beats)
  end
  for beat = 1, kept.beats do
    local e = log[beat]
    if type(e) ~= "table" or type(e.action) ~= "string" or type(e.sum) ~= "string" or
        not (e.dir == false or type(e.dir) == "string") or not int(e.floor, 1) or
        math.type(e.hp) ~= "integer" or not (e.x == false or math.type(e.x) == "integer") or
        not (e.y == false or math.type(e.y) == "integer") then
      bad("has a damaged log at beat %d", beat)
    end
  end
  if kept.beats > 0 and log[kept.beats].sum ~= saved.checksum then
    bad("came to checksum %s at its last beat, not to the world's %s: it is another game's",
      log[kept.beats].sum, saved.checksum)
  end
  local cps, last = kept.checkpoints, -1
  if not list(cps) or #cps == 0 then bad("has no checkpoint to undo from") end
  for i = 1, #cps do
    local cp = cps[i]
    if type(cp) ~= "table" or not int(cp.beat, last + 1) or cp.beat > kept.beats or
        type(cp.state) ~= "string" then
      bad("has a damaged checkpoint (the %d%s)", i, i == 1 and "st" or "th")
    end
    last = cp.beat
  end
end

-- Resumes a game from save_state's table. Refuses packs that differ, naming how, a session
-- that is not the world's, and a save whose world does not come to its checksum.
function session.resume(saved, make_world)
  ctx.packs.check_identities(saved.packs)
  local kept = ctx.data.decode(saved.session, "the save's session part")
  check_kept(kept, saved)
  local game = find("game", kept.game)
  current = nil
  make_world(game.def.width, game.def.height, saved.seed)
  local w = world()
  local state = { world = ctx.data.decode(saved.world, "the save's world part"), entities = {} }
  for _, e in ipairs(saved.entities) do
    state.entities[e.id] = ctx.data.decode(e.data, "the save's data of entity " .. e.id)
  end
  local data_text = ctx.data.encode(state)
  ctx.host.restore_parts(saved.core, data_text)
  local s = fresh(game, saved.seed)
  put_back(s, kept)
  s.log, s.seen, s.checkpoints = kept.log, kept.seen, kept.checkpoints
  current = s
  if w:checksum() ~= saved.checksum then
    current = nil
    error(string.format("the save is damaged: its world comes to checksum %s, not the %s " ..
      "it was saved with", w:checksum(), saved.checksum), 0)
  end
end

-- Reading the game ----------------------------------------------------------------------------

function session.current()
  return current
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
