-- enemies/skeleton.lua: the plainest enemy, and a data-only one: everything it names is built
-- in, so its beats run without a single call into Lua.
--
-- Every enemy of the base pack has the same decorators: it hits (Attacking), can be hit
-- (Attackable), walks (Moving), can be moved by others (Displaceable), dies (WithHP,
-- Killable) and carries statuses (Statused). Team 2 hits team 1, the player, only.

cairn.entity {
  name = "skeleton",
  glyph = "s",
  color = "white",
  decorators = {
    "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable", "Statused",
  },
  stats = { hp = 2, damage = 1, team = 2, targets = { 1 } },
  -- One beat it steps towards the player (or hits it when next to it), the next it rests.
  sequence = {
    { action = "attack_move", movs = "basic" },
    { action = "none" },
  },
}
