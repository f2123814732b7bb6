-- Backtracking that would outlast anyone's patience, at load time: 40 a*'s before a 'b' the
-- subject lacks try every way to share the a's out.
local s = ("a"):rep(40)
return s:find(("a*"):rep(40) .. "b")
