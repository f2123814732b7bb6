-- Memory without end: a string that doubles, a few instructions a step.
local hoard = {} -- luacheck: ignore hoard
local s = "x"
for i = 1, math.huge do
  s = s .. s
  hoard[i] = s
end
