-- Requires a module that fails.
require("broken")
