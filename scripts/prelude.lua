-- prelude.lua: the runtime's own Lua, run first in every host with the host's primitives.
-- It loads the other scripts and returns the functions the C side calls: add_pack_path,
-- load_pack, make_world, the game_* and replay_* functions of a session, entity_data, check,
-- list_tests, run_test_file.
--
-- This code is trusted: it has the whole standard library and LuaFileSystem. Content never
-- sees it; content runs in the environments sandbox.lua builds.
local host = ...

local function script(name, ...)
  local path = host.scripts_dir .. "/" .. name .. ".lua"
  local chunk, err = loadfile(path, "t")
  if not chunk then error(err, 0) end
  return chunk(...)
end

-- What the scripts share: the host's primitives and the state of this host's content.
local ctx = {
  host = host,
  lfs = host.lfs,
  core = host.core,
  prims = host.sandbox,
  print = host.sandbox.print,
  problems = {},     -- "pack:path:line: message", in the order found (see take_problems)
  loaded = {},       -- pack id -> pack, as loaded
  pack_order = {},   -- packs in load order
}

-- Every problem found so far, as one message, clearing the list; nil when there is none.
function ctx.take_problems()
  if #ctx.problems == 0 then return nil end
  local text = table.concat(ctx.problems, "\n")
  ctx.problems = {}
  return text
end

-- The colours an entity may have (cairn.entity's color), as front ends know them.
ctx.color_names = {}
for _, c in ipairs({ "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white" }) do
  ctx.color_names[#ctx.color_names + 1] = c
  ctx.color_names[#ctx.color_names + 1] = "bright_" .. c
end
ctx.colors = {}
for _, c in ipairs(ctx.color_names) do ctx.colors[c] = true end

ctx.util = script("util", ctx)
ctx.sandbox = script("sandbox", ctx)
ctx.data = script("data", ctx)
ctx.define = script("define", ctx)
ctx.packs = script("packs", ctx)
ctx.compile = script("compile", ctx)
ctx.testing = script("testing", ctx)
ctx.narration = script("narration", ctx)
ctx.checkpoints = script("checkpoints", ctx)
ctx.saves = script("saves", ctx)
ctx.session = script("session", ctx)
ctx.view = script("view", ctx)
ctx.replay = script("replay", ctx)

local runtime = {}

local function fail_on_problems()
  local text = ctx.take_problems()
  if text then error(text, 0) end
end

function runtime.add_pack_path(dir)
  ctx.packs.add_path(dir)
end

function runtime.load_pack(dir)
  ctx.packs.load(dir)
  fail_on_problems()
end

function runtime.make_world(width, height, seed)
  ctx.compile.world(width, height, seed)
  if #ctx.problems > 0 then ctx.core.world_destroy() end -- no half-made world
  fail_on_problems()
end

-- A game: cairn sim and the front end start one, give inputs (or ask a bot) and step it.
function runtime.game_start(name, seed)
  ctx.session.start(name, seed, runtime.make_world)
end

function runtime.game_input(action, dir)
  ctx.session.input(action, dir ~= "" and dir or nil)
end

function runtime.game_bot(name)
  ctx.session.bot(name)
end

function runtime.game_step()
  return ctx.session.step()
end

function runtime.game_status()
  local s = ctx.session.current()
  if not s then error("no game has been started", 0) end
  return s.ended or "playing"
end

function runtime.game_undo()
  return ctx.session.undo()
end

function runtime.game_view()
  local s = ctx.session.current()
  if not s then error("no game has been started", 0) end
  local w = ctx.host.world()
  return ctx.view.build(s, w, w:players()[1])
end

function runtime.game_save_state()
  return ctx.session.save_state()
end

function runtime.game_resume(saved)
  ctx.session.resume(saved, runtime.make_world)
end

function runtime.game_record()
  local s = ctx.session.current()
  if not s then error("no game has been started", 0) end
  return ctx.replay.text(s)
end

function runtime.replay_packs(text, folders)
  return ctx.replay.packs(text, folders)
end

function runtime.replay_start(text)
  return ctx.replay.start(text, runtime.make_world)
end

function runtime.replay_step()
  return ctx.replay.step()
end

function runtime.replay_finish()
  return ctx.replay.finish()
end

-- The summary as lines "key: value", the keys padded to one width.
function runtime.game_summary(unfinished)
  local lines, width = ctx.session.summary(unfinished), 0
  for _, l in ipairs(lines) do width = math.max(width, #l[1]) end
  local out = {}
  for i, l in ipairs(lines) do
    out[i] = string.format("%-" .. (width + 1) .. "s %s", l[1] .. ":", l[2])
  end
  return table.concat(out, "\n") .. "\n"
end

function runtime.data_text()
  return ctx.data.text()
end

-- A snapshot's data, decoded and checked before the world is touched; then put back.
function runtime.data_decode(text)
  local ok, state = pcall(ctx.data.decode, text)
  if not ok or type(state) ~= "table" or type(state.world or {}) ~= "table" or
      type(state.entities or {}) ~= "table" then
    error("w:restore: the snapshot's data is " .. (ok and "not a world's data" or state), 0)
  end
  for id, t in pairs(state.entities or {}) do
    if math.type(id) ~= "integer" or type(t) ~= "table" then
      error("w:restore: the snapshot's data is not a world's data", 0)
    end
  end
  return state
end

function runtime.data_load(state)
  local w = ctx.host.world()
  ctx.data.load(state, function(id)
    local e = w:entity(id)
    return e and e.type
  end)
end

function runtime.entity_data(e)
  return ctx.data.of(e)
end

function runtime.world_data()
  return ctx.data.of_world()
end

-- cairn check DIR: every problem, one per line; returns their number.
function runtime.check(dir)
  ctx.packs.load(dir)
  if #ctx.problems == 0 or ctx.packs.loaded_any then
    ctx.compile.world(1, 1, 0)
  end
  local problems = ctx.problems
  ctx.problems = {}
  -- By file and line; a problem's first line is enough here (nothing ran but the files).
  local function place(p)
    local file, line = p:match("^([^:]+:[^:]+):(%d+):")
    return file or p, tonumber(line) or 0
  end
  local order = {}
  for i, p in ipairs(problems) do order[i] = { p = p, i = i } end
  table.sort(order, function(a, b)
    local fa, la = place(a.p)
    local fb, lb = place(b.p)
    if fa ~= fb then return fa < fb end
    if la ~= lb then return la < lb end
    return a.i < b.i
  end)
  for _, o in ipairs(order) do ctx.print((o.p:match("^[^\n]*"))) end
  return #problems
end

function runtime.list_tests(dirs)
  return ctx.testing.list(dirs)
end

-- Loads a test file; returns how many tests it declares. runtime.test_case(i) then gives
-- the i-th test's name and function, which the host calls with a budget of its own.
local cases = {}

function runtime.prepare_tests(file, pack_dir, chunk)
  cases = ctx.testing.prepare(file, pack_dir ~= "" and pack_dir or nil, chunk)
  return #cases
end

function runtime.test_case(i)
  return cases[i].name, cases[i].fn
end

return runtime
