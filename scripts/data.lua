-- data.lua: each entity's Lua data, `e.data`. It holds plain values only - nil, booleans,
-- numbers, strings and tables of them, no functions, handles or metatables - so that a
-- world can be saved and compared. Values are copied in when assigned; e.data and every
-- table in it are views that check what is written through them.
local ctx = ...
local data = {}

local real_of = setmetatable({}, { __mode = "k" }) -- view -> the table it shows
local view_of = setmetatable({}, { __mode = "k" }) -- table -> its view

local store = {}       -- e.id -> the entity's table
local stored = 0       -- entries in store
local swept_at = 64    -- store size that triggers the next sweep of gone entities
local defaults = {}    -- type name -> the data a new entity starts with
local default_text = {} -- type name -> its starting data, encoded (see data.state)
local type_of = {}     -- e.id -> its type's name, for the entities in store
local world_data = {}  -- w.data: the game's own state, beside the entities'

local function plain(v, path, seen)
  local t = type(v)
  if t == "nil" or t == "boolean" or t == "number" or t == "string" then return v end
  if real_of[v] then v, t = real_of[v], "table" end
  if t ~= "table" then
    error("entity data holds plain values only (booleans, numbers, strings and tables of " ..
      "them), not a " .. t .. " at " .. path .. (t == "userdata" and
      " (keep an entity's e.id and find it again with world:entity(id))" or ""), 0)
  end
  if getmetatable(v) ~= nil then
    error("entity data holds plain tables only, and the table at " .. path ..
      " has a metatable", 0)
  end
  if seen[v] then error("entity data cannot hold a table inside itself (at " .. path .. ")", 0) end
  seen[v] = true
  local c = {}
  for k, x in pairs(v) do
    local kt = type(k)
    if kt ~= "string" and kt ~= "number" and kt ~= "boolean" then
      error("entity data keys are strings, numbers or booleans, not a " .. kt .. " in " .. path, 0)
    end
    c[k] = plain(x, path .. "." .. tostring(k), seen)
  end
  seen[v] = nil
  return c
end

local view_meta = {}

local function view(t)
  local v = view_of[t]
  if not v then
    v = ctx.prims.view(view_meta)
    real_of[v] = t
    view_of[t] = v
  end
  return v
end

function view_meta.__index(v, k)
  local x = real_of[v][k]
  if type(x) == "table" then return view(x) end
  return x
end

function view_meta.__newindex(v, k, x)
  local kt = type(k)
  if kt ~= "string" and kt ~= "number" and kt ~= "boolean" then
    error("entity data keys are strings, numbers or booleans, not a " .. kt, 2)
  end
  local ok, copy = pcall(plain, x, tostring(k), {})
  if not ok then error(copy, 2) end
  real_of[v][k] = copy
end

function view_meta.__len(v)
  return #real_of[v]
end

function view_meta.__pairs(v)
  local t = real_of[v]
  local f = pairs(t)
  local key = nil
  return function()
    local k, x = f(t, key)
    key = k
    if type(x) == "table" then x = view(x) end
    return k, x
  end, v, nil
end

view_meta.__metatable = false

-- Checks a definition's data: the copy, or raises with what is wrong.
function data.check(v, what)
  return plain(v, what, {})
end

-- The data a type's entities start with (a plain table; nil for none).
function data.set_defaults(type_name, t)
  defaults[type_name], default_text[type_name] = t, nil
end

function data.reset()
  store, stored, swept_at = {}, 0, 64
  defaults, default_text, type_of, world_data = {}, {}, {}, {}
end

function data.of_world()
  return view(world_data)
end

-- Forgets the entities that are gone, once the store has doubled since the last time.
local function sweep()
  local live = {}
  local n = 0
  for id, t in pairs(store) do
    if ctx.core.entity_current(id) then
      live[id] = t
      n = n + 1
    end
  end
  for id in pairs(type_of) do
    if not live[id] then type_of[id] = nil end
  end
  store, stored, swept_at = live, n, math.max(64, 2 * n)
end

function data.of(e)
  local id = e.id
  local t = store[id]
  if not t then
    t = ctx.util.copy(defaults[e.type] or {})
    store[id], type_of[id] = t, e.type
    stored = stored + 1
    if stored > swept_at then sweep() end
  end
  return view(t)
end

-- Keys of a table in a fixed order: numbers, then strings, then booleans, each ascending.
local key_rank = { number = 1, string = 2, boolean = 3 }
local function key_before(a, b)
  local ra, rb = key_rank[type(a)], key_rank[type(b)]
  if ra ~= rb then return ra < rb end
  if ra == 3 then return (not a) and b end
  return a < b
end

-- A value as text that two equal values share whatever order their tables were filled in,
-- and that data.decode reads back: s<length>:<bytes>, i<integer>, f<float>;, true, false,
-- and { key=value ... }.
local function canonical(v, out)
  local t = type(v)
  if t == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, key_before)
    out[#out + 1] = "{"
    for _, k in ipairs(keys) do
      canonical(k, out)
      out[#out + 1] = "="
      canonical(v[k], out)
    end
    out[#out + 1] = "}"
  elseif t == "string" then
    out[#out + 1] = "s" .. #v .. ":" .. v
  elseif t == "number" then
    out[#out + 1] = math.type(v) == "integer" and ("i" .. v) or string.format("f%.17g;", v)
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  else
    error("only plain values can be kept (booleans, numbers, strings and tables of them), " ..
      "not a " .. t, 0)
  end
end

function data.encode(v)
  local out = {}
  canonical(v, out)
  return table.concat(out)
end

local specials = { inf = math.huge, ["-inf"] = -math.huge, nan = 0 / 0, ["-nan"] = 0 / 0 }

-- The value data.encode wrote; raises "damaged at byte N" for text it could not have written.
function data.decode(text)
  local pos = 1
  local function damaged(what)
    error(string.format("damaged at byte %d: %s", pos, what), 0)
  end
  local read
  local function number(pattern, convert)
    local body, after = text:match(pattern, pos + 1)
    local v = body and convert(body)
    if v == nil then damaged("a number was expected") end
    pos = after
    return v
  end
  function read()
    local c = text:sub(pos, pos)
    if c == "{" then
      pos = pos + 1
      local t = {}
      while text:sub(pos, pos) ~= "}" do
        if pos > #text then damaged("the text ends inside a table") end
        local k = read()
        if type(k) == "table" or k ~= k then damaged("a key cannot be a table or nan") end
        if text:sub(pos, pos) ~= "=" then damaged("'=' was expected") end
        pos = pos + 1
        t[k] = read()
      end
      pos = pos + 1
      return t
    elseif c == "s" then
      local len, start = text:match("^(%d+):()", pos + 1)
      if not len then damaged("a string's length was expected") end
      local v = text:sub(start, start + tonumber(len) - 1)
      if #v ~= tonumber(len) then damaged("the text ends inside a string") end
      pos = start + #v
      return v
    elseif c == "i" then
      return number("^(-?%d+)()", math.tointeger)
    elseif text:sub(pos, pos + 3) == "true" then
      pos = pos + 4
      return true
    elseif text:sub(pos, pos + 4) == "false" then -- before floats, which also start with f
      pos = pos + 5
      return false
    elseif c == "f" then
      return number("^([^;]+);()", function(b) return tonumber(b) or specials[b] end)
    end
    damaged("a value was expected")
  end
  local v = read()
  if pos <= #text then damaged("text follows the value") end
  return v
end

-- What the world's data is: w.data and, by id, the data of each entity whose data differs
-- from its type's starting data (the others start again from it when read). Live tables, for
-- data.encode.
function data.state()
  local entities = {}
  for id, t in pairs(store) do
    local kind = type_of[id]
    default_text[kind] = default_text[kind] or data.encode(defaults[kind] or {})
    if ctx.core.entity_current(id) and data.encode(t) ~= default_text[kind] then
      entities[id] = t
    end
  end
  return { world = world_data, entities = entities }
end

-- Puts back a state data.state gave (as decoded): `type_of(id)` names an entity's type.
function data.load(state, type_name)
  store, stored, swept_at, type_of = {}, 0, 64, {}
  world_data = state.world or {}
  for id, t in pairs(state.entities or {}) do
    store[id], type_of[id] = t, type_name(id)
    stored = stored + 1
  end
  swept_at = math.max(64, 2 * stored)
end

-- The world's data and every entity's as one text, for the world's checksum (reading e.data
-- must not change it, so entities whose data is still their type's starting data are left out).
function data.text()
  return data.encode(data.state())
end

-- The plain table behind a view (for tests comparing data).
function data.real(v)
  return real_of[v] or v
end

return data
