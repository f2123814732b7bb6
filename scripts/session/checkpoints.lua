-- checkpoints.lua: the whole game (world and session) kept every CHECKPOINT_EVERY beats, and
-- undo: restore the last checkpoint before the beat to take back, then play the log's inputs
-- again up to it. What a checkpoint keeps of the session is also what a save keeps of it
-- (save/init.lua).
local data = require("lua.data")
local define = require("lua.define")
local host = require("cairn.host")
local prims = require("cairn.prims")
local checkpoints = {}

local CHECKPOINT_EVERY = 20
local CHECKPOINTS_KEPT = 10 -- so undo reaches at least 180 beats back

-- What a checkpoint or a save keeps of the session besides the world: the first seat's bot
-- (its name and memory) as `bot` and `memory`, and in a game of several seats, the seats
-- (their characters' ids) and every seat's bot, { bot =, memory = } or false, in `bots`.
function checkpoints.kept(s)
  local first = s.bots[1]
  local kept = {
    game = s.game.pack.id .. ":" .. s.game.def.name, seed = s.seed, floor = s.floor,
    floors = s.floors, beats = s.beats, ended = s.ended or false,
    bot = first and first.name or false, memory = first and first.memory or false,
    messages = s.messages,
  }
  if s.seats and #s.seats > 1 then
    kept.seats, kept.bots = s.seats, {}
    for i = 1, #s.seats do
      local b = s.bots[i]
      kept.bots[i] = b and { bot = b.name, memory = b.memory } or false
    end
  end
  return kept
end

local function capture(s)
  for i = 1, s.seats and #s.seats or 0 do
    local b = s.bots[i]
    local ok, err = pcall(data.encode, b and b.memory or false)
    if not ok then
      error(string.format("%s: bot '%s' keeps what a game cannot keep in its memory: %s",
        b.bot.where, b.bot.def.name, err), 0)
    end
  end
  return data.encode({ world = host.world():snapshot(), session = checkpoints.kept(s) })
end

local function bot_of(name, memory)
  if not name then return nil end
  return { bot = define.find("bot", name), name = name, memory = memory or {} }
end

-- Puts back into s what checkpoints.kept took from a session.
function checkpoints.put_back(s, kept)
  s.floor, s.floors, s.beats = kept.floor, kept.floors, kept.beats
  s.ended = kept.ended or nil
  s.bots = { bot_of(kept.bot, kept.memory) }
  for i, b in ipairs(kept.bots or {}) do s.bots[i] = b and bot_of(b.bot, b.memory) or nil end
  s.seats = kept.seats or s.seats
  s.messages = kept.messages
  s.pending = {}
end

-- Keeps the game as it is now, once per beat.
function checkpoints.add(s)
  local cps = s.checkpoints
  if cps[#cps] and cps[#cps].beat == s.beats then return end
  cps[#cps + 1] = { beat = s.beats, state = capture(s) }
  if #cps > CHECKPOINTS_KEPT then table.remove(cps, 1) end
end

-- Whether the beat just played is one to keep a checkpoint after.
function checkpoints.due(s)
  return s.beats % CHECKPOINT_EVERY == 0
end

-- Whether undo can take back the last beat: true, or false and why not.
function checkpoints.can_undo(s)
  local target = s.beats - 1
  if target < 0 then return false, "nothing to undo: no beat has been played" end
  local first = s.checkpoints[1]
  if not (first and first.beat <= target) then return false, "undo reaches no further back" end
  return true
end

-- Undo: the game as it was after the previous beat (checkpoints.back_to).
function checkpoints.undo(s, play_again)
  local ok, why = checkpoints.can_undo(s)
  if not ok then return false, why end
  return checkpoints.back_to(s, s.beats - 1, play_again)
end

-- The game as it was after beat `target`: the last checkpoint at or before it, then the log's
-- inputs again up to it; the log after it goes. Each beat played again must come to the
-- checksum it came to the first time: a difference means content keeps state the world does
-- not (outside e.data and w.data), and is told. play_again(entry) plays one beat of the log
-- again. Returns true, or false and why not (the game, its checkpoints too, as it was).
function checkpoints.back_to(s, target, play_again)
  local cps = s.checkpoints
  local last = #cps
  while cps[last] and cps[last].beat > target do last = last - 1 end
  local cp = cps[last]
  if not cp then return false, "undo reaches no further back" end
  for i = #cps, last + 1, -1 do cps[i] = nil end
  local log = s.log
  local ok, state = pcall(data.decode, cp.state)
  if not ok then
    if prims.limit() then error(prims.limit(), 0) end
    return false, string.format("undo cannot go back: the checkpoint of beat %d is damaged " ..
      "(%s)", cp.beat, state)
  end
  host.world():restore(state.world)
  checkpoints.put_back(s, state.session)
  for beat = cp.beat + 1, target do
    local first = log[beat]
    play_again(first)
    if log[beat].sum ~= first.sum then
      error(string.format("undo: beat %d came out differently when played again (checksum " ..
        "%s, first %s): does content keep state outside e.data and w.data?", beat,
        log[beat].sum, first.sum), 0)
    end
  end
  for beat = target + 1, #log do log[beat] = nil end
  return true
end

return checkpoints
