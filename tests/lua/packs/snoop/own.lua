-- A pack's own modules are its to require.
local helper = require("helper")
assert(helper.answer == 42)
