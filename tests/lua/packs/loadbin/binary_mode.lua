-- Asking for binary chunks outright.
local chunk = load(string.char(27) .. "LuaT", "blob", "b")
