-- check.lua: `cairn check DIR` (runtime/lua/commands.c) - a pack loaded and compiled for its
-- problems only, nothing run but its files.
local compile = require("lua.compile")
local packs = require("lua.packs")
local prims = require("cairn.prims")
local problems = require("lua.problems")
local check = {}

-- A problem's file and line, to sort by.
local function place(p)
  local file, line = p:match("^([^:]+:[^:]+):(%d+):")
  return file or p, tonumber(line) or 0
end

-- Prints every problem of the pack in dir, one per line, by file and line (a problem's first
-- line is enough here); returns their number.
function check.pack(dir)
  packs.load(dir)
  if problems.count() == 0 or packs.loaded_any then
    compile.world(1, 1, 0)
    compile.lint()
  end
  local found = problems.take_list()
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

return check
