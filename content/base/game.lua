-- game.lua: the rules of the game as a whole. Each floor is made by dungeon.lua; the player
-- starts with a dagger, a shovel and a deck of cards (cards.lua), and each floor after the
-- first offers it a card or an upgrade; standing on the stairs takes it down a floor, and down
-- the stairs of the last floor it has won. Dying loses (the runtime sees to that).
--
-- `cairn sim` and `cairn play` start it by name ("dungeon"); all floors share one world,
-- which w:clear empties between them, lifting the player off the grid with all it holds.

local cards = require "cards"
local dungeon = require "dungeon"
local inventory = require "inventory"

local FLOORS = 3

-- The kit a new player starts with (dungeon.kit, which other packs may change): spawned
-- where it stands, then taken in hand, or put in its bag when it goes in no slot.
local function equip(w, p)
  for _, kind in ipairs(dungeon.kit()) do
    local item = w:spawn(kind, p.x, p.y)
    if item.data.slot then
      inventory.give(p, item)
    else
      inventory.bag_add(p, item)
    end
  end
end

cairn.game {
  name = "dungeon",
  description = "Three floors of rooms and corridors; find the stairs down and live.",
  width = 48,
  height = 18,
  floors = FLOORS,
  generate = function(w, floor, floors, players)
    dungeon.generate(w, floor, floors, players)
    for _, p in ipairs(w:players()) do
      if floor == 1 then
        equip(w, p)
        cards.setup(p)
      elseif cards.has_deck(p) then
        -- The stairs' reward, on offer on the new floor (cards.lua: the choice "reward").
        cards.offer(p)
      end
      -- What the player carries for the start of a floor (relics.lua) goes off now.
      cairn.cards.fire("floor_start", p)
    end
  end,
  outcome = function(w)
    for _, p in ipairs(w:players()) do
      local under = w:at(p.x, p.y, "floor")
      if under and under.type == "base:stairs" then return "descend" end
    end
  end,
  report = function(w)
    return { kills = w.data.kills or 0 }
  end,
  -- What auto-explore picks up items with, when the player sets a rule (cairn play --pickup).
  pick_up = "pick_up",
  -- Travel and auto-explore in `cairn play` keep off the stairs (standing on them goes down)
  -- and traps on the way; travel may still end on the stairs when they are where it goes.
  avoid = function(w, x, y)
    local under = w:at(x, y, "floor")
    return (under ~= nil and under.type == "base:stairs") or w:at(x, y, "trap") ~= nil
  end,
  -- What the header of `cairn play` shows the player holding, and carrying in its bag.
  items = function(w, p)
    return inventory.summary(p)
  end,
  -- What the side panel of `cairn play` shows under the actions: the hand (cards.lua).
  panel = function(w, p)
    return cards.panel(p)
  end,
}

-- Kills are the game's to count: a death whose killer is a player. Kept in w.data, the
-- world's own data, so they survive the player (and a save).
cairn.handler {
  chain = "entity_died",
  fn = function(ev)
    if ev.actor and ev.actor:has("PlayerControl") then
      local w = cairn.world()
      w.data.kills = (w.data.kills or 0) + 1
    end
  end,
}
