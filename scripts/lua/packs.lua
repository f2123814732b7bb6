-- packs.lua: content packs. A pack is a folder named after its id, holding pack.lua:
--
--   return {
--     id = "crypt", name = "The Crypt", version = "1.0.0",
--     cairn = "0.1",                  -- the runtime version it needs (same major, not older)
--     depends = { base = "0.1" },     -- pack id = the least version it needs
--     load = { "enemies.lua" },       -- its files, run in this order
--   }
--
-- Packs load in dependency order, each file in the pack's own environment. Dependencies are
-- found by id beside the pack, then on the pack path, then in the bundled content.
local define = require("lua.define")
local host = require("cairn.host")
local lfs = require("lfs")
local problems = require("lua.problems")
local sandbox = require("lua.sandbox")
local util = require("lua.util")
local packs = {}

local path = {}       -- folders searched for packs by id, in order
local loading = {}    -- id -> true while its dependencies load (cycles)
local IN_PROGRESS = {} -- a module being required, to catch modules requiring each other
packs.loaded_any = false
packs.loaded = {} -- pack id -> pack, as loaded
packs.order = {}  -- packs in load order

local fields = { id = "string", name = "string", version = "string", cairn = "string",
  depends = "table", load = "table", description = "string", author = "string" }

local function problem(where, fmt, ...)
  define.problem(where, fmt, ...)
end

function packs.add_path(dir)
  path[#path + 1] = dir
end

function packs.search_path(beside)
  local dirs = { beside }
  for _, d in ipairs(path) do dirs[#dirs + 1] = d end
  dirs[#dirs + 1] = host.source_dir .. "/content"
  dirs[#dirs + 1] = host.source_dir .. "/content/examples"
  return dirs
end

-- The line of pack.lua (its text) that a problem with `key` is about: where the field (or
-- a dependency) of that name is set, else where a file of that name is listed, else the
-- line of the return; a pack.lua returns a table, which keeps no lines of its own.
local function manifest_line(text, key)
  local at = key and (text:find("%f[%w_]" .. key:gsub("%W", "%%%0") .. "%s*=") or
    text:find('"' .. key .. '"', 1, true) or text:find("'" .. key .. "'", 1, true))
  at = at or text:find("%f[%w_]return%f[^%w_]") or 1
  local line = 1
  for _ in text:sub(1, at - 1):gmatch("\n") do line = line + 1 end
  return line
end

-- "pack:pack.lua:LINE", the place of a problem with `key` in the pack's pack.lua.
local function manifest_place(id, text, key)
  return id .. ":pack.lua:" .. manifest_line(text, key)
end

-- Reads dir/pack.lua: the pack's description, or nil after reporting what is wrong.
local function read_info(dir)
  local file = dir .. "/pack.lua"
  local folder = util.basename(dir)
  if not util.is_file(file) then
    problem(folder, "no pack.lua in %s (a pack is a folder with a pack.lua)", dir)
    return nil
  end
  local ok, info = sandbox.run_file(file, folder .. ":pack.lua", sandbox.env(folder))
  if not ok then
    define.report(info)
    return nil
  end
  local text = util.read_file(file) or ""
  local function where(key) return manifest_place(folder, text, key) end
  if type(info) ~= "table" then
    problem(where(), "pack.lua must return a table (id, name, version, cairn, depends, load)")
    return nil
  end
  local why
  info, why = util.plain_fields(info)
  if not info then
    problem(where(), "pack.lua must return %s", why)
    return nil
  end
  for _, list in ipairs({ "depends", "load" }) do
    if type(info[list]) == "table" then
      local copy, bad = util.plain_fields(info[list])
      if not copy then
        problem(where(list), "'%s' must be %s", list, bad)
        return nil
      end
      info[list] = copy
    end
  end
  local good = true
  for k, v in pairs(info) do
    if not fields[k] then
      problem(where(type(k) == "string" and k or nil), "unknown field '%s'%s", tostring(k),
        type(k) == "string" and
        util.hint(k, { "id", "name", "version", "cairn", "depends", "load", "description", "author" }) or "")
      good = false
    elseif type(v) ~= fields[k] then
      problem(where(k), "'%s' must be a %s, not a %s", k, fields[k], type(v))
      good = false
    end
  end
  for _, k in ipairs({ "id", "version", "cairn" }) do
    if info[k] == nil then
      problem(where(), "'%s' is required", k)
      good = false
    end
  end
  if not good then return nil end
  if not info.id:match("^[a-z][a-z0-9_]*$") or #info.id > 24 then
    problem(where("id"), "id '%s': a pack id is 1 to 24 lower-case letters, digits and '_', " ..
      "starting with a letter", info.id)
    return nil
  end
  if info.id == "test" or info.id == "scenario" or info.id == "cairn" then
    problem(where("id"), "id '%s' is the runtime's own (the test kit, loose scenario files, the " ..
      "runtime); choose another", info.id)
    return nil
  end
  if info.id ~= folder then
    problem(where("id"), "id '%s' differs from the folder's name '%s'; a pack's folder is named " ..
      "after its id", info.id, folder)
    return nil
  end
  if not util.version(info.version) then
    problem(where("version"), "version '%s' is not MAJOR.MINOR.PATCH", info.version)
    return nil
  end
  local need = util.version(info.cairn)
  if not need then
    problem(where("cairn"), "cairn '%s' is not a version like \"0.1\"", info.cairn)
    return nil
  end
  if not util.satisfies(util.version(host.version), need) then
    problem(where("cairn"), "the pack needs cairn %s (the same major version, not older); this is " ..
      "cairn %s", info.cairn, host.version)
    return nil
  end
  local depends = {}
  for id, version in pairs(info.depends or {}) do
    if type(id) ~= "string" or not id:match("^[a-z][a-z0-9_]*$") or not util.version(version) then
      problem(where(type(id) == "string" and id or "depends"), "depends: write " ..
        "{ id = \"least version\" }, as depends = { base = \"0.1\" }")
      return nil
    end
    depends[#depends + 1] = { id = id, version = version }
  end
  local files = {}
  for i, f in ipairs(info.load or {}) do
    if type(f) ~= "string" or not f:match("^[%w_%-][%w_%-/%.]*%.lua$") or f:find("..", 1, true) then
      problem(where(type(f) == "string" and f or "load"), "load[%d]: '%s' is not a .lua path " ..
        "inside the pack", i, tostring(f))
      return nil
    end
    files[#files + 1] = f
  end
  return { id = info.id, name = info.name or info.id, version = info.version, dir = dir,
    depends = depends, files = files, identity = util.identity(dir), modules = {},
    manifest = text }
end

-- Finds a dependency's folder by id; nil after reporting.
local function find(id, beside, by)
  local found = {}
  for _, d in ipairs(packs.search_path(beside)) do
    local candidate = d .. "/" .. id
    if util.is_file(candidate .. "/pack.lua") then
      local identity = util.identity(candidate)
      local seen = false
      for _, f in ipairs(found) do seen = seen or f.identity == identity end
      if not seen then found[#found + 1] = { dir = candidate, identity = identity } end
    end
  end
  if #found == 0 then
    -- A misspelt id is the likeliest cause: suggest one of the packs that are there.
    local ids = {}
    for _, d in ipairs(packs.search_path(beside)) do
      for _, name in ipairs(util.list_dir(d)) do
        if util.is_file(d .. "/" .. name .. "/pack.lua") then ids[#ids + 1] = name end
      end
    end
    problem(manifest_place(by.id, by.manifest, id), "depends on '%s', which was not found%s " ..
      "(looked in %s)", id, util.hint(id, ids), table.concat(packs.search_path(beside), ", "))
    return nil
  end
  if #found > 1 then
    problem(manifest_place(by.id, by.manifest, id), "two packs have the id '%s': %s and %s", id,
      found[1].dir, found[2].dir)
    return nil
  end
  return found[1].dir
end

-- require inside a pack: "mod.name" is the pack's mod/name.lua; "dep:mod.name" is a
-- dependency's. Anything else - another pack's files, a path - is refused.
local function requirer(pack)
  local allowed = { [pack.id] = true }
  for _, d in ipairs(pack.depends) do allowed[d.id] = true end
  return function(name)
    if type(name) ~= "string" then error("require takes a module name", 2) end
    local owner, mod = name:match("^([%w_]+):(.+)$")
    if not owner then owner, mod = pack.id, name end
    if not mod:match("^[%a_][%w_]*$") and not mod:match("^[%a_][%w_]*[%.%w_]*[%w_]$") or
       mod:find("..", 1, true) then
      error("require '" .. name .. "': a module name is words joined by dots, as " ..
        "'enemies.skeleton'", 2)
    end
    if not allowed[owner] then
      error("require '" .. name .. "': pack '" .. pack.id .. "' may require its own modules " ..
        "and its dependencies' only, and '" .. owner .. "' is not among its dependencies", 2)
    end
    local target = packs.loaded[owner]
    if not target then error("require '" .. name .. "': pack '" .. owner .. "' is not loaded", 2) end
    local rel = mod:gsub("%.", "/") .. ".lua"
    if not util.exists(target.dir .. "/" .. rel) then
      error("require '" .. name .. "': there is no " .. rel .. " in pack '" .. owner .. "'", 2)
    elseif not util.is_file(target.dir .. "/" .. rel) then
      error("require '" .. name .. "': " .. rel .. " is not a regular file", 2)
    end
    local ok, value, refused = packs.run_module(target, rel)
    if refused then error("require '" .. name .. "': " .. value, 2) end
    if not ok then error(value, 0) end
    return value
  end
end

-- Whether a path inside a pack goes through a symbolic link: a link could lead outside it.
local function through_link(dir, rel)
  local at = dir
  for part in rel:gmatch("[^/]+") do
    at = at .. "/" .. part
    if lfs.symlinkattributes(at, "mode") == "link" then return true end
  end
  return false
end

-- Runs a pack's file once, whether its load list or a require reaches it first: true and
-- its value, or false and the message.
function packs.run_module(pack, rel)
  if through_link(pack.dir, rel) then
    -- refused before it ran: the message is the asker's to place
    return false, rel .. " is reached through a symbolic link; a pack's files must be its own",
      true
  end
  local cached = pack.modules[rel]
  if cached == IN_PROGRESS then
    return false, pack.id .. ":" .. rel .. ": modules require each other in a cycle"
  elseif cached ~= nil then
    return true, cached.value
  end
  pack.modules[rel] = IN_PROGRESS
  local ok, value = sandbox.run_file(pack.dir .. "/" .. rel, pack.id .. ":" .. rel, pack.env)
  if not ok then
    pack.modules[rel] = nil
    return false, value
  end
  if value == nil then value = true end
  pack.modules[rel] = { value = value }
  return true, value
end

function packs.env_of(pack, extra)
  local globals = { cairn = define.module(pack), require = requirer(pack) }
  for k, v in pairs(extra or {}) do globals[k] = v end
  return sandbox.env(pack.id, globals)
end

-- Whether the symbolic link at rel (a path inside the pack in dir) stays inside the pack:
-- false when it leads out of it or never ends. Each link on the way is followed from inside
-- the pack, so a link through another link is judged by where it really goes.
local function link_stays_inside(dir, rel)
  local queue = {}
  for part in rel:gmatch("[^/]+") do queue[#queue + 1] = part end
  local at, hops = {}, 0
  local i = 1
  while i <= #queue do
    local part = queue[i]
    i = i + 1
    if part == ".." then
      if #at == 0 then return false end
      at[#at] = nil
    elseif part ~= "." then
      at[#at + 1] = part
      local link = dir .. "/" .. table.concat(at, "/")
      if lfs.symlinkattributes(link, "mode") == "link" then
        hops = hops + 1
        local target = lfs.symlinkattributes(link, "target")
        if hops > 40 or not target or target:sub(1, 1) == "/" then return false end
        at[#at] = nil
        local rest = {}
        for p in target:gmatch("[^/]+") do rest[#rest + 1] = p end
        for j = i, #queue do rest[#rest + 1] = queue[j] end
        queue, i = rest, 1
      end
    end
  end
  return true
end

-- Visits every entry of the pack in dir but its tests, in a fixed order: visit(rel, kind),
-- kind "file", "link" or "other" (a pipe, a device). A link is never followed, so a pack
-- holding links to its own folder is walked once; visit(rel, "outside") names a link that
-- leads out of the pack (or never ends).
local function walk_pack(dir, visit)
  local function walk(rel)
    for _, name in ipairs(util.list_dir(dir .. rel)) do
      local entry = rel .. "/" .. name
      local mode = lfs.symlinkattributes(dir .. entry, "mode")
      if mode == "link" then
        visit(entry, link_stays_inside(dir, entry:sub(2)) and "link" or "outside")
      elseif mode == "directory" then
        if not (rel == "" and name == "tests") then walk(entry) end
      else
        visit(entry, mode == "file" and "file" or "other")
      end
    end
  end
  walk("")
end

local function outside_message(dir, rel)
  return string.format("%s: a symbolic link to %s, which leads out of the pack (or round in " ..
    "a loop); a pack's files must be its own", rel:sub(2),
    lfs.symlinkattributes(dir .. rel, "target"))
end

-- Reports each link of the pack that leads out of it, as a problem at the link's path.
local function check_links(pack)
  walk_pack(pack.dir, function(rel, kind)
    if kind == "outside" then
      define.report(pack.id .. ":" .. outside_message(pack.dir, rel))
    end
  end)
end

-- Whether the pack in dir is one of the runtime's own: its folder is in the home's content
-- folder (or its examples), by whatever path.
local function bundled(dir)
  local parent = util.identity(util.dirname(util.absolute(dir)))
  return parent == util.identity(host.source_dir .. "/content") or
    parent == util.identity(host.source_dir .. "/content/examples")
end

-- Loads the pack in dir after its dependencies. Returns the pack, or nil when it could not.
local function load(dir, beside, chain)
  local info = read_info(dir)
  if not info then return nil end
  local existing = packs.loaded[info.id]
  if existing then
    if existing.identity ~= info.identity then
      problem(manifest_place(info.id, info.manifest, "id"), "two packs have the id '%s': %s " ..
        "and %s", info.id, existing.dir, dir)
      return nil
    end
    return existing
  end
  if loading[info.id] then
    local cycle = {}
    for _, id in ipairs(chain) do cycle[#cycle + 1] = id end
    cycle[#cycle + 1] = info.id
    local start = 1
    while cycle[start] ~= info.id do start = start + 1 end
    problem(manifest_place(info.id, info.manifest, "depends"), "dependency cycle: %s",
      table.concat(cycle, " -> ", start))
    return nil
  end
  loading[info.id] = true
  chain[#chain + 1] = info.id
  local ok = true
  table.sort(info.depends, function(a, b) return a.id < b.id end)
  for _, d in ipairs(info.depends) do
    local dep_dir = find(d.id, beside, info)
    local dep = dep_dir and load(dep_dir, util.dirname(dep_dir), chain)
    if not dep then
      ok = false
    elseif not util.satisfies(util.version(dep.version), util.version(d.version)) then
      problem(manifest_place(info.id, info.manifest, d.id), "needs '%s' %s or later (the " ..
        "same major version); found %s", d.id, d.version, dep.version)
      ok = false
    end
  end
  chain[#chain] = nil
  loading[info.id] = nil
  if not ok then return nil end
  info.env = packs.env_of(info)
  info.bundled = bundled(dir)
  info.trusted = host.trust(info.id, info.bundled)
  packs.loaded[info.id] = info
  packs.order[#packs.order + 1] = info
  packs.loaded_any = true
  check_links(info)
  for _, f in ipairs(info.files) do
    if not util.exists(dir .. "/" .. f) then
      problem(manifest_place(info.id, info.manifest, f), "load lists '%s', which is not in the " ..
        "pack", f)
    elseif not util.is_file(dir .. "/" .. f) then
      problem(manifest_place(info.id, info.manifest, f), "load lists '%s', which is not a " ..
        "regular file", f)
    else
      local ran, err, refused = packs.run_module(info, f)
      if refused then
        problem(manifest_place(info.id, info.manifest, f), "load lists '%s', which %s", f, err)
      elseif not ran then
        define.report(err)
      end
    end
  end
  return info
end

function packs.load(dir)
  dir = dir:gsub("/+$", "")
  if dir == "" then dir = "/" end
  return load(dir, util.dirname(dir), {})
end

-- Loads the pack in dir (cairn_lua_load_pack); raises the problems found, if any.
function packs.load_checked(dir)
  packs.load(dir)
  problems.raise()
end

-- What a pack is, for saves and replays: its id, version and content hash - a hash of every
-- file in its folder but its tests, by path, so that any change to what it plays shows. A
-- link is hashed as where it points (a pack's links lead inside it: the files they reach
-- are hashed at their own paths), so each file counts once. Replays also hash a folder
-- before loading it, to know it is the pack they name.
function packs.content_hash(dir)
  local parts = {}
  walk_pack(dir, function(rel, kind)
    if kind == "file" then
      parts[#parts + 1] = rel .. "\0" .. (util.read_file(dir .. rel) or "") .. "\0"
    elseif kind == "link" then
      parts[#parts + 1] = rel .. "\0->" .. lfs.symlinkattributes(dir .. rel, "target") .. "\0"
    elseif kind == "outside" then
      error(util.basename(dir) .. ":" .. outside_message(dir, rel), 0)
    end -- a pipe or a device is no content
  end)
  return host.hash(table.concat(parts))
end

function packs.identities()
  local list = {}
  for i, p in ipairs(packs.order) do
    p.hash = p.hash or packs.content_hash(p.dir)
    list[i] = { id = p.id, version = p.version, hash = p.hash }
  end
  return list
end

-- The ids of the loaded packs whose code runs trusted, in load order.
function packs.trusted()
  local ids = {}
  for _, p in ipairs(packs.order) do
    if p.trusted then ids[#ids + 1] = p.id end
  end
  return ids
end

-- Whether the trust of the loaded packs is the default one: the bundled packs trusted, and
-- only they.
function packs.trust_is_default()
  for _, p in ipairs(packs.order) do
    if p.trusted ~= p.bundled then return false end
  end
  return true
end

-- Raises, naming every difference, unless `saved` (identities' list) is what is loaded now.
function packs.check_identities(saved)
  local here, there, differences = {}, {}, {}
  for _, p in ipairs(packs.identities()) do here[p.id] = p end
  for _, p in ipairs(saved) do
    there[p.id] = p
    local now = here[p.id]
    if not now then
      differences[#differences + 1] = string.format("it needs pack '%s' %s, which is not loaded " ..
        "(add it with --pack)", p.id, p.version)
    elseif now.version ~= p.version then
      differences[#differences + 1] = string.format("pack '%s' is %s here but was %s", p.id,
        now.version, p.version)
    elseif now.hash ~= p.hash then
      differences[#differences + 1] = string.format("pack '%s' %s has changed since (content %s " ..
        "then, %s now)", p.id, p.version, p.hash, now.hash)
    end
  end
  for _, p in ipairs(packs.order) do
    if not there[p.id] then
      differences[#differences + 1] = string.format("pack '%s' is loaded but was not then", p.id)
    end
  end
  if #differences > 0 then
    error("it was made with other packs: " .. table.concat(differences, "; "), 0)
  end
end

-- A pseudo-pack for files that belong to no pack (tests/scenarios): id and an environment.
function packs.loose(id, extra)
  local pack = { id = id, name = id, version = "0.0.0", dir = ".", depends = {}, files = {},
    modules = {} }
  for _, p in ipairs(packs.order) do pack.depends[#pack.depends + 1] = { id = p.id } end
  pack.env = packs.env_of(pack, extra)
  return pack
end

return packs
