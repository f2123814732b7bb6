-- replay.lua: a game as a replay - the text `--record FILE` writes - and playing one back.
--
-- A replay is lines of text, so that a person can read it and a diff can compare two:
--   cairn-replay 2
--   cairn 0.1.0
--   game base:dungeon
--   seed 42
--   pack base 0.1.0 3f9c0d0e5a7b1c2d /path/to/content/base    (id, version, content hash, folder)
--   trust base crypt                                          (format 4: the packs trusted)
--   beat 1 attack_dig_move e sum=0123456789abcdef floor=1 at=3,4 hp=6
--   beat 2 none - sum=... floor=1 at=3,4 hp=6                 (at=- when there is no player)
--   beat 3 !base:throw item=2;target=#41 sum=... floor=1 at=3,4 hp=6   (a choice, answers)
--   beat 4 move e sum=... floor=1 at=3,4 hp=6 s2=!base:wait/- s3=-   (format 5: seats 2, 3)
--   end won                                                   (playing, won, died or lost)
-- Each beat line is the player's input for that beat - an action and a direction, or "!"
-- and a choice's full name with its answers as the log keeps them ("-" for none) - and
-- what the world came to after it. In a game of several seats, the input is the first
-- seat's, and each other seat's follows the fields as sN=ACTION/DIR or sN=!CHOICE/ANSWERS
-- ("-" for a seat that gave none). What the world came to is:
-- its checksum, the floor, the player's cell and hp. Playing back gives the same inputs to a
-- game started the same way and compares every field, beat by beat, then the end line with
-- how the game stands.
--
-- The recorder writes every line whole, newline included, in that order, and nothing after
-- the end line; the parser holds a text to exactly that. A replay is read from files that may
-- be damaged or hostile, so it is checked before anything is played: a bad line fails with
-- its number, and a last line without its newline was cut short and is not read at all (a
-- cut "hp=12" would read as "hp=1").
local host = require("cairn.host")
local packs = require("lua.packs")
local seats = require("session.seats")
local session = require("session.flow")
local util = require("lua.util")
local view = require("session.view")
local replay = {}

local FORMAT = 2
-- What reads: format 1 had no choices; format 3 is 2 with the answers given inside a beat
-- (`mid=`, cards' triggers and enemies' abilities answered by a bot), written only by a game
-- that has some, so that every other replay stays readable by older versions; format 4 is 3
-- with a trust line, written only by a game whose trust was not the default one (the bundled
-- packs trusted, and only they). What was trusted never changes the game: it is recorded,
-- and never compared. Format 5 is 4 with the inputs of every seat of a game of several
-- seats (sN=), written only by such a game (its trust line as format 4 has it).
local FORMATS = { ["1"] = true, ["2"] = true, ["3"] = true, ["4"] = true, ["5"] = true }
local NEWEST = 5
-- One answer of a beat's mid=: name=value, the parts joined by ';'.
local MID_PART = "^[%a_][%w_]*=[^;%s]*$"
-- Longer than any line the recorder writes (a pack's folder is at most PATH_MAX, 4096 bytes):
-- past it a line is not a replay's, and is refused before any pattern looks at it.
local LINE_MAX = 8192
local ENDS = { playing = true, won = true, died = true, lost = true }
local PACK_ID = "^[a-z][a-z0-9_]*$"
local NAME = "^[%a_][%w_%.%-]*$" -- a definition's name (define.lua)
local DIR_WORD = "^[%a_][%w_]*$"

-- The inputs of seats 2 and on, as a beat line ends with them (" s2=... s3=..."), or "".
local function seat_inputs(list)
  local out = {}
  for i = 2, list and #list or 0 do
    local given = list[i]
    local text = "-"
    if given and given.choice then
      text = "!" .. given.choice .. "/" .. given.answers
    elseif given then
      text = given.action .. "/" .. (given.dir or "-")
    end
    out[#out + 1] = string.format(" s%d=%s", i, text)
  end
  return table.concat(out)
end

-- The game under way as a replay's text.
function replay.text()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  local format = FORMAT
  for beat = 1, s.beats do
    if s.log[beat].mid then format = 3 end
  end
  if not packs.trust_is_default() then format = 4 end
  for beat = 1, s.beats do
    if s.log[beat].seats then format = 5 end
  end
  local lines = {
    "cairn-replay " .. format,
    "cairn " .. host.version,
    "game " .. s.game.pack.id .. ":" .. s.game.def.name,
    "seed " .. tostring(s.seed),
  }
  local dirs = {}
  for _, p in ipairs(packs.order) do dirs[p.id] = util.absolute(p.dir) end
  for _, p in ipairs(packs.identities()) do
    lines[#lines + 1] = string.format("pack %s %s %s %s", p.id, p.version, p.hash, dirs[p.id])
  end
  if format >= 4 and not packs.trust_is_default() then
    local trusted = packs.trusted()
    lines[#lines + 1] = "trust " .. (#trusted > 0 and table.concat(trusted, " ") or "-")
  end
  for beat = 1, s.beats do
    local e = s.log[beat]
    local what, how = e.action, e.dir or "-"
    if e.choice then what, how = "!" .. e.choice, e.answers end
    lines[#lines + 1] = string.format("beat %d %s %s sum=%s floor=%d at=%s hp=%d%s%s", beat,
      what, how, e.sum, e.floor, e.x and (e.x .. "," .. e.y) or "-", e.hp,
      seat_inputs(e.seats), e.mid and (" mid=" .. e.mid) or "")
  end
  lines[#lines + 1] = "end " .. (s.ended or "playing")
  return table.concat(lines, "\n") .. "\n"
end

-- Reading ---------------------------------------------------------------------------------------

-- A piece of a line fit to quote in a message: at most 40 bytes, anything but printable
-- ASCII written as \NNN, so that no byte of a damaged file reaches the terminal.
local function quote(s)
  local shown = s:sub(1, 40):gsub("[^ -~]", function(c) return "\\" .. c:byte() end)
  return "'" .. shown .. (#s > 40 and "...'" or "'")
end

-- A whole number written plainly - digits, with a leading minus when `signed` - that an
-- integer holds exactly; nil for anything else ("1e3", "0x10", " 7", 2^64).
local function whole(s, signed)
  if not s:match(signed and "^%-?%d+$" or "^%d+$") or #s > 20 then return nil end
  return math.tointeger(tonumber(s))
end

-- The fields of a beat line after its input, in the order the recorder writes them.
local FIELDS = { "sum", "floor", "at", "hp" }
local BEAT_SHAPE = "a beat is 'beat N ACTION DIR sum=... floor=... at=X,Y hp=...'"
local BEAT = "^(%S+) (%S+) (%S+) sum=(%S*) floor=(%S*) at=(%S*) hp=(%S*)$"

-- Fails saying what keeps `rest` from being a beat's shape (BEAT): the first field that is
-- missing or out of place, or the shape itself.
local function beat_shape(rest, fail)
  local words = {}
  for w in rest:gmatch("[^ ]+") do words[#words + 1] = w end
  if #words ~= 3 + #FIELDS then fail(BEAT_SHAPE) end
  for i, key in ipairs(FIELDS) do
    if words[3 + i]:match("^[^=]*") ~= key then
      fail(string.format("the beat's field %d is %s, where %s=... belongs", i,
        quote(words[3 + i]), key))
    end
  end
  fail(BEAT_SHAPE)
end

-- One input: an action and a direction ("-" for none), or "!" and a choice's full name with
-- its answers ("-" for none).
local function parse_input(action, dir, fail)
  local choice = action:match("^!(.*)$")
  if choice then
    local pack, name = choice:match("^([^:]*):(.*)$")
    if not (pack and pack:match(PACK_ID) and name:match(NAME)) then
      fail("a choice is '!' and its full name (pack:name), not " .. quote(action))
    end
    for part in (dir ~= "-" and dir .. ";" or ""):gmatch("([^;]*);") do
      if not part:match("^[%a_][%w_]*=.") then
        fail("a choice's answers are name=value;... or -, not " .. quote(dir))
      end
    end
    return { choice = choice, answers = dir }
  end
  if not action:match(NAME) then fail("the action is a name, not " .. quote(action)) end
  if dir ~= "-" and not dir:match(DIR_WORD) then
    fail("the direction is a name or -, not " .. quote(dir))
  end
  return { action = action, dir = dir ~= "-" and dir }
end

-- Format 5: the inputs of seats 2 and on at the end of a beat line (before mid=), taken off
-- it: the line's rest, and the inputs by seat (false for none; the first left for the line's
-- own), or nil when it has none.
local function seat_tail(rest, fail)
  local tail = {}
  while true do
    local before, seat, text = rest:match("^(.*) s(%d+)=(%S*)$")
    if not before then break end
    table.insert(tail, 1, { seat = seat, text = text })
    rest = before
  end
  if #tail == 0 then return rest, nil end
  local list = {}
  for i, t in ipairs(tail) do
    if whole(t.seat) ~= i + 1 then
      fail(string.format("seat %d's input was expected here, not seat %s's", i + 1, quote(t.seat)))
    end
    if t.text == "-" then
      list[i + 1] = false
    else
      local action, dir = t.text:match("^([^/]+)/(.+)$")
      if not action then
        fail("a seat's input is ACTION/DIR, !CHOICE/ANSWERS or -, not " .. quote(t.text))
      end
      list[i + 1] = parse_input(action, dir, fail)
    end
  end
  return rest, list
end

-- A beat line after "beat ", checked field by field. One match splits it, so that reading a
-- long replay costs little more than the bytes it holds.
local function parse_beat(rest, n, line, fail)
  -- format 3: the answers given inside the beat, last
  local mid
  local before, tail = rest:match("^(.*) mid=(%S*)$")
  if before then
    for part in (tail .. ";"):gmatch("([^;]*);") do
      if not part:match(MID_PART) then
        fail("mid is the answers given inside the beat, name=value;..., not " .. quote(tail))
      end
    end
    rest, mid = before, tail
  end
  local others
  rest, others = seat_tail(rest, fail)
  local beat, action, dir, sum, floor, at, hp = rest:match(BEAT)
  if not beat then beat_shape(rest, fail) end
  if whole(beat) ~= n then fail(string.format("beat %d was expected here, not %s", n, quote(beat))) end
  local e = { line = line, sum = sum, floor = whole(floor), hp = whole(hp, true), x = false,
    y = false, mid = mid }
  local given = parse_input(action, dir, fail)
  e.action, e.dir, e.choice, e.answers = given.action, given.dir, given.choice, given.answers
  if others then
    others[1] = given
    e.seats = others
  end
  if not (#sum == 16 and sum:match("^[0-9a-f]+$")) then
    fail("sum is the world's checksum, 16 hex digits, not " .. quote(sum))
  end
  if not e.floor or e.floor < 1 then fail("floor is a whole number from 1, not " .. quote(floor)) end
  if not e.hp then fail("hp is a whole number, not " .. quote(hp)) end
  if at ~= "-" then
    local x, y = at:match("^(%d+),(%d+)$")
    e.x, e.y = x and whole(x), y and whole(y)
    if not (e.x and e.y) then fail("at is the player's cell X,Y or -, not " .. quote(at)) end
  end
  return e
end

local function parse_pack(r, rest, fail)
  local id, version, hash, dir = rest:match("^(%S+) (%S+) (%S+) (.+)$")
  if not id then fail("a pack is 'pack ID VERSION HASH FOLDER'") end
  if not id:match(PACK_ID) or #id > 24 then fail("the pack id " .. quote(id) .. " is not a pack id") end
  if not util.version(version) then fail("the version of pack '" .. id .. "' is not MAJOR.MINOR.PATCH") end
  if not (#hash == 16 and hash:match("^[0-9a-f]+$")) then
    fail("the content hash of pack '" .. id .. "' is 16 hex digits, not " .. quote(hash))
  end
  local first = r.pack_lines[id]
  if first then fail(string.format("pack '%s' is named twice (line %d first)", id, first)) end
  r.pack_lines[id] = r.n
  r.packs[#r.packs + 1] = { id = id, version = version, hash = hash, dir = dir }
end

-- What each header line holds, checked; a header line comes once, before the beats.
local header = {
  cairn = function(r, rest, fail)
    if not util.version(rest) then fail("cairn is the version that made the replay, as 0.1.0") end
    r.cairn = rest
  end,
  game = function(r, rest, fail)
    local pack, name = rest:match("^([^:]+):(.+)$")
    if not (pack and pack:match(PACK_ID) and name:match(NAME)) then
      fail("a game is 'game PACK:NAME', not " .. quote(rest))
    end
    r.game, r.game_pack = rest, pack
  end,
  seed = function(r, rest, fail)
    r.seed = whole(rest, true)
    if not r.seed then fail("the seed is a whole number, not " .. quote(rest)) end
  end,
  trust = function(r, rest, fail)
    if r.format < 4 then fail("a trust line belongs to a replay of format 4 or later") end
    r.trusted = {}
    if rest == "-" then return end
    for id in rest:gmatch("[^ ]+") do
      if not id:match(PACK_ID) then fail("the pack id " .. quote(id) .. " is not a pack id") end
      r.trusted[#r.trusted + 1] = id
    end
    if #r.trusted == 0 then fail("trust is the ids of the packs trusted, or -") end
  end,
}

-- After the header, before the first beat: everything a game needs to start is there.
local function header_done(r, fail)
  for _, key in ipairs({ "cairn", "game", "seed" }) do
    if r[key] == nil then fail("the replay has no '" .. key .. "' line before its beats") end
  end
  if #r.packs == 0 then fail("the replay names no pack before its beats") end
  for _, p in ipairs(r.packs) do
    if p.id == r.game_pack then return end
  end
  fail(string.format("the game '%s' is of pack '%s', which the replay does not name", r.game,
    r.game_pack))
end

-- One line of the text; `r.n` is its number.
local function parse_line(r, line)
  local n = r.n
  local function fail(what) error(string.format("replay line %d: %s", n, what), 0) end
  if #line > LINE_MAX then fail(string.format("the line is %d bytes long: no replay line is", #line)) end
  if r.ended_line then
    fail(string.format("nothing may follow the end line (line %d)", r.ended_line))
  end
  if n == 1 then
    local format = line:match("^cairn%-replay (%d+)$")
    if format and not FORMATS[format] and #format < 10 and tonumber(format) > NEWEST then
      fail(string.format("the replay is of format %s, newer than this cairn %s reads (1 to " ..
        "%d): play it with the cairn that recorded it (its line 2) or a later one", format,
        host.version, NEWEST))
    end
    if not FORMATS[format or ""] then
      fail(string.format("this is not a cairn replay of format 1 to %d (it starts %s)", NEWEST,
        quote(line)))
    end
    r.format = tonumber(format)
    return
  end
  local word, rest = line:match("^(%S*) ?(.*)$")
  if header[word] then
    if r.beats_line then fail("the " .. word .. " line belongs before the beats") end
    if r.seen[word] then fail(string.format("a second %s line (line %d first)", word, r.seen[word])) end
    r.seen[word] = n
    header[word](r, rest, fail)
  elseif word == "pack" then
    if r.beats_line then fail("the pack lines belong before the beats") end
    parse_pack(r, rest, fail)
  elseif word == "beat" then
    if not r.beats_line then
      header_done(r, fail)
      r.beats_line = n
    end
    r.beats[#r.beats + 1] = parse_beat(rest, #r.beats + 1, n, fail)
  elseif word == "end" then
    if not ENDS[rest] then fail("the end is playing, won, died or lost, not " .. quote(rest)) end
    if not r.beats_line then header_done(r, fail) end
    r.ended, r.ended_line = rest, n
  elseif line == "" then
    fail("a blank line: a replay has none")
  else
    fail("a line starts with cairn, game, seed, pack, trust, beat or end, not " ..
      quote(line:match("^%S*")))
  end
end

-- Raises for a last line that the file ends inside (`r.cut`) where that cannot be read as a
-- replay stopping early: in the first line, in the header, after the end line.
local function check_cut(r)
  local at, line = r.cut, r.cut_text
  if at == 1 and ("cairn-replay " .. FORMAT):sub(1, #line) ~= line then
    error(string.format("replay line 1: this is not a cairn replay of format 1 to %d (it " ..
      "starts %s)", NEWEST, quote(line)), 0)
  elseif r.ended_line then
    error(string.format("replay line %d: nothing may follow the end line (line %d)", at,
      r.ended_line), 0)
  elseif not r.beats_line then
    error(string.format("replay line %d: the replay is cut short in its header (the file " ..
      "ends inside this line)", at), 0)
  end
end

-- The replay's parts; raises "replay line N: what is wrong". A last line without its newline
-- is left unread and its number kept as `cut`.
function replay.parse(text)
  local bad = text:find("[\0-\9\11-\31\127]")
  if bad then
    local line, column = 1, bad
    for nl in text:sub(1, bad):gmatch("()\n") do line, column = line + 1, bad - nl end
    error(string.format("replay line %d: byte %d is a control character (\\%d): a replay is " ..
      "plain text", line, column, text:byte(bad)), 0)
  end
  local r = { packs = {}, pack_lines = {}, beats = {}, seen = {}, n = 0 }
  -- One pass over the text: the string functions are charged to the budget by the length of
  -- the strings they are given, so no call per line may be given the whole text.
  local at = 1
  for line, next_at in text:gmatch("([^\n]*)\n()") do
    r.n = r.n + 1
    parse_line(r, line)
    at = next_at
  end
  if at <= #text then
    r.n = r.n + 1
    r.cut, r.cut_text = r.n, text:sub(at, at + 63)
  end
  if r.n == 0 then error("replay line 1: the replay is empty", 0) end
  if r.cut then check_cut(r) end
  if not (r.beats_line or r.ended) then
    header_done(r, function(what) error(string.format("replay line %d: %s", r.n, what), 0) end)
  end
  return r
end

-- Packs -----------------------------------------------------------------------------------------

-- Whether dir is the folder of pack `id`: a pack's folder is named after its id.
local function is_pack(dir, id)
  return util.basename(dir) == id and util.is_file(dir .. "/pack.lua")
end

-- The pack folders given, by id; raises when one is no pack's folder or two share an id.
local function given_packs(folders)
  local by_id = {}
  for _, f in ipairs(folders) do
    local dir = util.absolute(f)
    local id = util.basename(dir)
    if not is_pack(dir, id) then error(string.format("%s holds no pack.lua: it is no pack's folder", f), 0) end
    if by_id[id] and by_id[id] ~= dir then
      error(string.format("two folders given for pack '%s': %s and %s", id, by_id[id], dir), 0)
    end
    by_id[id] = dir
  end
  return by_id
end

-- The folders the replay's packs that are not loaded yet load from, in the replay's order.
-- A pack is found by its id: among `folders` (pack folders, as --pack gives them), else at the
-- folder the replay recorded, which is only a hint: whichever it is, its content must hash to
-- what the replay recorded, or nothing of it is run. (The packs loaded already - the base
-- game - are checked by replay.start, with everything else.)
function replay.packs(text, folders)
  local r = replay.parse(text)
  local given = given_packs(folders or {})
  local dirs = {}
  for _, p in ipairs(r.packs) do
    if not packs.loaded[p.id] then
      local dir = given[p.id] or (is_pack(p.dir, p.id) and p.dir)
      if not dir then
        error(string.format("the replay needs pack '%s' %s, which is not loaded, not among " ..
          "the packs given and not in its recorded folder %s (give its folder with --pack)",
          p.id, p.version, quote(p.dir)), 0)
      end
      local hash = packs.content_hash(dir)
      if hash ~= p.hash then
        error(string.format("pack '%s' in %s is not the replay's: its content is %s, where " ..
          "the replay has %s", p.id, dir, hash, p.hash), 0)
      end
      dirs[#dirs + 1] = dir
    end
  end
  return dirs
end

-- Playing back ----------------------------------------------------------------------------------

local playing -- { r = the parsed replay, next = the next beat to play }

-- Starts the replay's game, after checking that the packs loaded are the ones it was made
-- with. Returns how many beats it has.
function replay.start(text)
  playing = nil
  local r = replay.parse(text)
  packs.check_identities(r.packs)
  session.start(r.game, r.seed)
  playing = { r = r, next = 1, session = session.current() }
  return #r.beats
end

-- A failure ends the replay under way: nothing after it can be verified.
local function refuse(fmt, ...)
  playing = nil
  error(string.format(fmt, ...), 0)
end

local function cell(e)
  return e.x and (e.x .. "," .. e.y) or "-"
end

local function where(e)
  return string.format("%s with %d hp on floor %d", e.x and cell(e) or "nowhere", e.hp, e.floor)
end

-- The fields of the beat's line that are not what the world came to, in words.
local function differences(got, e)
  local list = {}
  local function differs(field, now, then_)
    list[#list + 1] = string.format("%s is %s, where the replay has %s", field, now, then_)
  end
  if got.floor ~= e.floor then differs("floor", got.floor, e.floor) end
  if cell(got) ~= cell(e) then differs("at", cell(got), cell(e)) end
  if got.hp ~= e.hp then differs("hp", got.hp, e.hp) end
  return list
end

-- Raises "beat N differs from the replay: ..." unless what the world came to is the line's.
local function compare(got, e, beat)
  local list = differences(got, e)
  if got.sum == e.sum and #list == 0 then return end
  local facts
  if #list == 0 then
    facts = "the player is where the replay has it (" .. where(e) .. "): the difference is " ..
      "elsewhere in the world; sum (the world's checksum) is " .. got.sum ..
      ", where the replay has " .. e.sum
  elseif got.sum == e.sum then
    -- The checksum covers all of them: a line that agrees with it and not with the world
    -- contradicts itself.
    facts = table.concat(list, "; ") .. " (the world's checksum is the recorded one: the " ..
      "line contradicts itself)"
  else
    list[#list + 1] = "sum (the world's checksum) is " .. got.sum .. ", where the replay has " ..
      e.sum
    facts = table.concat(list, "; ")
  end
  local made_by = playing.r.cairn
  if made_by ~= host.version then
    facts = string.format("%s (the replay was recorded by cairn %s, this is cairn %s)", facts,
      made_by, host.version)
  end
  refuse("beat %d differs from the replay: %s", beat, facts)
end

-- Gives the beat's recorded input; an input the game refuses is the replay's fault.
local function give(e, beat)
  if e.action == "none" and not e.dir and not e.mid and not e.seats then return end
  local ok, err = pcall(session.give, e)
  if not ok then
    refuse("replay line %d: the input of beat %d (%s %s) is refused: %s", e.line, beat,
      e.choice and ("!" .. e.choice) or e.action, e.answers or e.dir or "-", tostring(err))
  end
end

-- Plays the next beat. Returns true when it was the last, or raises "beat N differs: ...".
function replay.step()
  local e = playing and playing.r.beats[playing.next]
  if not e then error("no replay is under way, or it has no beats left", 0) end
  local beat = playing.next
  playing.next = beat + 1
  local s = session.current()
  if s ~= playing.session then refuse("the replay's game was replaced by another") end
  if s.ended then
    refuse("replay line %d: beat %d comes after the game ended ('%s' at beat %d)", e.line, beat,
      s.ended, s.beats)
  end
  give(e, beat)
  session.step()
  -- Beats played by others in between (cairn_session_step) would compare the wrong entry.
  if s.beats ~= beat then refuse("the replay's game was played on outside the replay") end
  compare(s.log[beat], e, beat)
  return playing.next > #playing.r.beats
end

-- Playing again on other content ---------------------------------------------------------------
--
-- `cairn play --watch` loads changed packs into a new host and plays the game's inputs again
-- on it, from this text of the game (the old host's). Nothing is checked against the packs the
-- text names: the content is meant to differ. Where a replay verifies and stops at the first
-- difference, a rerun goes on, reporting each beat's checksum against the text's, for as long
-- as the inputs can be given: the player keeps the game the new content makes of them.

-- Each seat's memory of the map is made as a front end shows it the game, at the start and
-- after each beat: a game played again is looked at as often, so that every seat remembers
-- what it saw.
local function remember()
  local s, w = session.current(), host.world()
  for i = 1, seats.count(s) do
    local p = seats.entity(s, i)
    if p then view.remember(s, w, p) end
  end
end

-- Starts the text's game again on the content loaded. Returns how many beats it has.
function replay.rerun_start(text)
  playing = nil
  local r = replay.parse(text)
  session.start(r.game, r.seed)
  playing = { r = r, next = 1, session = session.current(), rerun = true }
  remember()
  return #r.beats
end

-- Plays the next beat again. Returns whether it came to the checksum the text has, and
-- whether the rerun is over; or, without a beat, false, true and why the inputs go no further
-- (the game ended sooner, or the content refuses an input). A content error raises, as a
-- beat's does.
function replay.rerun_step()
  local e = playing and playing.rerun and playing.r.beats[playing.next]
  if not e then error("no game is being played again, or it has no beats left", 0) end
  local beat = playing.next
  local s = session.current()
  if s ~= playing.session then refuse("the game played again was replaced by another") end
  if s.ended then
    playing = nil
    return false, true, string.format("the game ended ('%s') at beat %d", s.ended, s.beats)
  end
  local ok, err = pcall(session.give, e)
  if not ok then
    playing = nil
    return false, true, string.format("the input of beat %d (%s %s) is refused: %s", beat,
      e.choice and ("!" .. e.choice) or e.action, e.answers or e.dir or "-", tostring(err))
  end
  playing.next = beat + 1
  session.step()
  remember()
  local over = playing.next > #playing.r.beats
  if over then playing = nil end
  return s.log[beat].sum == e.sum, over
end

-- After the last beat: raises unless the game stands as the end line says. Returns nil when
-- the replay holds its whole game, else where and why it stops short.
function replay.finish()
  if not playing then error("no replay is under way", 0) end
  local r, beats = playing.r, #playing.r.beats
  if playing.next <= beats then
    error(string.format("the replay is not over: beat %d of %d is next", playing.next, beats), 0)
  end
  local s = session.current()
  if s ~= playing.session then refuse("the replay's game was replaced by another") end
  playing = nil -- finished, whatever the verdict
  local now = s.ended or "playing"
  if not r.ended then
    return string.format("the replay stops at beat %d, before its game ended: %s", beats,
      r.cut and string.format("line %d is cut short (the file ends inside it)", r.cut)
        or "it has no end line")
  elseif now == r.ended and now == "playing" then
    return string.format("the replay stops at beat %d, before its game ended: it was " ..
      "recorded while the game went on", beats)
  elseif now ~= r.ended then
    error(string.format("replay line %d: %s, where the replay has '%s'", r.ended_line,
      now == "playing" and string.format("the game goes on after beat %d", beats)
        or string.format("the game ended '%s' at beat %d", now, beats), r.ended), 0)
  end
  return nil
end

return replay
