-- Asking for binary chunks outright.
load(string.char(27) .. "LuaT", "blob", "b")
