-- statuses.lua: the timed conditions of the base game. A status works on any entity with the
-- Statused decorator (the player and every enemy have it): e:apply("stun", beats) hooks the
-- handlers below onto that one entity, and they come off again when the status wears off.
--
-- The three differ in what they take away:
--   stun    the turn (the entity does nothing, but can still be moved: bounced, pushed);
--   freeze  the turn, and every change of cell as well: nothing can move a frozen entity;
--   bind    moving only (attacking still works), until the entity struggles free.
--
-- The six after them are data only (docs/lua-api.md, cairn.status): each has a magnitude, how
-- much of it there is, and the core does the rest with no call into Lua, but vulnerable's
-- one handler, which runs only when its bearer is hit:
--   poison        hurts by its magnitude each beat, then weakens by 1; doses add up;
--   burning       hurts by its magnitude each beat while it burns, a few beats; a new flame
--                 starts it afresh rather than adding up;
--   strength      adds its magnitude to the bearer's blows (the damage stat); doses add up;
--   weakness      takes its magnitude from them (a blow of 0 does nothing);
--   vulnerable    every hit on the bearer does its magnitude more;
--   regeneration  heals by its magnitude each beat while it lasts.
--
-- This file returns a small module: require "statuses" gives bind(victim, binder, beats).

local statuses = {}

-- act_check is passed before an entity does anything in its turn; a veto (ev:stop) makes the
-- whole action fail. Rank highest runs it before any other handler, which it stops.
local function no_turn(ev) ev.propagate = false end

cairn.status {
  name = "stun",
  adjective = "stunned",
  description = "skips its turns; it can still be moved by others",
  handlers = { act_check = { rank = "highest", fn = no_turn } },
}

cairn.status {
  name = "freeze",
  adjective = "frozen",
  description = "skips its turns, and nothing can move it: no push, bounce or slide",
  handlers = {
    act_check = { rank = "highest", fn = no_turn },
    -- Every change of cell of a Displaceable entity passes displace_check first: its own
    -- moves, pushes, and e:displace (which the traps use). An entity without Displaceable
    -- never passes it, so freeze only pins down Displaceable ones (every base mover is).
    displace_check = { rank = "highest", fn = no_turn },
  },
}

-- Bind. The binder is remembered by id in the victim's data (handles must not be kept), and
-- the victim struggles: each beat in which it tries to move is one struggle, and the second
-- frees it. The bind also ends as soon as the binder is dead or no longer next to the victim.
local STRUGGLES = 2

-- Whether the entity that bound e has let go (died, or is no longer next to it). A bind
-- applied with no binder (a spell, a test) only ends by struggling or running out.
local function binder_gone(e)
  local id = e.data.bound_by
  if id == nil then return false end
  local binder = cairn.world():entity(id)
  if not (binder and not binder:is_dead() and binder.x and e.x) then return true end
  return math.max(math.abs(binder.x - e.x), math.abs(binder.y - e.y)) > 1
end

cairn.status {
  name = "bind",
  adjective = "bound",
  description = "cannot move, but can attack; struggling twice, or the binder leaving, frees it",
  handlers = {
    move_check = { rank = "highest", fn = function(ev)
      local e, data = ev.actor, ev.actor.data
      local beat = cairn.world().beat
      -- Free since an earlier beat (the status may still be on: see tick), or let go.
      if (data.bind_free and data.bind_free < beat) or binder_gone(e) then
        e:remove("bind") -- this move goes ahead
        return
      end
      ev.propagate = false
      -- An enemy's algorithm may try several directions in one beat: that is one struggle.
      if data.bind_tried == beat then return end
      data.bind_tried = beat
      data.bind_struggles = data.bind_struggles + 1
      -- Free, but not before this beat is over: letting go now would let the algorithm's
      -- next direction through in the same turn.
      if data.bind_struggles >= STRUGGLES then data.bind_free = beat end
    end },
  },
  apply = function(e)
    e.data.bind_struggles = 0
  end,
  -- The tick stage comes after every entity has acted: the moment to let go. (A status
  -- applied again during the beat skips that beat's tick; move_check then lets go.)
  tick = function(e)
    if e.data.bind_free or binder_gone(e) then e:remove("bind") end
  end,
  wear_off = function(e)
    local data = e.data
    data.bound_by, data.bind_struggles, data.bind_tried, data.bind_free = nil, nil, nil, nil
  end,
}

-- Statuses with a magnitude -------------------------------------------------------------------
-- Applied as e:apply("base:poison", { magnitude = 2 }) (no beats: it lasts until it decays
-- away) or { magnitude = 1, beats = 3 }, by cards, potions and the attacks that inflict them
-- (an entity's stats `inflicts`, a weapon's data: items.lua).

cairn.status {
  name = "poison",
  adjective = "poisoned",
  description = "loses as much hp as its poison each beat, the poison then weakening by 1",
  stacking = "intensity",
  max = 9,
  decay = { by = 1, when = "beat" },
  each = "damage",
}

cairn.status {
  name = "burning",
  adjective = "burning",
  description = "loses as much hp as its burning each beat while it burns",
  stacking = "refresh",
  max = 3,
  decay = { by = 0, when = "beat" },
  each = "damage",
}

cairn.status {
  name = "strength",
  adjective = "strong",
  description = "its blows do as much more damage as its strength",
  stacking = "intensity",
  max = 5,
  modifies = { damage = 1 },
}

cairn.status {
  name = "weakness",
  adjective = "weakened",
  description = "its blows do as much less damage as its weakness; a blow of 0 does nothing",
  stacking = "extend",
  max = 3,
  modifies = { damage = -1 },
}

-- defence runs on the one hit, before the damage model: the extra damage is soaked by block
-- and armour like the rest. A blow that does nothing (damage 0, a push) stays nothing.
cairn.status {
  name = "vulnerable",
  adjective = "vulnerable",
  description = "every hit on it does as much more damage as its vulnerability",
  stacking = "extend",
  max = 3,
  handlers = { defence = { rank = "high", fn = function(ev)
    if ev.damage > 0 then ev.damage = ev.damage + ev.target:magnitude("vulnerable") end
  end } },
}

cairn.status {
  name = "regeneration",
  adjective = "regenerating",
  description = "gets as much hp back as its regeneration each beat while it lasts",
  stacking = "extend",
  max = 3,
  decay = { by = 0, when = "beat" },
  each = "heal",
}

-- Binds victim (if it is Statused and not bound already: a held victim is not held any
-- tighter) for at most `beats` beats, held by binder.
function statuses.bind(victim, binder, beats)
  if victim:is_dead() or not victim:has("Statused") or victim:status("bind") > 0 then return end
  victim.data.bound_by = binder.id
  victim:apply("bind", beats)
end

return statuses
