-- terrain.lua: what the dungeon is made of. Walls and dirt on the wall layer, crates on the
-- real layer (they take a cell like a monster does), traps on the trap layer and stairs on
-- the floor layer (both share their cell with whoever stands there).

local function inside(w, x, y)
  return x >= 0 and y >= 0 and x < w.width and y < w.height
end

-- Whether something of the real layer could be put at (x, y): inside the grid, no wall, and
-- nobody there (the dead do not count: they leave their cell the moment they die).
local function free(w, x, y)
  return inside(w, x, y) and not w:at(x, y, "wall") and not w:at(x, y)
end

-- Walls ---------------------------------------------------------------------------------------

-- A wall without Diggable can never be dug, whatever the digging power.
cairn.entity { name = "wall", glyph = "#", color = "white", layer = "wall" }

-- Dirt gives to any dig of power 1 or more: a basic shovel digs it, bare hands (power 0)
-- do not. It has no hit points, so the first dig that gets through digs it away.
cairn.entity {
  name = "dirt",
  glyph = "+",
  color = "yellow",
  layer = "wall",
  decorators = { "Diggable" },
  stats = { dig_resistance = 1 },
}

-- Crates --------------------------------------------------------------------------------------

-- A crate is something the player can hit (team 3 is among its targets), so walking into it
-- with attack_move or attack_dig_move attacks it. The crate answers the blow by sliding one
-- cell the way it was hit, and then takes no damage. A crate that cannot slide (a wall or
-- someone behind it) takes the blow instead, and breaks after two: so a crate can never wall
-- a corridor off for good.
cairn.entity {
  name = "crate",
  glyph = "=",
  color = "bright_yellow",
  decorators = { "Attackable", "Displaceable", "WithHP", "Killable" },
  stats = { hp = 2, team = 3 },
  handlers = {
    -- defence runs on the target before the damage; a veto blocks the hit.
    defence = function(ev)
      local crate, w = ev.target, cairn.world()
      local dx, dy = cairn.dir.delta(ev.dir)
      local x, y = crate.x + dx, crate.y + dy
      if (dx ~= 0 or dy ~= 0) and free(w, x, y) and crate:displace(x, y, ev.actor) then
        ev.propagate = false
      end
    end,
  },
}

-- Traps ---------------------------------------------------------------------------------------

-- A trap acts once a beat, in the traps phase (after the player and the monsters), and
-- springs on whoever has come onto its cell since its last turn. Someone who stays on it is
-- not sprung on again; someone who leaves and comes back is. Each trap type is an action
-- component (a decorator with activate) run by a one-step sequence. The `simple` algorithm
-- calls it once a beat with no direction, which is all a trap needs.

-- The entity on the trap that was not there at its last turn, or nil.
local function newcomer(trap)
  local who = cairn.world():at(trap.x, trap.y)
  if who and not who:is_dead() and who.id ~= trap.data.seen then return who end
end

-- Remembers who is on the trap now, once it has sprung.
local function remember(trap)
  local who = cairn.world():at(trap.x, trap.y)
  trap.data.seen = who and who.id or false
end

-- What a trap did, for the log: a trap that acts says so.
-- A bounce's way in words, by the signs of its step (x, then y; y grows southwards).
local WAYS = { ["0-1"] = "north", ["1-1"] = "north-east", ["10"] = "east", ["11"] = "south-east",
  ["01"] = "south", ["-11"] = "south-west", ["-10"] = "west", ["-1-1"] = "north-west" }
local function sign(n) return n > 0 and 1 or n < 0 and -1 or 0 end
cairn.change { name = "bounced",
  describe = function(c, name)
    local way = WAYS[sign(c.to.x - c.from.x) .. sign(c.to.y - c.from.y)]
    return string.format("a trap throws %s %s.", name(c.entity), way)
  end,
  description = "a bounce trap threw whoever stepped on it from its cell (from) to the next (to)" }
cairn.change { name = "spiked",
  describe = function(c, name)
    return string.format("spikes hurt %s for %d.", name(c.entity), c.amount)
  end,
  description = "a spike trap hurt whoever stepped on it (amount)" }

cairn.decorator {
  name = "Bouncing",
  description = "bounces a newcomer one cell the way data.dir says, when that cell is free",
  data = { dir = "e", seen = false }, -- the generator turns each trap by setting its data.dir
  activate = function(trap)
    local who = newcomer(trap)
    if who then
      local w = cairn.world()
      local dx, dy = cairn.dir.delta(trap.data.dir)
      local x, y = trap.x + dx, trap.y + dy
      -- e:displace moves it as the game does: a frozen entity vetoes it.
      if free(w, x, y) and who:displace(x, y, trap) then
        w:record("bounced", { entity = who, other = trap, from = { x = trap.x, y = trap.y },
          to = { x = x, y = y } })
      end
    end
    remember(trap)
    return true
  end,
}
cairn.action { name = "bounce", components = { "Bouncing" } }

cairn.entity {
  name = "bounce_trap",
  glyph = "^",
  color = "bright_magenta",
  layer = "trap",
  decorators = { "Bouncing" },
  sequence = { { action = "bounce" } },
  algo = "simple",
}

cairn.decorator {
  name = "Spiking",
  description = "hurts a newcomer by data.spikes hp (armour does not help)",
  data = { spikes = 1, seen = false },
  activate = function(trap)
    local who = newcomer(trap)
    -- Only what has hit points can be hurt (a crate can: spikes wear it down too).
    if who and who.hp then
      cairn.world():record("spiked", { entity = who, other = trap, amount = trap.data.spikes })
      who:hurt(trap.data.spikes, trap)
    end
    remember(trap)
    return true
  end,
}
cairn.action { name = "spike", components = { "Spiking" } }

cairn.entity {
  name = "spike_trap",
  glyph = ";",
  color = "red",
  layer = "trap",
  decorators = { "Spiking" },
  sequence = { { action = "spike" } },
  algo = "simple",
}

-- Portal doors -----------------------------------------------------------------------------

-- Marks a cell whose side is joined to another room's by a portal (dungeon.lua): nothing of
-- its own, the portal does the work. On the floor layer: whoever stands there shares it.
cairn.entity { name = "portal_door", glyph = "O", color = "bright_magenta", layer = "floor" }

-- Stairs --------------------------------------------------------------------------------------

-- No behaviour at all: the game looks for a player standing on them.
cairn.entity { name = "stairs", glyph = ">", color = "bright_green", layer = "floor" }
