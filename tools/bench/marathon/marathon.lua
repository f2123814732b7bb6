-- A game that goes on for 20 floors: every 700 beats the player is taken down a floor of the
-- base game's dungeon, wherever it stands; a new enemy comes every 25 beats; the player has
-- hp enough for thousands of beats of blows. Every monster keeps a diary in e.data and the world counts in
-- w.data, so a save of a long game holds the Lua data of many entities as well as the
-- session's long history.
local dungeon = require "base:dungeon"
local inventory = require "base:inventory"

local BEATS_A_FLOOR = 700
local FLOORS = 20
local NEW_ENEMY_EVERY = 25
local TOUGH = 1000000

cairn.game {
  name = "marathon",
  width = 48,
  height = 18,
  floors = FLOORS,
  generate = function(w, floor, floors, players)
    dungeon.generate(w, math.min(floor, 3), 3, players)
    if floor == 1 then
      for _, p in ipairs(w:players()) do
        for _, kind in ipairs({ "dagger", "shovel" }) do
          inventory.give(p, w:spawn("base:" .. kind, p.x, p.y))
        end
        p.max_hp = TOUGH
        p.hp = TOUGH
      end
    end
  end,
  outcome = function(w)
    if (w.data.beats or 0) % BEATS_A_FLOOR == 0 then return "descend" end
  end,
  report = function(w) return { beats_counted = w.data.beats or 0 } end,
}

local enemies = { "base:skeleton", "base:bat", "base:zombie", "base:armadillo" }

-- A new enemy on a free cell drawn at random (a few tries; none when the floor is full).
local function reinforce(w)
  for _ = 1, 20 do
    local x, y = math.random(0, w.width - 1), math.random(0, w.height - 1)
    if not (w:at(x, y, "wall") or w:at(x, y, "real") or w:at(x, y, "floor")) then
      w:spawn(enemies[math.random(#enemies)], x, y)
      return
    end
  end
end

cairn.handler {
  chain = "beat_end",
  fn = function()
    local w = cairn.world()
    w.data.beats = (w.data.beats or 0) + 1
    if w.data.beats % NEW_ENEMY_EVERY == 0 then reinforce(w) end
    for _, e in ipairs(w:entities()) do
      if e.layer == "real" and not e:has("PlayerControl") and e:has("WithHP") then
        local d = e.data.diary or { beats = 0, trail = {} }
        d.beats = d.beats + 1
        table.insert(d.trail, 1, { x = e.x, y = e.y })
        if #d.trail > 3 then table.remove(d.trail) end
        d.mood = (d.mood or 0.5) * 0.75 + e.hp / 3
        e.data.diary = d
      end
    end
  end,
}
