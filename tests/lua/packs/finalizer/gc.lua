-- A finalizer would run outside any budget, whenever the collector decides.
setmetatable({}, { __gc = function() while true do end end })
