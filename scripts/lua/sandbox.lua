-- sandbox.lua: the environments content runs in. Each pack gets its own: the safe parts of
-- the standard library (copies, so one pack cannot change another's), its `cairn` module and
-- a `require` that stays inside the pack and its dependencies. No os, io, debug or package;
-- no dofile, loadfile, collectgarbage; load takes text only; setmetatable refuses __gc and
-- weak tables, and no metatable can be made weak after (rawset is guarded for it);
-- pcall cannot swallow a budget or memory overrun; math.random is the world's generator;
-- library functions that work in C are charged to the budget for it (charges.c).
local prims = require("cairn.prims")
local util = require("lua.util")
local sandbox = {}

local function copy(t, except)
  local c = {}
  for k, v in pairs(t) do
    if not (except and except[k]) then c[k] = v end
  end
  return c
end

local base = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "rawequal", "rawget", "rawlen",
  "select", "tonumber", "tostring", "type", "_VERSION",
}

-- A new environment for the content of pack `owner` (the id its loaded chunks are named
-- by); `extra` fields (cairn, require, the test library) are added to it.
function sandbox.env(owner, extra)
  local env = {}
  for _, name in ipairs(base) do env[name] = _G[name] end
  env.pcall = prims.pcall
  env.xpcall = prims.xpcall
  env.setmetatable = prims.setmetatable
  env.rawset = prims.rawset
  env.print = prims.print
  env.load = prims.make_load(env, owner)
  env.string = copy(string)
  env.table = copy(table)
  env.utf8 = copy(utf8)
  env.math = copy(math)
  env.math.random = prims.random
  env.math.randomseed = prims.randomseed
  env.coroutine = copy(coroutine)
  env.coroutine.resume = prims.resume
  env.coroutine.close = prims.close
  env.coroutine.wrap = prims.wrap
  -- the library functions whose work in C grows with their arguments, charged for it
  for lib, fns in pairs(prims.charged) do
    local into = lib == "base" and env or env[lib]
    for name, fn in pairs(fns) do into[name] = fn end
  end
  for k, v in pairs(extra or {}) do env[k] = v end
  env._G = env
  return env
end

-- Runs a content file: text only, named "pack:path" so every message starts with it.
-- Returns true and the chunk's results, or false and the message (with a traceback when
-- the file ran).
local ID_SIZE = 59 -- LUA_IDSIZE - 1: longer chunk names would be cut in messages

function sandbox.run_file(path, chunk_name, env)
  if #chunk_name > ID_SIZE then
    return false, chunk_name .. ": the name 'pack:path' is " .. #chunk_name ..
      " bytes; at most " .. ID_SIZE .. " fit whole in messages (shorten the path)"
  end
  -- Only a regular file is content: reading a pipe would block, a folder reads as nothing.
  if not util.is_file(path) then return false, chunk_name .. ": not a regular file" end
  local text, err = util.read_file(path)
  if not text then return false, chunk_name .. ": cannot read: " .. err end
  local chunk, syntax = load(text, "=" .. chunk_name, "t", env)
  if not chunk then
    -- Lua's message for a binary chunk names no file
    if syntax:sub(1, #chunk_name + 1) ~= chunk_name .. ":" then
      syntax = chunk_name .. ": " .. syntax
    end
    return false, syntax
  end
  local result = table.pack(sandbox.call(chunk))
  if not result[1] and not result[2]:match("^[^\n]-:%d+: ") then
    -- an overrun names no line: the file at least
    result[2] = chunk_name .. ": " .. result[2]
  end
  return table.unpack(result, 1, result.n)
end

-- The message of an error raised with a value that is no string (Lua places only strings):
-- content's line, then what the value says of itself.
local function placed(value)
  local text
  local meta = debug.getmetatable(value)
  if math.type(value) then
    text = tostring(value)
  elseif meta and meta.__tostring then
    local ok, said = pcall(meta.__tostring, value)
    text = ok and type(said) == "string" and said
  end
  text = text or "(error object is a " .. type(value) .. " value)"
  local where = util.where(2)
  return where == "?" and text or where .. ": " .. text
end

-- Calls content's f(...) protected: true and its results, or false and a message with a
-- traceback. An overrun of the budget or the memory ceiling reports itself whatever the
-- handler managed to say (it may not have run at all).
function sandbox.call(f, ...)
  local result = table.pack(xpcall(f, function(msg)
    if type(msg) ~= "string" then
      msg = placed(msg)
    elseif msg:find("\nstack traceback:", 1, true) then
      return msg
    elseif not msg:match("^[^\n]-:%d+: ") then
      -- placed nowhere (a library function reached by a tail call, error(msg, 0))
      local where = util.where(2)
      if where ~= "?" then msg = where .. ": " .. msg end
    end
    return debug.traceback(msg, 2)
  end, ...))
  if not result[1] then
    return false, prims.limit() or util.clean_traceback(result[2])
  end
  return table.unpack(result, 1, result.n)
end

return sandbox
