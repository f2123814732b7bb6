-- save/init.lua: what a save keeps of a game and how a game resumes from it. A save holds the
-- core's bytes, each entity's data by id with its type, the world's data, the session (with
-- its log and checkpoints, as checkpoints.kept has it, and the packs that ran trusted), the
-- packs and the checksum a resumed game must come to. Everything read back is checked before
-- the world is touched.
local checkpoints = require("session.checkpoints")
local data = require("lua.data")
local define = require("lua.define")
local host = require("cairn.host")
local packs = require("lua.packs")
local saves = {}

-- The whole game as a save keeps it: the core's bytes, each entity's data by id with its type,
-- the world's data, the session (with its log, checkpoints and what waits for the player:
-- `waiting`, session/flow.lua's), the packs and the checksum that a resumed game must come to.
function saves.state(s, waiting)
  local w = host.world()
  local core = host.snapshot_parts()
  local state = data.state()
  local entities = {}
  for id, t in pairs(state.entities) do
    entities[#entities + 1] = { id = id, type = w:entity(id).type, data = data.encode(t) }
  end
  table.sort(entities, function(a, b) return a.id < b.id end)
  local kept = checkpoints.kept(s)
  kept.log, kept.seats_seen = s.log, s.seen
  kept.checkpoints = s.checkpoints
  kept.waiting = waiting or false
  kept.named = state.named
  -- Recorded and never compared: trust never changes the game, and a game resumes under the
  -- trust of the run that resumes it.
  kept.trusted = packs.trusted()
  return {
    game = kept.game, seed = s.seed, beat = s.beats,
    core = core, world = data.encode(state.world),
    entities = entities, session = data.encode(kept),
    packs = packs.identities(), checksum = w:checksum(),
  }
end

-- The session part of a save, checked against the rest of the save before anything is
-- touched: its every field is of the kind the session writes, and it is the session of this
-- save's game (the same game, seed and beat, and its last beat came to the world's checksum).
-- Raises, naming what is wrong, for one that was edited or put in from another save.
local endings = { won = true, died = true, lost = true }

local function strings(v)
  if type(v) ~= "table" or v[#v + 1] ~= nil then return false end
  for _, x in ipairs(v) do
    if type(x) ~= "string" then return false end
  end
  return true
end

-- What waited for the player (session/flow.lua): a question with the input held and the answers
-- so far, or a choice with the answers given, or the input committed for the next beat, or
-- false.
local prompt_kinds = { pick = true, number = true, confirm = true, select = true }

local function an_input(given)
  return type(given) == "table" and
    (type(given.choice) == "string" and type(given.answers) == "string" or
      type(given.action) == "string")
end

-- What waited for one seat: a choice with the answers given, or the input committed.
local function seat_waiting_ok(w)
  if type(w) ~= "table" then return false end
  if w.committed ~= nil then return an_input(w.committed) end
  return type(w.choice) == "string" and strings(w.given)
end

local function check_waiting(w, bad)
  if w == false then return end
  local ok = type(w) == "table"
  if ok and w.question ~= nil then
    local q = w.question
    ok = type(q) == "table" and prompt_kinds[q.kind] and type(q.name) == "string" and
      type(q.text) == "string" and strings(w.answered) and an_input(w.held)
  elseif ok and w.seats ~= nil then -- a game of several seats: what waited for each
    ok = type(w.seats) == "table" and w.seats[#w.seats + 1] == nil
    for _, each in ipairs(ok and w.seats or {}) do
      ok = ok and (each == false or seat_waiting_ok(each))
    end
  else
    ok = ok and seat_waiting_ok(w)
  end
  if not ok then bad("has a damaged prompt waiting") end
end

-- A log entry's input (the first seat's): an action and a direction, or a choice and its
-- answers.
local function an_entry_input(e)
  return type(e) == "table" and (e.choice == nil and type(e.action) == "string" and
    (e.dir == false or type(e.dir) == "string") or e.action == nil and
    type(e.choice) == "string" and type(e.answers) == "string")
end

-- A log entry's inputs of every seat, `n` of them: each an input or false.
local function seat_inputs(list, n)
  if type(list) ~= "table" or #list ~= n or list[n + 1] ~= nil then return false end
  for _, given in ipairs(list) do
    if not (given == false or an_entry_input(given)) then return false end
  end
  return true
end

-- The seats of a game of several (their characters' ids) and their bots; none in a game of
-- one seat, and in a save made before seats were kept. Returns how many seats it keeps.
local function check_seats(kept, bad)
  local ids, bots = kept.seats, kept.bots
  if ids == nil and bots == nil then return 0 end
  local ok = type(ids) == "table" and #ids > 1 and ids[#ids + 1] == nil and
    type(bots) == "table" and #bots == #ids and bots[#bots + 1] == nil
  for i = 1, ok and #ids or 0 do
    local b = bots[i]
    ok = ok and math.type(ids[i]) == "integer" and (b == false or type(b) == "table" and
      type(b.bot) == "string" and type(b.memory) == "table")
  end
  if not ok then bad("has damaged seats") end
  return #ids
end

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
      not (type(kept.seats_seen) == "table" or type(kept.seen) == "table") or
      not list(kept.messages) then
    bad("is not a session")
  end
  local log = kept.log
  if type(log) ~= "table" or #log ~= kept.beats or not list(log) then
    bad("does not hold a beat of its log for each of its %d beats", kept.beats)
  end
  local seats = check_seats(kept, bad)
  for beat = 1, kept.beats do
    local e = log[beat]
    if not (an_entry_input(e) and (e.seats == nil or seat_inputs(e.seats, seats))) or
        type(e.sum) ~= "string" or not int(e.floor, 1) or
        math.type(e.hp) ~= "integer" or not (e.x == false or math.type(e.x) == "integer") or
        not (e.y == false or math.type(e.y) == "integer") then
      bad("has a damaged log at beat %d", beat)
    end
  end
  if kept.beats > 0 and log[kept.beats].sum ~= saved.checksum then
    bad("came to checksum %s at its last beat, not to the world's %s: it is another game's",
      log[kept.beats].sum, saved.checksum)
  end
  check_waiting(kept.waiting, bad)
  if not (kept.named == nil or int(kept.named, 1)) then bad("has a damaged count of names") end
  if not (kept.trusted == nil or strings(kept.trusted)) then
    bad("has a damaged list of the packs trusted")
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

-- Resumes a game from saves.state's table into a new world; returns the session, made by
-- fresh(game, seed), and what waited for the player. Refuses packs that differ, naming how,
-- a session that is not the world's, and a save whose world does not come to its checksum.
function saves.resume(saved, make_world, fresh)
  packs.check_identities(saved.packs)
  local kept = data.decode(saved.session, "the save's session part")
  check_kept(kept, saved)
  local game = define.find("game", kept.game)
  make_world(game.def.width, game.def.height, saved.seed)
  local w = host.world()
  local state = { world = data.decode(saved.world, "the save's world part"), entities = {},
    named = kept.named }
  for _, e in ipairs(saved.entities) do
    state.entities[e.id] = data.decode(e.data, "the save's data of entity " .. e.id)
  end
  local data_text = data.encode(state)
  host.restore_parts(saved.core, data_text)
  local s = fresh(game, saved.seed)
  checkpoints.put_back(s, kept)
  s.log, s.checkpoints = kept.log, kept.checkpoints
  -- What each seat remembers of each floor (seats.memory); a save from before the seats
  -- remembered apart has one memory, `seen`, which was the first seat's.
  s.seen = kept.seats_seen or { [1] = kept.seen }
  if w:checksum() ~= saved.checksum then
    error(string.format("the save is damaged: its world comes to checksum %s, not the %s " ..
      "it was saved with", w:checksum(), saved.checksum), 0)
  end
  return s, kept.waiting
end

return saves
