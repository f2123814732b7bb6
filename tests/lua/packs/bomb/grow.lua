-- Memory without end.
local hoard = {}
for i = 1, math.huge do hoard[i] = string.rep("x", 4096) .. i end
