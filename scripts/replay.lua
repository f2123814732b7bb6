-- replay.lua: a game as a replay - the text `--record FILE` writes - and playing one back.
--
-- A replay is lines of text, so that a person can read it and a diff can compare two:
--   cairn-replay 1
--   cairn 0.1.0
--   game base:dungeon
--   seed 42
--   pack base 0.1.0 3f9c0d0e5a7b1c2d /path/to/content/base    (id, version, content hash, folder)
--   beat 1 attack_dig_move e sum=0123456789abcdef floor=1 at=3,4 hp=6
--   beat 2 none - sum=... floor=1 at=3,4 hp=6                 (at=- when there is no player)
--   end won
-- Each beat line is the player's input for that beat and what the world came to after it:
-- its checksum, the floor, the player's cell and hp. Playing back gives the same inputs to a
-- game started the same way and compares, beat by beat.
local ctx = ...
local replay = {}

local FORMAT = 1

function replay.text(s)
  local lines = {
    "cairn-replay " .. FORMAT,
    "cairn " .. ctx.host.version,
    "game " .. s.game.pack.id .. ":" .. s.game.def.name,
    "seed " .. tostring(s.seed),
  }
  local dirs = {}
  for _, p in ipairs(ctx.pack_order) do dirs[p.id] = ctx.util.absolute(p.dir) end
  for _, p in ipairs(ctx.packs.identities()) do
    lines[#lines + 1] = string.format("pack %s %s %s %s", p.id, p.version, p.hash, dirs[p.id])
  end
  for beat = 1, s.beats do
    local e = s.log[beat]
    lines[#lines + 1] = string.format("beat %d %s %s sum=%s floor=%d at=%s hp=%d", beat,
      e.action, e.dir or "-", e.sum, e.floor, e.x and (e.x .. "," .. e.y) or "-", e.hp)
  end
  lines[#lines + 1] = "end " .. (s.ended or "playing")
  return table.concat(lines, "\n") .. "\n"
end

local function parse_beat(rest, n, fail)
  local beat, action, dir, fields = rest:match("^(%d+) (%S+) (%S+) (.*)$")
  if not beat then fail("a beat is 'beat N ACTION DIR sum=... floor=... at=X,Y hp=...'") end
  if tonumber(beat) ~= n then fail(string.format("beat %d was expected here", n)) end
  local e = { action = action, dir = dir ~= "-" and dir or false }
  for k, v in fields:gmatch("(%w+)=(%S+)") do e[k] = v end
  local x, y = (e.at or ""):match("^(%d+),(%d+)$")
  if not (e.sum and tonumber(e.floor) and e.at and tonumber(e.hp)) or (e.at ~= "-" and not x) then
    fail("a beat needs sum=, floor=, at= and hp=")
  end
  return { action = e.action, dir = e.dir, sum = e.sum, floor = tonumber(e.floor),
    x = tonumber(x) or false, y = tonumber(y) or false, hp = tonumber(e.hp) }
end

-- The replay's parts; raises "replay line N: what is wrong".
function replay.parse(text)
  local r = { packs = {}, beats = {} }
  local n = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local function fail(what) error(string.format("replay line %d: %s", n, what), 0) end
    local word, rest = line:match("^(%S+) ?(.*)$")
    if n == 1 then
      if line ~= "cairn-replay " .. FORMAT then
        fail("this is not a cairn replay of format " .. FORMAT .. " (it starts '" ..
          line:sub(1, 40) .. "')")
      end
    elseif word == "cairn" then
      r.cairn = rest
    elseif word == "game" then
      r.game = rest
    elseif word == "seed" then
      r.seed = math.tointeger(tonumber(rest))
      if not r.seed then fail("the seed is a whole number") end
    elseif word == "pack" then
      local id, version, hash, dir = rest:match("^(%S+) (%S+) (%x+) (.+)$")
      if not id then fail("a pack is 'pack ID VERSION HASH FOLDER'") end
      r.packs[#r.packs + 1] = { id = id, version = version, hash = hash, dir = dir }
    elseif word == "beat" then
      r.beats[#r.beats + 1] = parse_beat(rest, #r.beats + 1, fail)
    elseif word == "end" then
      r.ended = rest
    elseif line ~= "" then
      fail("a line starts with cairn, game, seed, pack, beat or end, not '" .. word .. "'")
    end
  end
  if not (r.game and r.seed) then error("the replay names no game or no seed", 0) end
  return r
end

local playing -- { r = the parsed replay, next = the next beat to play }

-- Starts the replay's game, after checking that the packs loaded are the ones it was made
-- with. Returns how many beats it has.
function replay.start(text, make_world)
  local r = replay.parse(text)
  if r.cairn ~= ctx.host.version then
    error(string.format("the replay was made by cairn %s; this is cairn %s, whose games may " ..
      "differ", tostring(r.cairn), ctx.host.version), 0)
  end
  ctx.packs.check_identities(r.packs)
  ctx.session.start(r.game, r.seed, make_world)
  playing = { r = r, next = 1 }
  return #r.beats
end

local function where(e)
  return string.format("%s with %d hp on floor %d", e.x and (e.x .. "," .. e.y) or "nowhere",
    e.hp, e.floor)
end

-- Plays the next beat. Returns true when it was the last, or raises "beat N differs: ...".
function replay.step()
  local e = playing and playing.r.beats[playing.next]
  if not e then error("no replay is under way, or it has no beats left", 0) end
  local beat = playing.next
  playing.next = beat + 1
  if e.action ~= "none" then ctx.session.input(e.action, e.dir or nil) end
  if not ctx.session.step() then
    error(string.format("beat %d: the game had ended before it", beat), 0)
  end
  local got = ctx.session.current().log[beat]
  if got.sum ~= e.sum then
    local facts = where(got) == where(e)
        and "the player is where the replay has it (" .. where(e) .. "): the difference is " ..
            "elsewhere in the world"
        or "the player is at " .. where(got) .. ", where the replay has " .. where(e)
    error(string.format("beat %d differs from the replay: %s; the world's checksum is %s, " ..
      "where the replay has %s", beat, facts, got.sum, e.sum), 0)
  end
  return playing.next > #playing.r.beats
end

-- The folders of the replay's packs that are not loaded yet (the base game is), in order.
function replay.packs(text)
  local dirs = {}
  for _, p in ipairs(replay.parse(text).packs) do
    if not ctx.loaded[p.id] then dirs[#dirs + 1] = p.dir end
  end
  return dirs
end

return replay
