-- prelude.lua: the runtime's own Lua, run first in every host with the host's primitives.
-- It loads the other scripts and returns the functions the C side calls: add_pack_path,
-- load_pack, make_world, the game_* and replay_* functions of a session, entity_data, check,
-- list_tests, run_test_file.
--
-- This code is trusted: it has the whole standard library and LuaFileSystem. Content never
-- sees it; content runs in the environments sandbox.lua builds.
local host = require("cairn.host")
local core, prims = require("cairn.core"), require("cairn.prims")
local problems = require("lua.problems")
local data = require("lua.data")
local define = require("lua.define")
local packs = require("lua.packs")
local choices = require("choices")
local abilities = require("cards.abilities")
local cards = require("cards.api")
define.set_fields("ability", abilities.FIELDS)
define.set_fields("card", abilities.CARD_FIELDS)
define.extras[#define.extras + 1] = { name = "resolve", make = cards.resolver }
define.extras[#define.extras + 1] = { name = "cards", make = cards.module }
local compile = require("lua.compile")
local session = require("session.flow")
local view = require("session.view")
local schedule = require("lua.schedule")
local travel = require("session.travel")
local testing = require("lua.testing")
local replay = require("session.replay")

local runtime = {}

local function fail_on_problems()
  local text = problems.take()
  if text then error(text, 0) end
end

-- Travel and auto-explore (cairn_session_travel_*): a journey a beat at a time.
function runtime.travel_way(x, y)
  return travel.way(x, y)
end

function runtime.travel_go(x, y)
  travel.go(x, y)
end

function runtime.travel_explore()
  travel.explore()
end

function runtime.travel_step()
  local going, why = travel.step()
  return going, why or "", travel.rest()
end

function runtime.travel_stop()
  travel.stop()
end

function runtime.travel_places()
  return { cells = travel.places() }
end

function runtime.travel_pickup(glyphs)
  travel.set_pickup(glyphs)
end

-- w:schedule's beats, on a copy of the world, and what they came to (runtime/lua/schedule.c).
runtime.schedule_run = schedule.run
runtime.schedule_finish = schedule.finish

function runtime.add_pack_path(dir)
  packs.add_path(dir)
end

function runtime.load_pack(dir)
  packs.load(dir)
  fail_on_problems()
end

function runtime.make_world(width, height, seed)
  compile.world(width, height, seed)
  if problems.count() > 0 then core.world_destroy() end -- no half-made world
  fail_on_problems()
end

-- The glyph and colour character of a type, for the maps of traces (runtime/lua/trace.c).
function runtime.type_look(name)
  local info = compile.type_info(name) or {}
  return info.glyph or "?", view.colors[info.color] or "."
end

-- A game: cairn sim and the front end start one, give inputs (or ask a bot) and step it.
function runtime.game_start(name, seed)
  session.start(name, seed, runtime.make_world)
end

function runtime.game_input(action, dir)
  session.input(action, dir ~= "" and dir or nil)
end

-- Choices, a prompt at a time (cairn_session_choices, _choose, _prompt, _answer, _cancel).
function runtime.game_choices()
  return session.choices()
end

function runtime.game_choose(name)
  session.begin(name)
end

-- The waiting prompt as front ends read it (cairn_prompt): the options' labels, and the
-- candidates' cells as one list x1, y1, x2, y2, ...; or nil and whether a choice is committed.
function runtime.game_prompt()
  local m, committed = session.prompt()
  if not m then return nil, committed end
  local out = { kind = m.kind, choice = m.label, name = m.name, text = m.text, min = m.min,
    max = m.max, among = m.among, x = m.x, y = m.y, range = m.range, area = m.area,
    cancel_costs = m.cancel_costs, options = {}, cells = {} }
  for i, o in ipairs(m.options or {}) do out.options[i] = o.label end
  for _, c in ipairs(m.cells or {}) do
    out.cells[#out.cells + 1], out.cells[#out.cells + 2] = c[1], c[2]
  end
  return out
end

function runtime.game_answer(text)
  session.answer(text)
end

function runtime.game_cancel()
  return session.cancel()
end

function runtime.game_interactive(on)
  session.set_interactive(on)
end

function runtime.game_auto_pass(on)
  session.set_auto_pass(on)
end

-- The frames with their cells flat: x, y pairs.
function runtime.game_frames()
  local out = {}
  for i, f in ipairs(session.frames()) do
    local cells = {}
    for _, c in ipairs(f.cells) do cells[#cells + 1], cells[#cells + 2] = c[1], c[2] end
    out[i] = { label = f.label, effect = f.effect, timed = f.timed, cells = cells,
      waiting = f.waiting, changes = f.changes }
  end
  return out
end

function runtime.game_describe(x, y)
  local s = session.current()
  if not s then error("no game has been started", 0) end
  return view.describe(s, host.world(), x, y)
end

function runtime.game_bot(name)
  session.bot(name)
end

function runtime.game_step()
  return session.step()
end

function runtime.game_status()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  return s.ended or "playing"
end

function runtime.game_undo()
  return session.undo()
end

function runtime.game_view()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  local w = host.world()
  return view.build(s, w, w:players()[1])
end

function runtime.game_save_state()
  return session.save_state()
end

function runtime.game_resume(saved)
  session.resume(saved, runtime.make_world)
end

function runtime.game_record()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  return replay.text(s)
end

function runtime.replay_packs(text, folders)
  return replay.packs(text, folders)
end

function runtime.replay_start(text)
  return replay.start(text, runtime.make_world)
end

function runtime.replay_step()
  return replay.step()
end

-- The front end's memory of the map is made as it looks at the start and after each beat: a
-- game played again is looked at as often, so that the player remembers what it saw.
local function remember()
  local w = host.world()
  view.remember(session.current(), w, w:players()[1])
end

function runtime.rerun_start(text)
  local beats = replay.rerun_start(text, runtime.make_world)
  remember()
  return beats
end

function runtime.rerun_step()
  local same, over, stopped = replay.rerun_step()
  if not stopped then remember() end
  return same, over, stopped
end

function runtime.replay_finish()
  return replay.finish()
end

-- The summary as lines "key: value", the keys padded to one width.
function runtime.game_summary(unfinished)
  local lines, width = session.summary(unfinished), 0
  for _, l in ipairs(lines) do width = math.max(width, #l[1]) end
  local out = {}
  for i, l in ipairs(lines) do
    out[i] = string.format("%-" .. (width + 1) .. "s %s", l[1] .. ":", l[2])
  end
  return table.concat(out, "\n") .. "\n"
end

function runtime.data_text(for_checksum)
  return data.text(for_checksum)
end

function runtime.data_encoded()
  return data.encoded()
end

-- A snapshot's data, decoded and checked before the world is touched; then put back.
function runtime.data_decode(text)
  local ok, state = pcall(data.decode, text)
  if not ok or type(state) ~= "table" or type(state.world or {}) ~= "table" or
      type(state.entities or {}) ~= "table" or
      not (state.named == nil or math.type(state.named) == "integer" and state.named > 0) then
    error("w:restore: the snapshot's data is " .. (ok and "not a world's data" or state), 0)
  end
  for id, t in pairs(state.entities or {}) do
    if math.type(id) ~= "integer" or type(t) ~= "table" then
      error("w:restore: the snapshot's data is not a world's data", 0)
    end
  end
  return state
end

-- Puts back a snapshot's data once its core is back. Data naming an entity the restored world
-- does not hold is refused; the world keeps the core it was given, with no data, so that it
-- can still be summed up and snapshot.
function runtime.data_load(state)
  local w = host.world()
  local missing
  for id in pairs(state.entities or {}) do
    if not w:entity(id) and (not missing or id < missing) then missing = id end
  end
  if missing then
    data.load({}, function() end)
    error("w:restore: the snapshot's data names entity " .. missing .. ", which its world " ..
      "does not hold; the world is left without data", 0)
  end
  data.load(state, function(id) return w:entity(id).type end)
end

-- e:choices() and e:choose(name, answers) (runtime/lua/entity.c).
function runtime.choices_of(e)
  return choices.list(e)
end

function runtime.choose(e, name, answers)
  return choices.choose(e, name, answers)
end

function runtime.entity_data(e)
  return data.of(e)
end

function runtime.world_data()
  return data.of_world()
end

-- cairn check DIR: every problem, one per line; returns their number.
function runtime.check(dir)
  packs.load(dir)
  if problems.count() == 0 or packs.loaded_any then
    compile.world(1, 1, 0)
    compile.lint()
  end
  local found = problems.take_list()
  -- By file and line; a problem's first line is enough here (nothing ran but the files).
  local function place(p)
    local file, line = p:match("^([^:]+:[^:]+):(%d+):")
    return file or p, tonumber(line) or 0
  end
  local order = {}
  for i, p in ipairs(found) do order[i] = { p = p, i = i } end
  table.sort(order, function(a, b)
    local fa, la = place(a.p)
    local fb, lb = place(b.p)
    if fa ~= fb then return fa < fb end
    if la ~= lb then return la < lb end
    return a.i < b.i
  end)
  for _, o in ipairs(order) do prims.print((o.p:match("^[^\n]*"))) end
  return #found
end

function runtime.list_tests(dirs)
  return testing.list(dirs)
end

-- Loads a test file; returns how many tests it declares. runtime.test_case(i) then gives
-- the i-th test's name, function and budget (nil: the runtime's), which the host calls with
-- a budget of its own.
local cases = {}

function runtime.prepare_tests(file, pack_dir, chunk)
  cases = testing.prepare(file, pack_dir ~= "" and pack_dir or nil, chunk)
  return #cases
end

function runtime.test_case(i)
  return cases[i].name, cases[i].fn, cases[i].budget
end

return runtime
