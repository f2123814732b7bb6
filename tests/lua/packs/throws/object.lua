-- Raises an object that says what it is.
local fault = setmetatable({}, { __tostring = function() return "the crypt is flooded" end })
error(fault)
