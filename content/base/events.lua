-- events.lua: event rooms. A room of some floors (dungeon.lua, `event_pool`) holds an altar or
-- a well on its floor layer; the player stepping onto it is asked its question, in the middle
-- of the beat, as a riposte is: a pick among the answers it can give now, each with its price
-- and what it does (an ability's `options`: docs/cards.md, "Event rooms"). Esc (or a bot's
-- decline) walks away: the question waits for the next visit. An answer taken spends the room.

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

-- fill_bag: an item of type `item` into the target's bag.
cairn.effect {
  name = "fill_bag",
  target = "self",
  params = { item = "string" },
  run = function(ctx, target)
    local w = cairn.world()
    local item = w:spawn(ctx:value("item"), target.x, target.y)
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

-- What the log says when a room is spent.
cairn.change { name = "event_spent", description = "an event room's question was answered",
  describe = function(c, name) return string.format("%s falls silent.", name(c.entity)) end }

-- An event room acts once a beat, after everyone (the floor layer's phase), like a trap: a
-- player come onto it since its last turn is asked its event (data.event, an ability), unless
-- it is spent.
cairn.decorator {
  name = "EventRoom",
  description = "asks a player who comes onto it the question of data.event, until answered",
  data = { event = false, seen = false, spent = false },
  activate = function(room)
    local who = cairn.world():at(room.x, room.y)
    if who and not who:is_dead() and who.id ~= room.data.seen and not room.data.spent
        and who:has("PlayerControl") and cairn.resolve(who, room.data.event) then
      room.data.spent = true
      cairn.world():record("event_spent", { entity = room })
    end
    room.data.seen = who and who.id or false
    return true
  end,
}
cairn.action { name = "hold_event", components = { "EventRoom" } }

local function room(name, color, event)
  cairn.entity {
    name = name, glyph = "_", color = color, layer = "floor",
    decorators = { "EventRoom" }, data = { event = event },
    sequence = { { action = "hold_event" } }, algo = "simple",
  }
end
room("blood_altar", "bright_red", "blood_altar_rite")
room("wishing_well", "bright_blue", "wishing_well_wish")
