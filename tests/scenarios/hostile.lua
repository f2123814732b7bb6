-- Hostile content: each attempt fails with a clear error, and the runtime stays usable for
-- the next expectation. Budget and memory overruns cannot be caught by content's pcall;
-- only expect.limit can, at most 8 times per file (this file uses all 8).

-- After every stunt: the runtime still makes worlds and steps them.
local function still_usable()
  local w = scenario { map = [[
    ####
    #@.#
    ####
  ]] }
  local p = w:at(1, 1)
  p:input("move", "e")
  w:step()
  expect.eq(p.x, 2, "the runtime still works")
end

test("os, io, debug, package and the file loaders are not there", function()
  expect.eq({ os, io, debug, package, dofile, loadfile, collectgarbage, string.dump },
    {}, "all nil")
  expect.error(function() os.execute("echo hi") end, "attempt to index a nil value")
  expect.error(function() io.open("/etc/passwd") end, "attempt to index a nil value")
  expect.error(function() debug.sethook() end, "attempt to index a nil value")
  expect.error(function() package.loadlib("libc.so.6", "system") end, "attempt to index a nil value")
  expect.error(function() require("os") end, "require 'os'")
  still_usable()
end)

test("require never reaches the runtime's own modules, nor the host's primitives", function()
  -- the names the runtime's scripts require each other and the host's primitives by
  for _, name in ipairs({ "session.flow", "session.checkpoints", "lua.packs", "lua.util",
    "choices", "cards.api", "save", "prelude", "cairn.host", "cairn.core", "cairn.prims",
    "lfs" }) do
    local ok, err = pcall(require, name)
    expect.falsy(ok, name)
    expect.truthy(err:find("require '" .. name .. "'", 1, true), err)
  end
  still_usable()
end)

test("load refuses binary chunks and binary modes", function()
  local chunk, err = load("\27Lua\x54\0\x19\x93\r\n\x1a\n", "bin")
  expect.eq(chunk, nil)
  expect.truthy(err:find("attempt to load a binary chunk", 1, true), err)
  expect.error(function() load("return 1", "x", "b") end, "mode 'b' refused")
  expect.error(function() load("return 1", "x", "bt") end, "mode 'bt' refused")
  local bad, syntax = load("return +", "broken")
  expect.eq(bad, nil)
  expect.truthy(syntax:find("unexpected symbol", 1, true), syntax)
  expect.eq(load("return 1 + 1", "x", "t")(), 2, "text still loads")
  expect.eq(load("return os")(), nil, "and runs in the same sandbox")
  expect.eq(load("return x", "y", "t", { x = 5 })(), 5, "or in an environment it is given")
  still_usable()
end)

test("a loaded chunk is named as its own pack's, whatever name it is given", function()
  local _, err = pcall(load("error('boom')", "=base:dungeon.lua"))
  expect.eq(err, "scenario:base:dungeon.lua:1: boom", "never base's")
  _, err = pcall(load("\nerror('boom')", "@" .. "/cairn/scripts/session/flow.lua"))
  expect.eq(err, "scenario:/cairn/scripts/session/flow.lua:2: boom", "never the runtime's")
  _, err = pcall(load("error('boom')"))
  expect.eq(err, "scenario:(load):1: boom", "and unnamed, the pack's still")
  local _, syntax = load("return +", "=base:broken.lua")
  expect.truthy(syntax:find("^scenario:base:broken.lua:1: "), syntax)
end)

test("an endless loop is stopped by the instruction budget", function()
  local msg = expect.limit(function() while true do end end, "instruction budget")
  expect.truthy(msg:find("scenario:hostile.lua:%d+: instruction budget exceeded"), msg)
  still_usable()
end)

test("pcall cannot swallow the budget: a loop of pcalls around endless loops is stopped", function()
  local rounds = 0
  expect.limit(function()
    while true do
      pcall(function() while true do end end)
      rounds = rounds + 1
    end
  end, "instruction budget")
  expect.eq(rounds, 0, "the first overrun went straight through pcall")
  still_usable()
end)

test("xpcall's message handler is not run for an overrun, so it cannot spin forever", function()
  local handled = 0
  expect.limit(function()
    xpcall(function() while true do end end, function() handled = handled + 1; while true do end end)
  end, "instruction budget")
  expect.eq(handled, 0, "content's handler never saw the overrun")
  local ok, msg = xpcall(function() error("plain") end, function(m) handled = handled + 1; return "handled: " .. m end)
  expect.eq({ ok, handled }, { false, 1 }, "ordinary errors still reach it")
  expect.truthy(msg:find("handled: .*plain"), msg)
  still_usable()
end)

test("an endless loop inside a coroutine is stopped too", function()
  local resumed
  expect.limit(function()
    local co = coroutine.create(function() while true do end end)
    resumed = { coroutine.resume(co) }
  end, "instruction budget")
  expect.eq(resumed, nil, "resume did not return the overrun as a value")
  still_usable()
end)

test("a __tostring that never returns is stopped when tostring calls it", function()
  local spin = setmetatable({}, { __tostring = function() while true do end end })
  local s
  expect.limit(function() s = tostring(spin) end, "instruction budget")
  expect.eq(s, nil)
  still_usable()
end)

test("string.rep(\"x\", 1 << 30) is stopped by the memory limit", function()
  local got
  expect.limit(function()
    local ok, s = pcall(string.rep, "x", 1 << 30)
    got = { ok, s and #s }
  end, "memory limit")
  expect.eq(got, nil, "pcall did not catch it")
  still_usable()
end)

cairn.movs { name = "west", fn = function() return { "w" } end }
local spin_once = false
cairn.entity { name = "spinner", glyph = "s", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "west" } },
  handlers = { act_check = function()
    if spin_once then
      spin_once = false
      while true do end
    end
  end } }

test("a handler spinning mid-beat stops w:step(); the world steps again afterwards", function()
  local w = scenario { map = [[
    ######
    #@..s#
    ######
  ]] }
  local s = w:at(4, 1)
  spin_once = true
  local msg = expect.limit(function() w:step() end, "instruction budget")
  expect.truthy(msg:find("scenario:hostile.lua:", 1, true), msg)
  expect.eq(s.x, 4)
  w:step()
  expect.eq({ w.beat, s.x }, { 2, 3 }, "the next beat runs whole")
end)

local hog_once = false
cairn.entity { name = "hog", glyph = "h", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "west" } },
  handlers = { act_success = function()
    if hog_once then
      hog_once = false
      local t, mib = {}, ("x"):rep(1 << 20) -- luacheck: ignore t
      while true do t[#t + 1] = mib .. #t end
    end
  end } }

test("a handler eating all memory mid-beat stops w:step(); the world steps again afterwards", function()
  local w = scenario { map = [[
    ######
    #@..h#
    ######
  ]] }
  local h = w:at(4, 1)
  hog_once = true
  local msg = expect.limit(function() w:step() end, "memory limit")
  expect.truthy(msg:find("MiB exceeded", 1, true), msg)
  expect.eq(h.x, 3, "it had moved before its act_success handler ran")
  w:step()
  expect.eq({ w.beat, h.x }, { 2, 2 }, "the next beat runs whole")
  still_usable()
end)

test("a ninth expect.limit is refused", function()
  expect.error(function() expect.limit(function() while true do end end) end,
    "8 times per test file at most")
end)

test("setmetatable refuses __gc, even a spinning one, and a late __gc never runs", function()
  local ran = false
  expect.error(function()
    setmetatable({}, { __gc = function() while true do end end })
  end, "__gc metamethods are not allowed")
  expect.error(function() setmetatable({}, { __gc = false }) end, "__gc metamethods are not allowed")
  -- A metatable that gains __gc after setmetatable: Lua never marks the object for finalising.
  local mt = {}
  local victim = setmetatable({}, mt) -- luacheck: ignore victim
  mt.__gc = function() ran = true; while true do end end
  victim = nil
  for i = 1, 200000 do local _ = { i } end -- garbage enough for collections to run
  expect.falsy(ran, "the finaliser never ran")
  expect.eq(getmetatable(setmetatable({}, { __index = {} })).__index, {}, "other fields are fine")
  still_usable()
end)

test("weak tables are refused: what they hold would depend on when the collector ran", function()
  expect.error(function() setmetatable({}, { __mode = "v" }) end, "weak tables (__mode)")
  expect.error(function() setmetatable({}, { __mode = "k" }) end, "weak tables (__mode)")
  still_usable()
end)

test("the string metatable is out of reach and string methods survive tampering", function()
  expect.eq(getmetatable(""), false)
  expect.error(function() getmetatable("").__index = {} end, "attempt to index a boolean value")
  expect.error(function() setmetatable("", {}) end, "table expected")
  expect.error(function() rawset(getmetatable(""), "__index", {}) end, "table expected")
  local saved_upper, saved_rep = string.upper, string.rep
  string.upper = function() return "hacked" end -- luacheck: ignore 122
  string.rep = nil -- luacheck: ignore 122
  expect.eq(("abc"):upper(), "ABC", "methods use the real library, not this environment's copy")
  expect.eq(("ab"):rep(2), "abab")
  expect.eq(string.upper("abc"), "hacked", "only this environment's table changed")
  string.upper, string.rep = saved_upper, saved_rep -- luacheck: ignore 122
  expect.eq(("x"):len(), 1)
  still_usable()
end)

test("handles' metatables are locked", function()
  local w = scenario { map = "@" }
  local p = w:at(0, 0)
  expect.eq({ getmetatable(p), getmetatable(w), getmetatable(p.data) }, { false, false, false })
  expect.error(function() setmetatable(p.data, {}) end, "table expected")
  expect.error(function() p.nonsense = 1 end, "unknown stat 'nonsense'")
  expect.error(function() return w.nonsense end, "a world has no field 'nonsense'")
end)

test("rawset cannot put a function into e.data", function()
  local p = scenario { map = "@" }:at(0, 0)
  expect.error(function() rawset(p.data, "f", print) end, "table expected")
  expect.eq(p.data.f, nil)
end)

test("math.randomseed is refused; deep recursion is an ordinary, catchable error", function()
  scenario { map = "@" }
  expect.error(function() math.randomseed(42) end, "content cannot reseed")
  local function dive() return 1 + dive() end
  local ok, err = pcall(dive)
  expect.falsy(ok)
  expect.truthy(tostring(err):find("stack overflow", 1, true), err)
  still_usable()
end)
