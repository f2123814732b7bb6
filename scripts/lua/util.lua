-- util.lua: small helpers the runtime's scripts share.
local host = require("cairn.host")
local lfs = require("lfs")
local prims = require("cairn.prims")
local util = {}

-- The closest of `options` to a misspelt `word`, for "did you mean" hints (nil if none is
-- close): edit distance of at most a third of the word, and at most 3; never the word itself.
-- Two letters swapped count as one edit: it is the commonest slip ("bsae" for "base").
function util.suggest(word, options)
  local function distance(a, b)
    local before, prev = nil, {}
    for j = 0, #b do prev[j] = j end
    for i = 1, #a do
      local cur = { [0] = i }
      for j = 1, #b do
        local cost = a:sub(i, i):lower() == b:sub(j, j):lower() and 0 or 1
        cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        if before and i > 1 and j > 1 and a:sub(i, i):lower() == b:sub(j - 1, j - 1):lower()
          and a:sub(i - 1, i - 1):lower() == b:sub(j, j):lower() then
          cur[j] = math.min(cur[j], before[j - 2] + 1)
        end
      end
      before, prev = prev, cur
    end
    return prev[#b]
  end
  local best, best_d = nil, math.min(3, math.max(1, #word // 3))
  for _, option in ipairs(options) do
    -- words whose lengths differ by more than best_d are further apart than that: skipping
    -- them keeps a long word (a name of a megabyte) from costing length x length steps; the
    -- word itself is no hint: it is the name that was not found
    if math.abs(#word - #option) <= best_d and option ~= word then
      local d = distance(word, option)
      if d <= best_d and (not best or d < best_d) then best, best_d = option, d end
    end
  end
  return best
end

-- " (did you mean 'x'?)" or "".
function util.hint(word, options)
  local s = util.suggest(word, options)
  return s and (" (did you mean '" .. s .. "'?)") or ""
end

function util.is_list(t)
  if type(t) ~= "table" then return false end
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n == #t
end

-- A deep copy of plain data.
function util.copy(v)
  if type(v) ~= "table" then return v end
  local c = {}
  for k, x in pairs(v) do c[k] = util.copy(x) end
  return c
end

-- Makes c, a copy (util.copy) of a table with the same keys as v, a copy of v again, in place:
-- c, or nil when the keys differ (c is then half written: the caller drops it and copies
-- afresh). Only values are written, never a key added or removed, so c keeps the layout a
-- fresh copy has and a copy made again makes no garbage. Lua's own next walks both tables:
-- what is written does not depend on the order.
function util.recopy(c, v)
  if type(v) ~= "table" or getmetatable(v) ~= nil then return nil end
  local raw_next = prims.raw_next
  local n = 0
  local k, old = raw_next(c)
  while k ~= nil do
    local x = v[k]
    if x == nil then return nil end
    if type(x) ~= "table" then
      c[k] = x
    elseif type(old) ~= "table" or not util.recopy(old, x) then
      c[k] = util.copy(x)
    end
    n = n + 1
    k, old = raw_next(c, k)
  end
  k = raw_next(v)
  while k ~= nil do
    n = n - 1
    k = raw_next(v, k)
  end
  if n ~= 0 then return nil end
  return c
end

-- The eight directions, and the step (dx, dy) each is on the grid (y grows southwards).
util.DIRS = { "n", "ne", "e", "se", "s", "sw", "w", "nw" }
util.DELTA = { n = { 0, -1 }, ne = { 1, -1 }, e = { 1, 0 }, se = { 1, 1 }, s = { 0, 1 },
  sw = { -1, 1 }, w = { -1, 0 }, nw = { -1, -1 } }

-- A name as a player reads it: "base:shield_bearer" is "shield bearer".
function util.spoken(name)
  return (name:gsub("^[^:]*:", ""):gsub("_", " "))
end

-- A copy of a table's first level.
function util.copy_shallow(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- "1.2.3", "1.2" or "1" -> {1, 2, 3}; nil for anything else.
function util.version(s)
  if type(s) ~= "string" then return nil end
  local a, b, c = s:match("^(%d+)%.(%d+)%.(%d+)$")
  if not a then
    a, b = s:match("^(%d+)%.(%d+)$")
    c = "0"
  end
  if not a then
    a = s:match("^(%d+)$")
    b, c = "0", "0"
  end
  if not a then return nil end
  return { tonumber(a), tonumber(b), tonumber(c) }
end

-- Whether version `have` satisfies `need`: the same major version and not older.
function util.satisfies(have, need)
  if have[1] ~= need[1] then return false end
  for i = 2, 3 do
    if have[i] ~= need[i] then return have[i] > need[i] end
  end
  return true
end

-- Where content called the function calling this: "pack:path:line" of the nearest frame,
-- from `level` up, that is content's (its chunk is named "=pack:path"), past the C functions
-- (pcall) between.
function util.where(level)
  for l = (level or 2) + 1, 200 do
    local info = debug.getinfo(l, "Sl")
    if not info then break end
    if info.source:sub(1, 1) == "=" and info.source ~= "=[C]" then
      return info.short_src .. ":" .. info.currentline
    end
  end
  return "?"
end

-- A plain copy of a definition's first level, made with Lua's own next (a copy does not
-- depend on the order) so that __pairs and key types cannot get around the checks; nil and a
-- message when it is no plain table of named fields.
function util.plain_fields(t)
  if getmetatable(t) ~= nil then return nil, "a plain table (this one has a metatable)" end
  local copy = {}
  local raw_next = prims.raw_next
  local k, v = raw_next(t)
  while k ~= nil do
    if type(k) ~= "string" and math.type(k) ~= "integer" then
      return nil, "a table keyed by field names (one key is a " .. type(k) .. ")"
    end
    copy[k] = v
    k, v = raw_next(t, k)
  end
  return copy
end

function util.read_file(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  return text
end

function util.is_dir(path)
  return lfs.attributes(path, "mode") == "directory"
end

function util.is_file(path)
  return lfs.attributes(path, "mode") == "file"
end

-- Whether something is at path, whatever it is (a file, a folder, a pipe, ...).
function util.exists(path)
  return lfs.attributes(path, "mode") ~= nil
end

-- The names in a folder, sorted, without "." and "..".
function util.list_dir(path)
  local names = {}
  if not util.is_dir(path) then return names end
  for name in lfs.dir(path) do
    if name ~= "." and name ~= ".." then names[#names + 1] = name end
  end
  table.sort(names)
  return names
end

-- The same folder whatever the path says: device and inode.
function util.identity(path)
  local a = lfs.attributes(path)
  return a and (a.dev .. ":" .. a.ino) or path
end

-- The path made absolute (from the current folder) and without "." and ".." parts, so that
-- "tests/bat.lua" run from inside a pack names the pack's folder like any other path.
function util.absolute(path)
  if path:sub(1, 1) ~= "/" then path = lfs.currentdir() .. "/" .. path end
  local parts = {}
  for part in path:gmatch("[^/]+") do
    if part == ".." then
      parts[#parts] = nil
    elseif part ~= "." then
      parts[#parts + 1] = part
    end
  end
  return "/" .. table.concat(parts, "/")
end

function util.dirname(path)
  local d = path:gsub("/+$", ""):match("^(.*)/[^/]*$")
  return d == "" and "/" or d or "."
end

function util.basename(path)
  return path:gsub("/+$", ""):match("([^/]*)$")
end

-- The text with its control characters written as escapes ("\n" for a newline), so that it
-- stays on one line.
local named_escapes = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" }
function util.escaped(text)
  return (text:gsub("%c", function(c)
    return named_escapes[c] or string.format("\\%03d", c:byte())
  end))
end

-- A message without the place in the runtime's own scripts that a C function raising it
-- added (the place that matters is the definition's, which the caller adds).
function util.unplace(msg)
  local dir = host.scripts_dir
  if msg:sub(1, #dir) == dir then msg = msg:gsub("^[^:]*:%d+: ", "", 1) end
  return msg
end

-- A traceback for modders: the runtime's own frames and the protected call that ran the
-- content go.
function util.clean_traceback(msg)
  local dir = host.scripts_dir
  local lines = {}
  for line in (msg .. "\n"):gmatch("([^\n]*)\n") do
    local runtime = line:sub(1, 1) == "\t" and (line:find(dir, 1, true) or
      line == "\t(...tail calls...)" or line == "\t[C]: in function 'xpcall'")
    if not runtime then lines[#lines + 1] = line end
  end
  -- a traceback left with nothing but the raising of the error says nothing
  while lines[#lines] == "\t[C]: in function 'error'" or lines[#lines] == "\t[C]: in ?" do
    lines[#lines] = nil
  end
  if lines[#lines] == "stack traceback:" then lines[#lines] = nil end
  return table.concat(lines, "\n")
end

return util
