-- skeleton.lua: an enemy made of data only. Everything below names things the runtime has
-- built in (decorators, actions, movs), so the definition compiles to C structures when the
-- world is made and a beat runs without calling into Lua at all. Reach for a Lua function
-- only when no built-in does the job: each one costs a call every time it runs.
cairn.entity {
  name = "skeleton",
  glyph = "s", -- how it shows in maps and scenario tests
  -- What it can do. Acting comes with Sequential, which `sequence` adds by itself.
  decorators = { "Attacking", "Attackable", "Moving", "WithHP", "Killable" },
  stats = {
    hp = 3,          -- max_hp follows hp unless given
    damage = 2,
    team = 2,        -- its own team...
    targets = { 1 }, -- ...and it only hits team 1 (the player's). The default is every
                     -- team, so skeletons in a corridor would hit each other.
  },
  -- The script, one step per beat: rest, then attack the next cell or step into it. With
  -- the general algorithm (the default once there is a sequence) the basic movs is asked
  -- for directions towards the closest player and each is tried until one works.
  sequence = {
    { action = "none" },
    { action = "attack_move", movs = "basic" },
  },
}
