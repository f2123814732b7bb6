-- bots.lua: two bots that play the gladiator, for `cairn sim --game arena --bot NAME`, the
-- tests and tools/balance/arena, which measures how often each wins.
--
-- - tactician plays its cards: a second wind when hurt, a slash at the weakest foe next to
--   it, a guard when pressed, a javelin at a foe in a clear line; else it strikes or closes
--   in on its closest foe.
-- - brawler never plays a card: it strikes the weakest foe next to it, else closes in.
--
-- Both commit the gladiator's own choices (choices.lua), as a person's keys do, and look at
-- the world as it is (the arena hides nothing).

local fighters = require "fighters"

local HURT = 6 -- the hp under which the tactician looks to its own skin

local function short(name) return (name:gsub("^[^:]*:", "")) end

local function weakest(list)
  local best
  for _, e in ipairs(list) do
    if not best or e.hp < best.hp then best = e end
  end
  return best
end

local function adjacent_foes(p)
  local list = {}
  for _, f in ipairs(p:foes()) do
    if fighters.distance(p, f.x, f.y) == 1 then list[#list + 1] = f end
  end
  return list
end

-- Whether the gladiator may step into (x, y): no wall, nobody there.
local function free(w, x, y)
  return not w:at(x, y, "wall") and not w:at(x, y)
end

local function bump(dir)
  return { choice = "arena:bump", answers = { target = dir } }
end

-- A step on the shortest way to `goal` (its first step, or the free way beside it when the
-- hound stands on it); a wait when there is none.
local function close_in(w, p, goal)
  local way = w:path(p.x, p.y, goal.x, goal.y, { diagonal = true })
  if way and #way > 0 then
    for _, turn in ipairs({ 0, 1, -1, 2, -2 }) do
      local dir = cairn.dir.rotate(way[1], turn)
      local dx, dy = cairn.dir.delta(dir)
      local x, y = p.x + dx, p.y + dy
      if free(w, x, y) or (w:at(x, y) and p:is_foe(w:at(x, y))) then return bump(dir) end
    end
  end
  return { choice = "arena:wait" }
end

-- Strikes the weakest foe next to the gladiator, else closes in on the closest.
local function fight(w, p)
  local foe = weakest(adjacent_foes(p))
  if foe then return bump(cairn.dir.toward(foe.x - p.x, foe.y - p.y)) end
  local goal = fighters.closest_foe(p)
  if not goal then return { choice = "arena:wait" } end
  return close_in(w, p, goal)
end

-- The playable cards of the hand, by short name: the first of each.
local function playable(p)
  local by_name = {}
  for _, c in ipairs(cairn.cards.hand(p)) do
    local name = short(c.card)
    if c.playable and not by_name[name] then by_name[name] = c.id end
  end
  return by_name
end

-- The choice "play" of the card `id`, at `target` when it asks for one. The pick offers the
-- playable cards only, so the card is found among its options by its id.
local function play(id, target)
  return { choice = "arena:play", answers = function(prompt)
    if prompt.name == "card" then
      for i, o in ipairs(prompt.options) do
        if o.value.id == id then return i end
      end
    elseif prompt.name == "target" then
      return target
    end
  end }
end

-- The weakest foe a javelin reaches: within 4 cells, in a clear line.
local function javelin_target(p)
  local list = {}
  for _, f in ipairs(p:foes()) do
    if fighters.distance(p, f.x, f.y) <= 4 and fighters.clear_line(p, f.x, f.y) then
      list[#list + 1] = f
    end
  end
  return weakest(list)
end

cairn.bot {
  name = "tactician",
  description = "plays its cards: heals when hurt, slashes, guards when pressed, throws",
  decide = function(_, w, p)
    local hand = playable(p)
    local near = adjacent_foes(p)
    if hand.second_wind and p.hp <= HURT then return play(hand.second_wind) end
    if hand.slash and #near > 0 then return play(hand.slash, weakest(near)) end
    if hand.guard and cairn.cards.block(p) == 0 and (#near >= 2 or (#near == 1 and p.hp <= HURT))
    then
      return play(hand.guard)
    end
    local far = hand.javelin and javelin_target(p)
    if far then return play(hand.javelin, far) end
    return fight(w, p)
  end,
}

cairn.bot {
  name = "brawler",
  description = "never plays a card: strikes the weakest foe next to it, else closes in",
  decide = function(_, w, p)
    return fight(w, p)
  end,
}
