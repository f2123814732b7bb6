-- A binary chunk under the default mode is refused too, with Lua's own message.
local chunk, why = load(string.char(27) .. "LuaT" .. string.rep("\0", 32))
assert(chunk == nil, "a binary chunk was loaded")
error("refused: " .. why)
