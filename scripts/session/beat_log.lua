-- beat_log.lua: what `cairn sim --log` prints of a game as it goes, so that a pack's author
-- sees that its enemies and items turned up and its cards were played without reading a
-- trace: a line for each entity spawned (not the floor and walls a floor is made of), from
-- the beat's history, and a line for each thing a library says was played (scripts/cards:
-- each card played and ability cast), each line beginning with the beat it happened in.
-- Nothing is noted until the log is started, so a game that is not logged pays nothing.
local compile = require("lua.compile")
local flow = require("session.flow")
local host = require("cairn.host")
local beat_log = {}

-- Extension point: what a library reports, { start = function(note) }: start is called once
-- when the log starts, and the library calls note(line) from then on for each thing played.
local sources = {}
local started = false
local noted = {}

function beat_log.add_source(source)
  sources[#sources + 1] = source
end

local function note(line)
  noted[#noted + 1] = line
end

-- What was noted outside the game's own beats (a bot looking ahead) is not the game's: the
-- notes start again with each beat.
local function clear()
  for i = #noted, 1, -1 do noted[i] = nil end
end

-- Starts noting; the lines come from beat_log.lines.
function beat_log.start()
  if started then return end
  started = true
  flow.add_beat_part({ before = clear, after = function() end, abort = clear })
  for _, source in ipairs(sources) do source.start(note) end
end

-- How the log names an entity: its type and id (`base:skeleton#16777220`), which a trace and
-- its page name it by too.
function beat_log.name(e)
  if not e then return "nothing" end
  return string.format("%s#%d", e.type, e.id)
end

local SCENERY = { floor = true, wall = true }

-- The lines of what the history holds now (everything since the last beat began: that beat,
-- and a floor made after it) and of what was noted since the last call, as one text, each
-- line ending with a newline; "" for none.
function beat_log.lines()
  local s = flow.current()
  local prefix = string.format("beat %d: ", s and s.beats or 0)
  local out = {}
  for _, c in ipairs(host.world():history()) do
    local info = c.kind == "spawned" and compile.type_info(c.type)
    if info and not SCENERY[info.layer] then
      out[#out + 1] = string.format("%sspawned %s#%d at %d,%d", prefix, c.type, c.entity.id,
        c.to.x, c.to.y)
    end
  end
  for i, line in ipairs(noted) do
    out[#out + 1] = prefix .. line
    noted[i] = nil
  end
  return #out > 0 and table.concat(out, "\n") .. "\n" or ""
end

return beat_log
