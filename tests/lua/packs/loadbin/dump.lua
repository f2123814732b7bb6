-- Making bytecode needs string.dump, which content does not have.
local bytes = string.dump(function() return 1 end)
