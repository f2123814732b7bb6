-- testing.lua: scenario tests. A test file is content: it runs in its pack's environment
-- (or, outside a pack, in the pseudo-pack `scenario`) with a small library added:
--
--   test(name, fn [, { budget = n }])
--                          declares a test; the runner runs each in order, each in a fresh
--                          budget (n instructions when given), and reports it
--   scenario{ map = ..., legend = ..., seed = ... }
--                          makes a world from the definitions so far, sized and filled from
--                          an ASCII map; returns the world handle and what each character
--                          meant
--   render(w)              the world as a map, the way scenario reads one
--   game(name, {seed = n}) a game session (undo, preview) for tests and tools
--   expect.eq / truthy / falsy / error / limit / map / history
--
-- Maps: one character per cell, '.' or ' ' empty; any other character is the type whose
-- glyph it is (a legend entry wins: legend = { s = "skeleton" } or { s = { "floor", "skeleton" } }).
-- A test kit is always defined: test:player '@', test:wall '#', test:dirt '+'; a pack's type
-- with the same glyph wins over it (see glyph_table).
local compile = require("lua.compile")
local core = require("cairn.core")
local data = require("lua.data")
local define = require("lua.define")
local host = require("cairn.host")
local packs = require("lua.packs")
local prims = require("cairn.prims")
local problems = require("lua.problems")
local sandbox = require("lua.sandbox")
local session = require("session.flow")
local travel = require("session.travel")
local util = require("lua.util")
local view = require("session.view")
local testing = {}

local test_dir -- the folder of the test file being prepared: `use` looks for packs there

-- The layers a render shows, the first present winning.
local shown = { "projectile", "real", "item", "wall", "trap", "floor", "misc" }

local function lines_of(map)
  local lines = {}
  for line in (map .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  while #lines > 0 and lines[1]:match("^%s*$") do table.remove(lines, 1) end
  while #lines > 0 and lines[#lines]:match("^%s*$") do table.remove(lines) end
  local indent
  for _, line in ipairs(lines) do
    if not line:match("^%s*$") then
      local lead = #line:match("^ *")
      indent = indent and math.min(indent, lead) or lead
    end
  end
  for i, line in ipairs(lines) do lines[i] = line:sub((indent or 0) + 1):gsub("%s+$", "") end
  return lines
end

-- What each character of a map means, for a test of `pack`: the type with that glyph of the
-- test's own pack; else of another loaded pack, when only one has it; else the test kit's.
-- So one character has one meaning in a test, whatever the order packs were loaded in; and
-- with base loaded, '@' is base's player, not the kit's. Characters that two other packs
-- give to types are listed in the second table, with their types, for scenario to refuse
-- unless the legend says which.
local function glyph_table(pack)
  local by_glyph, rank, shared = {}, {}, {}
  for _, e in ipairs(define.record.entity) do
    local info = compile.type_info(e.name)
    local g = info and info.glyph
    if g then
      local r = e.pack.id == pack.id and 3 or e.pack.id == "test" and 1 or 2
      -- Within the test's own pack the last definition wins, as a test may redefine a type.
      if not rank[g] or r > rank[g] or (r == rank[g] and r ~= 2) then
        by_glyph[g], rank[g], shared[g] = e.name, r, nil
      elseif r == rank[g] then
        shared[g] = shared[g] or { by_glyph[g] }
        shared[g][#shared[g] + 1] = e.name
      end
    end
  end
  return by_glyph, shared
end

function testing.render(w)
  local rows = {}
  for y = 0, w.height - 1 do
    local row = {}
    for x = 0, w.width - 1 do
      local g = "."
      for _, layer in ipairs(shown) do
        local e = w:at(x, y, layer)
        if e then
          local info = compile.type_info(e.type)
          g = info and info.glyph or "?"
          break
        end
      end
      row[#row + 1] = g
    end
    rows[#rows + 1] = table.concat(row)
  end
  return table.concat(rows, "\n")
end

local function library(pack)
  local lib = {}

  function lib.scenario(opts)
    if type(opts) ~= "table" or type(opts.map) ~= "string" then
      error("scenario takes { map = \"...\", legend = {...}, seed = n }", 2)
    end
    local lines = lines_of(opts.map)
    local width = 1
    for y, line in ipairs(lines) do
      local n = utf8.len(line)
      if not n then error("map row " .. y .. " is not UTF-8 text", 2) end
      width = math.max(width, n)
    end
    local made, err = pcall(compile.world, width, math.max(1, #lines), opts.seed or 1)
    if not made then error(util.unplace(tostring(err)), 2) end
    local found = problems.take()
    if found then
      core.world_destroy()
      error("the definitions do not compile:\n" .. found, 2)
    end
    local w = host.world()
    local glyphs, shared = glyph_table(pack)
    for k, v in pairs(opts.legend or {}) do glyphs[k], shared[k] = v, nil end
    local used = {} -- character -> the full name of the type it spawned (a list when several)
    for y, line in ipairs(lines) do
      local x = 0
      for _, code in utf8.codes(line) do -- a glyph may be any one character
        x = x + 1
        local g = utf8.char(code)
        if g ~= "." and g ~= " " then
          local types = glyphs[g]
          if types == nil then
            error("map row " .. y .. ", column " .. x .. ": no type has the glyph '" .. g ..
              "' (give one in legend)", 2)
          elseif shared[g] then
            error("map row " .. y .. ", column " .. x .. ": '" .. g .. "' is the glyph of " ..
              table.concat(shared[g], " and ") .. ": say which in legend, as legend = { [\"" ..
              g .. "\"] = \"" .. shared[g][1] .. "\" }", 2)
          end
          if type(types) ~= "table" then types = { types } end
          local names = {}
          for i, name in ipairs(types) do
            local ok, full = pcall(compile.resolve, "type", name, pack)
            if not ok then error("map row " .. y .. ", column " .. x .. ": " .. full, 2) end
            w:spawn(full, x - 1, y - 1)
            names[i] = full
          end
          used[g] = #names == 1 and names[1] or names
        end
      end
    end
    -- What each character meant, so that a test can say (or see) which '@' it has.
    return w, used
  end

  lib.render = testing.render

  -- game(name, { seed = n }): a game session, as `cairn play` runs one, for tests and tools:
  -- g.world, g.beats, g.floor, g.ended; g:input(action, dir), g:choose(name, answers)
  -- (true, or false when the answers dropped it), g:choices(), g:bot(name), g:step([n]),
  -- g:undo() (true, or false and why), g:preview(action, dir) (the next beat's history),
  -- g:messages() (the message log, oldest first, as the play screen shows it), g:travel(x, y)
  -- and g:explore() (journeys, as the play screen's _ and o begin them), g:journey() (plays
  -- the journey begun to its end: why it stopped, and its beats), g:way(x, y) (the way a
  -- travel cursor on the map's cell draws: its cells as x, y pairs, and why there is none),
  -- g:describe(x, y) (what the targeting line says of the map's cell), g:places() (where the
  -- travel cursor's Tab goes, x, y pairs), g:pickup(rule) (what auto-explore picks up) and
  -- g:panel() (the side panel's lines, as the play screen has them).
  function lib.game(name, opts)
    opts = opts or {}
    local function make_world(width, height, seed)
      compile.world(width, height, seed)
      local found = problems.take()
      if found then
        core.world_destroy()
        error("the definitions do not compile:\n" .. found, 0)
      end
    end
    local ok, err = pcall(session.start, name, opts.seed or 1, make_world)
    if not ok then error(util.unplace(tostring(err)), 2) end
    local g = { world = host.world() }
    function g.input(_, action, dir) session.input(action, dir) end
    function g.choose(_, choice, answers)
      local done, result = pcall(session.choose, choice, answers)
      if not done then error(util.unplace(tostring(result)), 2) end
      return result
    end
    function g.choices() return session.choices() end
    function g.bot(_, bot) session.bot(bot) end
    function g.step(_, n)
      for _ = 1, n or 1 do
        if not session.step() then break end
      end
    end
    function g.undo() return session.undo() end
    function g.preview(_, action, dir) return session.preview(action, dir) end
    function g.travel(_, x, y)
      local went, why = pcall(travel.go, x, y)
      if not went then error(util.unplace(tostring(why)), 2) end
    end
    function g.explore()
      local went, why = pcall(travel.explore)
      if not went then error(util.unplace(tostring(why)), 2) end
    end
    function g.journey()
      local from = session.current().beats
      while true do
        local going, why = travel.step()
        if not going then return why, session.current().beats - from end
      end
    end
    function g.way(_, x, y)
      local _, _, cells, why = travel.way(x, y)
      return cells, why
    end
    function g.describe(_, x, y) return view.describe(x, y) end
    function g.places() return travel.places().cells end
    function g.panel() return view.build().panel end
    function g.pickup(_, rule) travel.set_pickup(rule) end
    function g.messages()
      local texts = {}
      for i, m in ipairs(session.current().messages) do texts[i] = m.text end
      return texts
    end
    local fields = { beats = true, floor = true, ended = true, seed = true }
    return setmetatable(g, { __index = function(_, k)
      if fields[k] then return session.current()[k] end
    end })
  end

  -- use(id): loads a pack by id (from beside the test file's folder, the pack path or the
  -- bundled content) so that a loose scenario file can test it. Before any scenario.
  function lib.use(id)
    if type(id) ~= "string" or not id:match("^[a-z][a-z0-9_]*$") then
      error("use takes a pack id (lower-case letters, digits and '_')", 2)
    end
    local found
    for _, d in ipairs(packs.search_path(test_dir or ".")) do
      if not found and util.is_file(d .. "/" .. id .. "/pack.lua") then found = d .. "/" .. id end
    end
    if not found then error("use: no pack '" .. id .. "' was found", 2) end
    packs.load(found)
    local trouble = problems.take()
    if trouble then error("use: pack '" .. id .. "' does not load:\n" .. trouble, 2) end
  end

  local expect = {}
  lib.expect = expect

  local function show(v)
    if type(v) == "string" then return string.format("%q", v) end
    if type(v) ~= "table" then return tostring(v) end
    local parts = {}
    for k, x in pairs(data.peek(v)) do parts[#parts + 1] = tostring(k) .. " = " .. show(x) end
    return "{ " .. table.concat(parts, ", ") .. " }"
  end

  local function same(a, b)
    a, b = data.peek(a), data.peek(b)
    if type(a) ~= "table" or type(b) ~= "table" then return a == b end
    for k, v in pairs(a) do if not same(v, b[k]) then return false end end
    for k in pairs(b) do if a[k] == nil then return false end end
    return true
  end

  local function fail(what, message)
    error((what and (what .. ": ") or "") .. message, 3)
  end

  -- eq: equal values (tables compared by content).
  function expect.eq(actual, expected, what)
    if not same(actual, expected) then
      fail(what, "expected " .. show(expected) .. ", got " .. show(actual))
    end
  end

  function expect.truthy(v, what)
    if not v then fail(what, "expected a true value, got " .. show(v)) end
  end

  function expect.falsy(v, what)
    if v then fail(what, "expected false or nil, got " .. show(v)) end
  end

  -- error(fn, text): fn must raise an error whose message contains text (plainly). Returns
  -- the message.
  function expect.error(fn, text, what)
    local ok, err = pcall(fn)
    if ok then fail(what, "expected an error" .. (text and (" containing '" .. text .. "'") or "")) end
    err = tostring(err)
    if text and not err:find(text, 1, true) then
      fail(what, "expected an error containing '" .. text .. "', got: " .. err)
    end
    return err
  end

  -- limit(fn, text): fn must overrun the instruction budget or the memory ceiling (which
  -- content cannot catch); the test then goes on with fresh limits. At most 8 per test file.
  local resets = 0
  function expect.limit(fn, text, what)
    if resets >= 8 then fail(what, "expect.limit may be used 8 times per test file at most") end
    local ok, message, overrun = prims.catch_limit(fn)
    local hit = overrun and message
    local err = message
    resets = resets + 1
    if ok or not hit then
      fail(what, "expected the budget or the memory limit to stop it" ..
        (ok and "" or (", but it failed with: " .. tostring(err))))
    end
    if text and not hit:find(text, 1, true) then
      fail(what, "expected an overrun saying '" .. text .. "', got: " .. hit)
    end
    return hit
  end

  -- history(w, changes): the current beat's history (w:history()) holds each of `changes`,
  -- in that order; other changes may come between, as a beat records more than a test
  -- cares about (steps, turns, stats). A change matches when every field given is equal:
  -- tables by content, `entity` and `other` as handles, or as a type's name (full or short).
  -- Returns the changes matched.
  local function field_matches(k, want, got)
    if (k == "entity" or k == "other") and type(want) == "string" then
      if got == nil then return false end
      local t = got.type
      return t == want or t:match(":(.*)$") == want
    end
    return same(got, want)
  end

  local function show_change(c)
    local parts = { c.kind }
    for _, k in ipairs({ "entity", "other" }) do
      if c[k] ~= nil then parts[#parts + 1] = k .. " = " .. tostring(c[k]) end
    end
    if c.from and c.to then
      parts[#parts + 1] = string.format("(%d, %d) -> (%d, %d)", c.from.x, c.from.y, c.to.x, c.to.y)
    end
    for _, k in ipairs({ "amount", "value", "stat", "status", "type", "facing", "was", "source",
      "sequence", "phase" }) do
      if c[k] ~= nil then parts[#parts + 1] = k .. " = " .. show(c[k]) end
    end
    return table.concat(parts, ", ")
  end

  function expect.history(w, changes, what)
    if type(changes) ~= "table" then fail(what, "expect.history takes the world and a list of changes") end
    local history, found, at = w:history(), {}, 1
    for i, want in ipairs(changes) do
      if type(want) ~= "table" then fail(what, "change " .. i .. " is not a table of fields") end
      local keys = {}
      for k in pairs(want) do keys[#keys + 1] = k end
      table.sort(keys) -- the message names the fields in one order
      local hit
      while not hit and at <= #history do
        local c = history[at]
        at = at + 1
        hit = c
        for _, k in ipairs(keys) do
          if not field_matches(k, want[k], c[k]) then hit = nil break end
        end
      end
      if not hit then
        local listed = {}
        for j, c in ipairs(history) do listed[j] = "  " .. j .. ". " .. show_change(c) end
        local wanted = {}
        for _, k in ipairs(keys) do wanted[#wanted + 1] = k .. " = " .. show(want[k]) end
        fail(what, "at beat " .. w.beat .. " no change { " .. table.concat(wanted, ", ") ..
          " }" .. (i > 1 and (" after change " .. (i - 1) .. " of the list") or "") ..
          "; the beat's history is\n" ..
          (#listed > 0 and table.concat(listed, "\n") or "  (nothing)"))
      end
      found[i] = hit
    end
    return found
  end

  -- map(w, map): the world looks like the map.
  function expect.map(w, map, what)
    local want = table.concat(lines_of(map), "\n")
    local got = testing.render(w)
    local function trim(s) return (s:gsub("%.+\n", "\n"):gsub("%.+$", "")) end
    if trim(want) ~= trim(got) then
      fail(what, "at beat " .. w.beat .. " the map is\n" .. got .. "\nbut should be\n" .. want)
    end
  end

  return lib
end

local kit_defined = false

-- The test kit, defined once per host before any pack.
local function define_kit()
  if kit_defined then return end
  kit_defined = true
  local cairn = define.module({ id = "test" })
  cairn.entity { name = "player", glyph = "@",
    decorators = { "PlayerControl", "Attacking", "Attackable", "Moving", "Displaceable",
      "WithHP", "Killable", "Statused" },
    stats = { hp = 10, team = 1 } }
  cairn.entity { name = "wall", glyph = "#", layer = "wall" }
  cairn.entity { name = "dirt", glyph = "+", layer = "wall", decorators = { "Diggable" } }
end

-- The tests of the file testing.prepare loaded last: { name, fn, budget }.
local cases = {}

-- Prepares a test file: loads its pack (when it has one: pack_dir not nil nor "") and runs
-- the file, collecting its tests. Returns how many it declares; testing.case(i) gives each.
-- Raises when the file or its pack does not load.
function testing.prepare(file, pack_dir, chunk)
  if pack_dir == "" then pack_dir = nil end
  cases = {}
  define_kit()
  test_dir = util.dirname(file)
  local pack
  if pack_dir then
    packs.load(pack_dir)
    pack = packs.loaded[util.basename(pack_dir:gsub("/+$", ""))]
  end
  local found = problems.take()
  if found then error(found, 0) end
  local lib = library(pack or { id = "scenario" })
  lib.test = function(name, fn, opts)
    if type(name) ~= "string" or type(fn) ~= "function" or (opts ~= nil and type(opts) ~= "table") then
      error("test takes a name, a function and maybe options ({ budget = n })", 2)
    end
    local budget = opts and opts.budget
    for k in pairs(opts or {}) do
      if k ~= "budget" then error("test: unknown option '" .. tostring(k) .. "' (budget)", 2) end
    end
    if budget ~= nil and (math.type(budget) ~= "integer" or budget < 1) then
      error("test: budget is a number of instructions, a whole number of 1 or more", 2)
    end
    cases[#cases + 1] = { name = name, fn = fn, budget = budget }
  end
  local env
  if pack then
    env = packs.env_of(pack, lib)
  else
    pack = packs.loose("scenario", lib)
    env = pack.env
  end
  local ok, err = sandbox.run_file(file, chunk, env)
  if not ok then error(err, 0) end
  found = problems.take()
  if found then error(found, 0) end
  return #cases
end

-- The i-th test of the file prepared: its name, function and budget (nil: the runtime's),
-- which the host calls with a budget of its own.
function testing.case(i)
  return cases[i].name, cases[i].fn, cases[i].budget
end

local function add_pack_tests(list, dir)
  local id = util.basename(dir)
  for _, f in ipairs(util.list_dir(dir .. "/tests")) do
    if f:match("%.lua$") then
      list[#list + 1] = { file = dir .. "/tests/" .. f, pack = dir, chunk = id .. ":tests/" .. f }
    end
  end
end

-- The test files of the folders given, in a stable order: a pack's tests/, or a folder's
-- *.lua. With none: the source tree's tests/scenarios (an installed runtime has none) and
-- every bundled pack.
function testing.list(dirs)
  local list = {}
  if #dirs == 0 then
    local root = host.source_dir
    dirs = {}
    if util.is_dir(root .. "/tests/scenarios") then dirs[1] = root .. "/tests/scenarios" end
    for _, top in ipairs({ root .. "/content", root .. "/content/examples" }) do
      for _, name in ipairs(util.list_dir(top)) do
        if util.is_file(top .. "/" .. name .. "/pack.lua") then dirs[#dirs + 1] = top .. "/" .. name end
      end
    end
  end
  for _, given in ipairs(dirs) do
    local dir = util.absolute(given)
    if util.is_file(dir .. "/pack.lua") then
      add_pack_tests(list, dir)
    elseif util.is_dir(dir) then
      -- A folder of test files, of packs, or both.
      for _, f in ipairs(util.list_dir(dir)) do
        if f:match("%.lua$") then
          list[#list + 1] = { file = dir .. "/" .. f, chunk = "scenario:" .. f }
        elseif util.is_file(dir .. "/" .. f .. "/pack.lua") then
          add_pack_tests(list, dir .. "/" .. f)
        end
      end
    elseif util.is_file(dir) and dir:match("%.lua$") then
      local parent = util.dirname(dir)
      if util.basename(parent) == "tests" and util.is_file(util.dirname(parent) .. "/pack.lua") then
        local pack = util.dirname(parent)
        list[#list + 1] = { file = dir, pack = pack,
          chunk = util.basename(pack) .. ":tests/" .. util.basename(dir) }
      else
        list[#list + 1] = { file = dir, chunk = "scenario:" .. util.basename(dir) }
      end
    else
      error("cairn test: no such folder or test file: " .. given, 0)
    end
  end
  return list
end

return testing
