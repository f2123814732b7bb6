-- enemies/knight.lua: a telegraphed attack. Next to the player it declares its heavy blow
-- (cards.lua's ability "heavy_blow", cast: an action of the lifecycle, docs/cards.md) at
-- the player's cell; the blow lands at the end of the next beat, for 3. The player sees it
-- coming (the panel lists it, the log says so) and has a beat to step away, or answers it
-- there and then with a reaction card: a dodge or a parry before it, a counter after.

local casters = require "enemies.casters"

cairn.entity {
  name = "knight",
  glyph = "K",
  color = "bright_blue",
  decorators = casters.DECORATORS,
  stats = { hp = 4, damage = 1, team = 2, targets = { 1 } },
  data = { cast = "base:heavy_blow" },
  sequence = {
    -- 1: closer; next to the player, the blow is declared next
    casters.approach(),
    -- 2: the heavy blow declared (it fails with no one next to it: closer again)
    { action = "cast", movs = "adjacent", on_success = 3, on_failure = 1 },
    -- 3: the blow lands at this beat's end; then a beat to recover
    { action = "none", repeats = 2, on_success = 1 },
  },
}
