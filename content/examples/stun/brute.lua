-- brute.lua: an enemy that staggers when hit. Only entities with the Statused decorator
-- can carry statuses.

cairn.entity {
  name = "brute",
  glyph = "B",
  decorators = { "Attacking", "Attackable", "Moving", "WithHP", "Killable", "Statused" },
  stats = { hp = 5, damage = 3, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } },
  handlers = {
    -- be_hit runs on the target after the damage. A hit that killed the brute leaves it
    -- nothing to be stunned for (and a dead entity cannot take a status).
    be_hit = function(ev)
      if not ev.killed and ev.dealt > 0 then ev.target:apply("stun", 1) end
    end,
  },
}
