-- prelude.lua: the runtime's entry, run first in every host once the host's primitives are
-- modules (cairn.host, cairn.core, cairn.prims, lfs). It loads the libraries that register
-- themselves with the rest (cards), and the modules whose functions the C side calls: the
-- host calls "module.function" (cairn_lua_push_runtime) among the modules loaded.
--
-- This code is trusted: it has the whole standard library and LuaFileSystem. Content never
-- sees it; content runs in the environments lua/sandbox.lua builds.
require("cards")

for _, name in ipairs({
  "lua.packs", "lua.compile", "lua.data", "lua.schedule", "lua.check", "lua.testing",
  "choices", "session.flow", "session.view", "session.travel", "session.replay",
}) do
  require(name)
end
