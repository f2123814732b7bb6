-- floor.lua: the first floor of base's dungeon, with everything of base close to the entry.
-- Nothing here changes a rule: only what the floor holds and the deck dealt.

local cards = require "base:cards"
local dungeon = require "base:dungeon"

-- Every card of base the player can hold, so that each is drawn within a few turns.
cards.set_deck {
  "strike", "defend", "lunge", "dash", "second_wind", "flurry", "twin_strike", "fireball",
  "whirlwind", "charged_bolt", "bloodletting", "gamble", "tactics", "regrowth", "thorns",
  "riposte", "dodge", "parry", "counter", "meditate", "spark", "war_cry", "shove", "blink",
  "barricade", "cleanse",
}

-- Near the entry: what the player picks up, drinks, reads, throws and keeps, and what it
-- steps on (the event rooms ask their questions then).
local NEAR = {
  "blood_altar", "wishing_well",
  "dagger", "spear", "broadsword", "shovel", "pickaxe", "leather_armour", "chainmail",
  "healing_potion", "throwing_dagger", "bomb", "throwing_dagger", "bomb", "scroll_of_stunning",
  "thorn_ring", "miners_lantern", "war_drum",
  "bounce_trap", "spike_trap", "crate",
}

-- A little further: every enemy of base, so that fights (and their blows to react to) come
-- within the first beats.
local FOES = {
  "skeleton", "bat", "zombie", "armadillo", "shaman", "knight", "shield_bearer", "monkey",
  "archer", "brute",
}

dungeon.set_counts { floors = { 1 }, portals = 1 }

local LAYERS = { "wall", "real", "item", "trap", "floor" }

local function free(w, x, y)
  if x < 1 or y < 1 or x >= w.width - 1 or y >= w.height - 1 then return false end
  for _, layer in ipairs(LAYERS) do
    if w:at(x, y, layer) then return false end
  end
  return true
end

-- The free cells at distance `from` to `to` of (x, y), ring after ring, each ring in a fixed
-- order: the same floor for the same seed.
local function cells_around(w, x, y, from, to)
  local cells = {}
  for r = from, to do
    for dy = -r, r do
      for dx = -r, r do
        if math.max(math.abs(dx), math.abs(dy)) == r and free(w, x + dx, y + dy) then
          cells[#cells + 1] = { x + dx, y + dy }
        end
      end
    end
  end
  return cells
end

local function place(w, list, cells)
  local used = 0
  for _, name in ipairs(list) do
    used = used + 1
    local c = cells[used]
    if not c then return end
    w:spawn(name, c[1], c[2])
  end
end

dungeon.on_floor(function(w, floor, level)
  if floor ~= 1 then return end
  local x, y = level.entry.x, level.entry.y
  place(w, NEAR, cells_around(w, x, y, 1, 3))
  place(w, FOES, cells_around(w, x, y, 4, 8))
end)
