local t = setmetatable({}, { __index = function(_, k) return k .. "!" end })
local parts = {}
for i = 1, 10 do parts[#parts + 1] = string.rep("a", i) end
return { id = "fuzz", version = "1.0.0", cairn = "0.1", name = t.name .. table.concat(parts) }
