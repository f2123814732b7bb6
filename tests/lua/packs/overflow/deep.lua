-- A recursion with no end, in a handler: Lua's stack runs out at about a million frames.
local function f() return 1 + f() end
cairn.handler { chain = "beat_start", fn = function() return f() end }
