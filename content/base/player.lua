-- player.lua: the one the game is played as. PlayerControl makes it act first each beat, on
-- the choice committed with player:choose (choices.lua: the keyboard, a bot, a test) or the
-- action given with player:input.

cairn.entity {
  name = "player",
  glyph = "@",
  color = "bright_white",
  decorators = {
    "PlayerControl", "Attacking", "Attackable", "Moving", "Displaceable", "Digging",
    "WithHP", "Killable", "Statused", "Inventory",
  },
  -- Team 1 hits monsters (2) and objects (3). The stats are its bare hands: what it holds
  -- (inventory.lua) decides its attacks, digs and armour. Bare hands hit the next cell for 1
  -- and dig nothing (dirt needs a shovel's power). It starts holding nothing: the game gives
  -- it a dagger and a shovel.
  stats = { hp = 6, team = 1, targets = { 2, 3 }, damage = 1, dig_power = 0 },
  data = { kills = 0 },
}
