-- prelude.lua: the runtime's entry, run first in every host once the host's primitives are
-- modules (cairn.host, cairn.core, cairn.prims, lfs). It adds what cards bring to the
-- definitions and to each pack's `cairn` module, and loads the modules whose functions the C
-- side calls: the host calls "module.function" (cairn_lua__push_runtime) among the modules
-- loaded.
--
-- This code is trusted: it has the whole standard library and LuaFileSystem. Content never
-- sees it; content runs in the environments lua/sandbox.lua builds.
local abilities = require("cards.abilities")
local cards = require("cards.api")
local define = require("lua.define")
define.set_fields("ability", abilities.FIELDS)
define.set_fields("card", abilities.CARD_FIELDS)
define.add_to_module("resolve", cards.resolver)
define.add_to_module("cards", cards.module)

for _, name in ipairs({
  "lua.packs", "lua.compile", "lua.data", "lua.schedule", "lua.check", "lua.testing",
  "choices", "session.flow", "session.view", "session.travel", "session.replay",
}) do
  require(name)
end
