-- data.lua: each entity's Lua data, `e.data`. It holds plain values only - nil, booleans,
-- numbers, strings and tables of them, no functions, handles or metatables - so that a
-- world can be saved and compared. Values are copied in when assigned; e.data and every
-- table in it are views that check what is written through them.
local core = require("cairn.core")
local host = require("cairn.host")
local prims = require("cairn.prims")
local util = require("lua.util")
local data = {}

local real_of = setmetatable({}, { __mode = "k" }) -- view -> the table it shows
local view_of = setmetatable({}, { __mode = "k" }) -- table -> its view
local depth_of = setmetatable({}, { __mode = "k" }) -- table -> how deep it is (e.data: 0)
local border_of = setmetatable({}, { __mode = "k" }) -- table -> its `#`, as far as known
local parent_of = setmetatable({}, { __mode = "k" }) -- table -> the table holding it

-- The texts of the tables that have not changed since the checksum last encoded them, so that
-- the next checksum encodes only what changed (runtime/lua/codec.c, encode): kept for the
-- roots (each entity's data, w.data) and the tables they hold directly. A write through a view
-- forgets the text of its table and of every table holding it. The runtime's own scripts that
-- write behind the views (data.real) make the table they get volatile: neither it, nor what
-- it holds, nor what holds it keeps a text.
local cache = {
  texts = setmetatable({}, { __mode = "k" }),
  roots = setmetatable({}, { __mode = "k" }),
  volatile = setmetatable({}, { __mode = "k" }),
}
local encoded = 0 -- tables the checksum has encoded (not taken from cache.texts), for tests

local function forget(t)
  local texts = cache.texts
  repeat
    texts[t] = nil
    t = parent_of[t]
  until not t
end

local function root(t)
  cache.roots[t] = true
  return t
end

-- How deep a table in data may be nested (e.data itself is 0). A snapshot keeps at most 200
-- levels, and the entities' data sits two below its top: refusing at the write names the
-- content's line, where the snapshot could only refuse the whole world.
local MAX_NESTING = 100

local store = {}       -- e.id -> the entity's table
local stored = 0       -- entries in store
local swept_at = 64    -- store size that triggers the next sweep of gone entities
local defaults = {}    -- type name -> the data a new entity starts with
local default_text = {} -- type name -> its starting data, encoded (see data.state)
local type_of = {}     -- e.id -> its type's name, for the entities in store
local world_data = root({}) -- w.data: the game's own state, beside the entities'

local function plain(v, path, seen, depth)
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
  if depth > MAX_NESTING then
    error("entity data holds tables nested at most " .. MAX_NESTING .. " deep, and the table at " ..
      path .. " is nested deeper", 0)
  end
  seen[v] = true
  local c = {}
  for k, x in pairs(v) do
    local kt = type(k)
    if kt ~= "string" and kt ~= "number" and kt ~= "boolean" then
      error("entity data keys are strings, numbers or booleans, not a " .. kt .. " in " .. path, 0)
    end
    c[k] = plain(x, path .. "." .. tostring(k), seen, depth + 1)
  end
  seen[v] = nil
  return c
end

local view_meta = {}

-- The view of t, a table `depth` deep in its entity's data, held by `parent` (a table has one
-- place in data: what is written is copied, so its place never changes).
local function view(t, depth, parent)
  local v = view_of[t]
  if not v then
    v = prims.view(view_meta)
    real_of[v] = t
    view_of[t] = v
    depth_of[t], parent_of[t] = depth, parent
  end
  return v
end

function view_meta.__index(v, k)
  local t = real_of[v]
  local x = t[k]
  if type(x) == "table" then return view(x, depth_of[t] + 1, t) end
  return x
end

function view_meta.__newindex(v, k, x)
  local kt = type(k)
  if kt ~= "string" and kt ~= "number" and kt ~= "boolean" then
    error("entity data keys are strings, numbers or booleans, not a " .. kt, 2)
  end
  local t = real_of[v]
  forget(t)
  local xt = type(x)
  if xt == "nil" and kt == "number" then
    local i = math.tointeger(k)
    if i and i >= 1 and i <= (border_of[t] or 0) then border_of[t] = i - 1 end
  end
  -- A plain value is written as it is: no copy, so no path or `seen` table to make (a block
  -- or a counter written every beat makes no garbage).
  if xt == "number" or xt == "string" or xt == "boolean" or xt == "nil" then
    t[k] = x
    return
  end
  local ok, copy = pcall(plain, x, tostring(k), {}, depth_of[t] + 1)
  if not ok then error(copy, 2) end
  t[k] = copy
end

-- `#` of data is the length of its list from 1 to the first nil. Lua's own `#` of a table
-- with a hole is any border, which depends on how the table was filled: a world put back
-- (undo, a resumed save) fills it otherwise than the beats that made it did, and would see
-- another length where its checksum sees the same data. The length found is remembered, and
-- a nil written within it shortens it, so a list grown an item at a time costs no more. (The
-- runtime's own writes to the tables behind views, data.real's, keep lists without holes:
-- a list they shortened is found out by its last item gone.)
function view_meta.__len(v)
  local t = real_of[v]
  local n = border_of[t] or 0
  if n > 0 and t[n] == nil then n = 0 end
  while t[n + 1] ~= nil do n = n + 1 end
  border_of[t] = n
  return n
end

function view_meta.__pairs(v)
  local t = real_of[v]
  local f = pairs(t)
  local key = nil
  return function()
    local k, x = f(t, key)
    key = k
    if type(x) == "table" then x = view(x, depth_of[t] + 1, t) end
    return k, x
  end, v, nil
end

view_meta.__metatable = false

-- Checks a definition's data: the copy, or raises with what is wrong.
function data.check(v, what)
  return plain(v, what, {}, 0)
end

-- The data a type's entities start with (a plain table; nil for none).
function data.set_defaults(type_name, t)
  defaults[type_name], default_text[type_name] = t, nil
end

function data.reset()
  store, stored, swept_at = {}, 0, 64
  defaults, default_text, type_of, world_data = {}, {}, {}, root({})
  prims.named(0)
end

function data.of_world()
  return view(world_data, 0, nil)
end

-- Forgets the entities that are gone, once the store has doubled since the last time.
local function sweep()
  local live = {}
  local n = 0
  for id, t in pairs(store) do
    if core.entity_current(id) then
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
    t = root(util.copy(defaults[e.type] or {}))
    store[id], type_of[id] = t, e.type
    stored = stored + 1
    if stored > swept_at then sweep() end
  end
  return view(t, 0, nil)
end

-- A value as text that two equal values share whatever order their tables were filled in,
-- and that data.decode reads back; see runtime/lua/codec.c for the form. Both are written in
-- C, linear in the text, and cost content's budget nothing: they are the runtime's own work.
function data.encode(v)
  return (prims.encode(v))
end
data.decode = prims.decode

-- v's text, taking what has not changed from the cache.
local function cached_text(v)
  local text, n = prims.encode(v, cache)
  encoded = encoded + n
  return text
end

-- How many tables the checksum has encoded so far (for tests: what a checksum costs).
function data.encoded()
  return encoded
end

-- What the world's data is: w.data and, by id, the data of each entity whose data differs
-- from its type's starting data (the others start again from it when read), and how many
-- tables and functions tostring has numbered (`named`, when any: content may keep the text).
-- Live tables, for data.encode.
function data.state()
  local entities = {}
  for id, t in pairs(store) do
    local kind = type_of[id]
    default_text[kind] = default_text[kind] or data.encode(defaults[kind] or {})
    if core.entity_current(id) and cached_text(t) ~= default_text[kind] then
      entities[id] = t
    end
  end
  local named = prims.named()
  return { world = world_data, entities = entities, named = named > 0 and named or nil }
end

-- Puts back a state data.state gave (as decoded): `type_of(id)` names an entity's type.
function data.load(state, type_name)
  store, stored, swept_at, type_of = {}, 0, 64, {}
  world_data = root(state.world or {})
  prims.named(state.named or 0)
  for id, t in pairs(state.entities or {}) do
    store[id], type_of[id] = root(t), type_name(id)
    stored = stored + 1
  end
  swept_at = math.max(64, 2 * stored)
end

-- A snapshot's data (data.text's), decoded and checked before the world is touched
-- (runtime/lua/world.c, w:restore); data.load_snapshot then puts it back.
function data.decode_snapshot(text)
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
function data.load_snapshot(state)
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

-- The world's data and every entity's as one text, for a snapshot and the world's checksum
-- (reading e.data must not change it, so entities whose data is still their type's starting
-- data are left out). The checksum's leaves out tostring's count, which the runtime's own
-- calls (a front end listing choices) may move between beats in one run and not in another:
-- the game differs only where content keeps the text, and that is in its data.
function data.text(for_checksum)
  local state = data.state()
  if for_checksum then state.named = nil end
  return cached_text(state)
end

-- The plain table behind a view, to be read only.
function data.peek(v)
  return real_of[v] or v
end

-- The plain table behind a view, for the runtime's scripts that work on data as plain tables.
-- It is volatile from then on: see the cache, above.
function data.real(v)
  local t = real_of[v]
  if not t then return v end
  cache.volatile[t] = true
  forget(t)
  return t
end

return data
