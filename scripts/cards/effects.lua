-- cards/effects.lua: the built-in effect types. Each goes through the same machinery as
-- everything else in the world, so content's rules apply to a card as to a monster: damage
-- is an attack by the actor (defence handlers, armour, the damage model, the history and
-- kills are the core's), block is a status, moves and pushes are displacements that
-- displace_check may veto, statuses are statuses.
local host = require("cairn.host")
local piles = require("cards.piles")
local stack = require("cards.stack")
local effects = {}

local define = stack.define

-- Damage, moves, pushes, teleports and spawns are timed (instant = false): the play screen
-- shows them one by one, with a pause each (stack.record_frames). The rest are instant.

-- The runtime's own status for block; compile.lua registers it in worlds that use cards
-- (effects.register), so that worlds without cards keep the registry content made.
effects.BLOCK = "cairn:block"

-- Damage is the actor's attack with no direction at the effect's targets (e:attack_on): the
-- card's numbers replace the actor's once its own attack_get handlers have run (a card's
-- number is the card's). Defence handlers, armour and resistances of the targets then apply
-- as to any hit. An actor that cannot attack (no Attacking) hurts its targets directly, as
-- e:hurt does.
--
-- The actor is left holding its own copy of attack_get, empty, as damage left it when it
-- hooked a handler there for each attack: the checksum covers the chains an entity holds of
-- its own, and the games recorded then (replays, saves) must still come to their checksums.
local function noop() end

-- The status a damage effect carries (parameter `status`, values `magnitude` (1) and `beats`
-- (0: lasting)), as e:attack_on takes it; nil when it carries none. One table, filled again
-- for each effect: e:attack_on keeps nothing of it.
local carry = {}

local function carried(c)
  local status = c.params.status
  if status == nil then return nil end
  carry.inflicts, carry.inflict_magnitude, carry.inflict_beats =
    status, c:number("magnitude", 1), c:number("beats", 0)
  return carry
end

local function attack(actor, targets, amount, pierce, power, source, status)
  if not actor:has("Attacking") or actor:is_dead() then
    for _, t in ipairs(targets) do
      if not t:is_dead() and t:has("WithHP") then t:hurt(amount, actor) end
      if status and not t:is_dead() and t:has("Statused") then
        t:apply(status.inflicts, { magnitude = status.inflict_magnitude,
          beats = status.inflict_beats > 0 and status.inflict_beats or nil, source = actor })
      end
    end
    return
  end
  actor:unhook("attack_get", actor:hook("attack_get", noop, "lowest"))
  actor:attack_on(targets, amount, pierce, power, source, status)
end
effects.attack = attack

define({ name = "damage", instant = false, each = false,
  params = { damage = "number", pierce = "number", power = "number", source = "string",
    status = "string", magnitude = "number", beats = "number" },
  run = function(c, targets)
    local amount = c:number("damage", 0)
    local pierce = c:value("pierce")
    local power = c:value("power")
    attack(c.actor, targets, amount, pierce, power, c.params.source, carried(c))
  end })

-- Block: a status for `beats` beats (default: the actor's turn length, else 4) holding an
-- amount in e.data.block that soaks up the damage of hits before armour. Blocking again
-- adds to the amount and starts the beats again.
define({ name = "block", target = "self", params = { block = "number", beats = "number" },
  run = function(c, t)
    if not t:has("Statused") then return end
    local amount = c:number("block", 0)
    local deck = piles.of(c.actor)
    local beats = c:number("beats", deck and deck.turn_beats or 4)
    if amount <= 0 or beats <= 0 then return end
    t.data.block = (t.data.block or 0) + amount
    t:apply(effects.BLOCK, beats)
  end })

function effects.block_defence(ev)
  local t = ev.target
  local block = t.data.block or 0
  if block <= 0 or ev.damage <= 0 then return end
  local soaked = math.min(block, ev.damage)
  ev.damage = ev.damage - soaked
  t.data.block = block - soaked
end

function effects.block_off(e)
  e.data.block = nil
end

local function sign(v) return v > 0 and 1 or v < 0 and -1 or 0 end

local NAMES = { [-1] = { [-1] = "nw", [0] = "n", [1] = "ne" },
  [0] = { [-1] = "w", [1] = "e" }, [1] = { [-1] = "sw", [0] = "s", [1] = "se" } }
local function dir_of(dx, dy)
  return NAMES[sign(dy)][sign(dx)]
end

-- move { distance, dir }: the target (default: the actor) steps `distance` cells (default 1),
-- one move at a time, towards the chosen cell or in `dir`.
define({ name = "move", instant = false, target = "self",
  params = { distance = "number", dir = "string" },
  run = function(c, t)
    local n = c:number("distance", 1)
    for _ = 1, n do
      if t:is_dead() or not t.x then return end
      local d = c.params.dir
      if not d then
        local x, y = stack.chosen_cell(c.entry.request)
        if not x or (x == t.x and y == t.y) then return end
        d = dir_of(x - t.x, y - t.y)
      end
      if not t:move(d) then return end
    end
  end })

-- push { push }: the target goes `push` cells (default 1) straight away from the actor, cell
-- by cell, stopping at the grid's edge, a wall, someone in the way, or a veto.
define({ name = "push", instant = false, params = { push = "number" },
  run = function(c, t)
    local a, w = c.actor, host.world()
    if not (a.x and t.x) then return end
    local dx, dy = sign(t.x - a.x), sign(t.y - a.y)
    if dx == 0 and dy == 0 then return end
    for _ = 1, c:number("push", 1) do
      local x, y = t.x + dx, t.y + dy
      if x < 0 or y < 0 or x >= w.width or y >= w.height or w:at(x, y, "wall") or
          w:at(x, y, t.layer) or t:is_dead() then
        return
      end
      if not t:displace(x, y, a) then return end
    end
  end })

-- teleport: the target (default: the actor) to the chosen cell, when it is free.
define({ name = "teleport", instant = false, target = "self", params = {},
  run = function(c, t)
    local x, y = stack.chosen_cell(c.entry.request)
    local w = host.world()
    if not x or w:at(x, y, t.layer) or w:at(x, y, "wall") then return end
    t:displace(x, y, c.actor)
  end })

-- These take their targets as a list (each = false) so that their values are looked up once
-- per effect, not once per target: a payload on a hundred foes is the case to be fast for.
-- A status given by the actor: its source, for "whoever poisoned you" and the chains. The
-- table e:apply reads is one, filled again for each effect (e:apply keeps nothing of it), so
-- that a payload applying statuses beat after beat makes no garbage.
local given = {}

define({ name = "apply_status", each = false,
  params = { status = "string", beats = "number", magnitude = "number" },
  run = function(c, targets)
    local status = c:value("status")
    given.magnitude, given.beats, given.source =
      c:number("magnitude", 1), c:number("beats", 1), c.actor
    for i = 1, #targets do
      local t = targets[i]
      if t:has("Statused") then t:apply(status, given) end
    end
    given.source = nil
  end })

define({ name = "remove_status", each = false, params = { status = "string" },
  run = function(c, targets)
    local status = c:value("status")
    for i = 1, #targets do
      local t = targets[i]
      if t:status(status) > 0 then t:remove(status) end
    end
  end })

define({ name = "heal", target = "self", each = false, params = { heal = "number" },
  run = function(c, targets)
    local amount, actor = c:number("heal", 0), c.actor
    for i = 1, #targets do
      local t = targets[i]
      if t.hp ~= nil then t:heal(amount, actor) end
    end
  end })

-- draw, discard, exhaust, gain_energy: the target's piles (default: the actor's).
define({ name = "draw", target = "self", params = { draw = "number" },
  run = function(c, t)
    local deck = piles.of(t)
    if deck then piles.draw(deck, c:number("draw", 1)) end
  end })

define({ name = "discard", target = "self", params = { discard = "number", which = "string" },
  run = function(c, t)
    local deck = piles.of(t)
    if deck then piles.take_from_hand(deck, c:number("discard", 1), "discard",
      c.params.which or "random") end
  end })

-- exhaust: with no count, the card played goes to the exhaust pile when it is done (not to
-- the discard pile); with `exhaust = n`, n cards of the target's hand are exhausted.
define({ name = "exhaust", target = "self", params = { exhaust = "number", which = "string" },
  run = function(c, t)
    local n = c.params.exhaust
    local deck = piles.of(t)
    if n == nil then
      c.entry.request.exhaust = true
    elseif deck then
      piles.take_from_hand(deck, c:number("exhaust", 1), "exhaust", c.params.which or "random")
    end
  end })

define({ name = "gain_energy", target = "self", params = { energy = "number" },
  run = function(c, t)
    local deck = piles.of(t)
    if deck then piles.gain_energy(deck, c:number("energy", 1)) end
  end })

-- spawn { entity = type }: one at the chosen cell, when it is free (else nothing).
define({ name = "spawn", instant = false, target = "none", params = { entity = "string" },
  run = function(c)
    local x, y = stack.chosen_cell(c.entry.request)
    local w = host.world()
    local kind = c:value("entity")
    if not x or type(kind) ~= "string" then return end
    if w:at(x, y, "real") or w:at(x, y, "wall") then return end
    w:spawn(kind, x, y)
  end })

stack.seal_builtins()

return effects
