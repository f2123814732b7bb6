-- events.lua: event rooms. A room of some floors (dungeon.lua, `event_pool`) holds an altar or
-- a well on its floor layer; the player stepping onto it is asked its question, in the middle
-- of the beat, as a riposte is: a pick among the answers it can give now, each with its price
-- and what it does (an ability's `options`: docs/cards.md, "Event rooms"). Esc (or a bot's
-- decline) walks away: the question waits for the next visit. An answer taken spends the room,
-- and its msg says so.

local cards = require "cards"
local inventory = require "inventory"

-- offer_card: the target (the player) is offered a reward, as the stairs offer one (cards.lua:
-- the choice "reward").
cairn.effect {
  name = "offer_card",
  target = "self",
  run = function(_, target)
    if cards.has_deck(target) then cards.offer(target) end
  end,
}

-- A cell whose item layer is free, (x, y) first: where an item is made before it is lifted
-- into a bag.
local function item_room(w, x, y)
  if not w:at(x, y, "item") then return x, y end
  for cy = 0, w.height - 1 do
    for cx = 0, w.width - 1 do
      if not w:at(cx, cy, "item") then return cx, cy end
    end
  end
end

-- fill_bag: an item of type `item` into the target's bag.
cairn.effect {
  name = "fill_bag",
  target = "self",
  params = { item = "string" },
  run = function(ctx, target)
    local w = cairn.world()
    local x, y = item_room(w, target.x, target.y)
    if not x then return end
    local item = w:spawn(ctx:value("item"), x, y)
    if not inventory.bag_add(target, item) then item:kill() end
  end,
}

local function hurt(p) return p.hp < p.max_hp end
local function bag_room(p) return #p.data.bag < inventory.BAG_SIZE end

-- The blood altar: blood for a card, or a card for health.
cairn.ability {
  name = "blood_altar_rite",
  label = "blood altar",
  text = "A blood altar. Esc walks away.",
  options = {
    { label = "Bleed on it (2 hp): choose a new card", cost = { hp = 2 },
      effect = { { offer_card = {} } }, msg = "The altar drinks; a card waits (R)." },
    { label = "Burn the last card of your hand on it: heal 3",
      req = function(p) return cards.has_deck(p) and #cairn.cards.pile(p, "hand") > 0 end,
      effect = { { heal = { heal = 3 } }, { exhaust = { exhaust = 1, which = "last" } } },
      msg = "The card burns; you feel better." },
  },
}

-- The wishing well: a drink, or a potion drawn up.
cairn.ability {
  name = "wishing_well_wish",
  label = "wishing well",
  text = "A wishing well. Esc walks away.",
  options = {
    { label = "Drink from it: heal 2", req = hurt, effect = { { heal = { heal = 2 } } },
      msg = "The water is cold and clean." },
    { label = "Draw up a healing potion", req = bag_room,
      effect = { { fill_bag = { item = "healing_potion" } } },
      msg = "A potion comes up in the bucket." },
  },
}

-- The room's decorator and action, EventRoom and `event`, are the cards library's: it asks
-- the ability data.event names of a player come onto its cell, once a beat, in the floor
-- layer's phase (after everyone has acted), until an answer spends it.
local function room(name, color, event)
  cairn.entity {
    name = name, glyph = "_", color = color, layer = "floor",
    decorators = { "EventRoom" }, data = { event = event },
    sequence = { { action = "event" } }, algo = "simple",
  }
end
room("blood_altar", "bright_red", "blood_altar_rite")
room("wishing_well", "bright_blue", "wishing_well_wish")
