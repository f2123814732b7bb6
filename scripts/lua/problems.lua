-- problems.lua: the problems found in content so far - "pack:path:line: message", in the order
-- found - while packs load and definitions compile. Whoever finds one adds it; whoever reports
-- them (a load, cairn check, a test) takes them all, which clears the list.
local problems = {}

local list = {}

function problems.add(text)
  list[#list + 1] = text
end

function problems.count()
  return #list
end

-- The last problem added, or nil.
function problems.last()
  return list[#list]
end

-- Every problem so far, as a list, clearing it.
function problems.take_list()
  local taken = list
  list = {}
  return taken
end

-- Every problem so far, as one message, clearing the list; nil when there is none.
function problems.take()
  if #list == 0 then return nil end
  return table.concat(problems.take_list(), "\n")
end

-- Raises every problem so far as one message, clearing the list; nothing when there is none.
function problems.raise()
  local text = problems.take()
  if text then error(text, 0) end
end

return problems
