-- choices.lua: what the player can choose to do each beat, as the play screen's action panel
-- lists them and bots and tests commit them (e:choose). Four are plain actions of the core
-- in a direction: bump (the movement keys: step, or strike or dig what is in the way), fight,
-- dig, and wait. The others come from what the player carries (inventory.lua, consumables.lua):
-- use, throw, drop and equip a bag item, and pick up the one underfoot. Each says why when it
-- cannot be chosen now ("nothing to throw"), so the panel can show it dimmed.
--
-- Keys: the movement keys (h j k l y u b n, the digits), ? Q q < > U, _ (travel) and o
-- (auto-explore) are the play screen's own; these take others.
--
-- They are offered to an actor with an Inventory only, the base game's player: another
-- pack's game loaded beside this one (a mod's own player) does not get them in its list.

local consumables = require "consumables"
local inventory = require "inventory"

-- The items of a's bag that `keep` accepts, as pick options labelled with their names.
local function options(a, keep)
  local list = {}
  for _, item in ipairs(inventory.bag(a)) do
    if keep(item) then list[#list + 1] = { value = item, label = inventory.name(item) } end
  end
  return list
end

-- available() for a verb over bag items: true when some item is fit for it, else the reason.
local function some(keep, reason)
  return function(a)
    for _, item in ipairs(inventory.bag(a)) do
      if keep(item) then return true end
    end
    return false, reason
  end
end


-- available() for a choice: `test` (absent: always) for an actor with an Inventory; for any
-- other, false with no reason, which leaves the choice out of its list.
local function ours(test)
  return function(a)
    if not a:has("Inventory") then return false end
    if test then return test(a) end
    return true
  end
end

local function usable(item) return item.data.use ~= nil end
local function throwable(item) return item.data.throw ~= nil end
local function wearable(item) return item.data.slot ~= nil end
local function any() return true end

-- Whether e is one a's attacks are for: alive, Attackable, on a team among a's targets.
local function foe_of(a, e)
  if e:is_dead() or e.layer ~= "real" or not e:has("Attackable") then return false end
  for _, team in ipairs(a.targets) do
    if e.team == team then return true end
  end
  return false
end

-- The core's actions -------------------------------------------------------------------------
--
-- A step, a blow or a dig that could do nothing is refused with why, before any beat passes
-- (as Brogue and DCSS spend no turn on a walk into a wall): the filters of their directions.

-- The wall that way, when a's dig could not get through it (it cannot be dug, or not with
-- what a holds), or nil.
local function hard_wall(a, dir)
  local dx, dy = cairn.dir.delta(dir)
  local wall = cairn.world():at(a.x + dx, a.y + dy, "wall")
  if not wall then return nil end
  if not wall:has("Diggable") then return wall end
  local shovel = inventory.held(a, "shovel")
  local digs, own = pcall(function() return a.dig_power end) -- an actor without Digging: 0
  local power = shovel and shovel.data.dig_power or (digs and own) or 0
  if power < wall.dig_resistance then return wall end
  return nil
end

local function in_the_way(wall)
  return "The " .. inventory.name(wall) .. " is in the way."
end

local function bump_way(a, dir)
  local wall = hard_wall(a, dir)
  if wall and not inventory.strikes(a, dir) then return false, in_the_way(wall) end
  return true
end

local function fight_way(a, dir)
  if inventory.strikes(a, dir) then return true end
  return false, "Nothing there to fight."
end

local function dig_way(a, dir)
  local dx, dy = cairn.dir.delta(dir)
  local wall = cairn.world():at(a.x + dx, a.y + dy, "wall")
  if not wall then return false, "Nothing there to dig." end
  if hard_wall(a, dir) then
    return false, "The " .. inventory.name(wall) .. " is too hard to dig."
  end
  return true
end

cairn.choice {
  name = "bump",
  key = "direction",
  label = "move",
  description = "step that way; strike, or dig, whatever is in the way",
  available = ours(),
  target = { among = "direction", text = "Move which way?", filter = bump_way },
  action = "attack_dig_move",
}

cairn.choice {
  name = "wait",
  key = ".",
  description = "let a beat go by",
  available = ours(),
  action = "none",
}

-- With a spear or a broadsword, fight strikes what the weapon reaches even with nothing in
-- the next cell, where bump would step.
cairn.choice {
  name = "fight",
  key = "F",
  description = "strike that way, without stepping",
  available = ours(function(a)
    for _, dir in ipairs(cairn.dir.all) do
      if inventory.strikes(a, dir) then return true end
    end
    return false, "nobody in reach"
  end),
  target = { among = "direction", text = "Fight which way?", filter = fight_way },
  action = "attack",
}

-- Bare hands dig nothing (player.lua): without a shovel the choice says so rather than
-- fail a beat.
cairn.choice {
  name = "dig",
  key = "D",
  description = "dig the wall that way",
  available = ours(function(a)
    if inventory.held(a, "shovel") then return true end
    return false, "nothing to dig with"
  end),
  target = { among = "direction", text = "Dig which way?", filter = dig_way },
  action = "dig",
}

-- The bag's verbs ----------------------------------------------------------------------------

-- Whether someone other than a within r cells of it is one `fits(a, e)` accepts.
local function someone_within(a, r, fits)
  local w = cairn.world()
  for y = math.max(0, a.y - r), math.min(w.height - 1, a.y + r) do
    for x = math.max(0, a.x - r), math.min(w.width - 1, a.x + r) do
      local e = w:at(x, y)
      if e and e ~= a and fits(a, e) then return true end
    end
  end
  return false
end

-- available() for a verb over bag items that may need someone to aim at: true when an item
-- `keep` accepts is `ready(a, item)`, else why: `nobody` when one is carried, else `nothing`.
local function some_ready(keep, ready, nothing, nobody)
  return function(a)
    local carried = false
    for _, item in ipairs(inventory.bag(a)) do
      if keep(item) then
        if ready(a, item) then return true end
        carried = true
      end
    end
    return false, carried and nobody or nothing
  end
end

-- Whether item, used by a, has what its use asks: a scroll someone to be read at (its
-- ability's target prompt has a candidate); a potion nothing.
local function at_hand(a, item)
  local aim = consumables.aim(item)
  if not aim then return true end
  return someone_within(a, aim.range, aim.filter or function() return true end)
end

cairn.choice {
  name = "use",
  key = "a",
  description = "drink a potion, or read a scroll, from the bag",
  available = ours(some_ready(usable, at_hand, "nothing to use", "nobody in range to read at")),
  prompts = { { name = "item", kind = "pick", text = "Use what?",
    options = function(a)
      return options(a, function(item) return usable(item) and at_hand(a, item) end)
    end,
    next = function(_, answers)
      local aim = consumables.aim(answers.item)
      return aim and { aim } or nil
    end } },
  perform = function(a, answers)
    local item = answers.item
    if item.data.use == "read" then return (consumables.read(a, item, answers.target)) end
    return (consumables.drink(a, item))
  end,
}

-- Whether a's dagger may be thrown at e: a foe, in a clear line.
local function dagger_at(a, e)
  return foe_of(a, e) and consumables.clear(cairn.world(), a, e.x, e.y)
end

-- Whether item, thrown by a, has something to be thrown at: a dagger someone within its
-- range; a bomb any cell, which there always is. Throw is offered, and an item listed, only
-- then: a dagger picked with nobody to throw it at would leave the choice with no target.
local function aimable(a, item)
  if item.data.throw ~= "dagger" then return true end
  return someone_within(a, item.data.range, dagger_at)
end

-- The target prompt depends on what is thrown: a dagger at someone, in range and in a clear
-- line; a bomb at a cell, its blast shown, with nothing in the way but those it will hit.
local function aim(a, answers)
  local item = answers.item
  if item.data.throw == "dagger" then
    return { {
      name = "target", kind = "select", among = "entity", text = "Throw at what?",
      range = item.data.range, filter = dagger_at,
    } }
  end
  return { {
    name = "target", kind = "select", among = "cell", text = "Throw at what?",
    range = item.data.range, area = item.data.area,
    filter = function(actor, c)
      local w = cairn.world()
      return (c.x ~= actor.x or c.y ~= actor.y) and not w:at(c.x, c.y, "wall")
        and consumables.clear(w, actor, c.x, c.y, item.data.area)
    end,
  } }
end

cairn.choice {
  name = "throw",
  key = "t",
  description = "throw a dagger at someone, or a bomb at a cell",
  available = ours(some_ready(throwable, aimable, "nothing to throw",
    "nobody in range to throw at")),
  prompts = { { name = "item", kind = "pick", text = "Throw what?",
    options = function(a)
      return options(a, function(item) return throwable(item) and aimable(a, item) end)
    end, next = aim } },
  perform = function(a, answers)
    local item, target = answers.item, answers.target
    if item.data.throw == "dagger" then return (consumables.throw_dagger(a, item, target)) end
    return (consumables.throw_bomb(a, item, target.x, target.y))
  end,
}

cairn.choice {
  name = "drop",
  key = "d",
  description = "put an item from the bag down here",
  available = ours(function(a)
    if #inventory.bag(a) == 0 then return false, "nothing to drop" end
    if cairn.world():at(a.x, a.y, "item") then return false, "something lies here already" end
    return true
  end),
  prompts = { { name = "item", kind = "pick", text = "Drop what?",
    options = function(a) return options(a, any) end } },
  perform = function(a, answers)
    return (inventory.drop(a, answers.item))
  end,
}

cairn.choice {
  name = "equip",
  key = "e",
  description = "take gear from the bag in hand; what was held goes to the bag",
  available = ours(some(wearable, "nothing to equip")),
  prompts = { { name = "item", kind = "pick", text = "Equip what?",
    options = function(a) return options(a, wearable) end } },
  perform = function(a, answers)
    return (inventory.equip(a, answers.item))
  end,
}

cairn.choice {
  name = "pick_up",
  key = "g",
  label = "pick up",
  description = "take the item underfoot: gear in hand (what was held is left here), "
    .. "the rest in the bag",
  available = ours(function(a)
    local item = a.x and cairn.world():at(a.x, a.y, "item")
    if not (item and inventory.is_item(item)) then return false, "nothing here to pick up" end
    if item.data.slot or item.data.relic then return true end
    if #a.data.bag >= inventory.BAG_SIZE then return false, "the bag is full" end
    return true
  end),
  perform = function(a)
    local item = cairn.world():at(a.x, a.y, "item")
    if item and item.data.slot then return (inventory.take_up(a, item)) end
    return (inventory.pick_up(a, item))
  end,
}
