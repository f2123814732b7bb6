-- seats.lua: the seats of a game. A seat is a player entity's place at the table: seat i is
-- the i-th player the game's generate put on the first floor (w:players() then), for the
-- whole game, dead or alive; a person, a bot or a remote peer takes it. The session asks each
-- question of the seat whose character it concerns: the beat's input of every seat the game
-- waits for, a question inside a beat of the seat whose character it is about.
local host = require("cairn.host")
local seats = {}

-- Whether a seat's character is asked for its input this beat (an extension point: a turn
-- model where one character acts at a time asks only that one's seat).
local asked = nil

-- fn(w, e) -> whether the living character e is asked for an input before the next beat; nil
-- asks every one.
function seats.set_asked(fn)
  asked = fn
end

-- Fixes the seats from the players on the grid (s.seats: their ids), unless they are fixed.
function seats.fix(s)
  if s.seats then return end
  local ids = {}
  for i, p in ipairs(host.world():players()) do ids[i] = p.id end
  s.seats = ids
end

function seats.count(s)
  return #s.seats
end

-- Seat i's character, or nil once it is dead and gone (or for no such seat).
function seats.entity(s, i)
  local id = s.seats[i]
  local e = id and host.world():entity(id)
  if e and not e:is_dead() then return e end
  return nil
end

-- The seat of entity e, or nil for an entity no seat has (an enemy).
function seats.of(s, e)
  if not e then return nil end
  for i, id in ipairs(s.seats) do
    if id == e.id then return i end
  end
  return nil
end

-- What seat i (0: a spectator; nil: the first seat) remembers of the floor it is on: map
-- index -> the look memory keeps of the cell (session/view.lua). Each seat remembers on its
-- own what it was shown: s.seen holds the memories by seat, then by floor.
function seats.memory(s, i)
  i = i or 1
  local floors = s.seen[i] or {}
  s.seen[i] = floors
  local cells = floors[s.floor] or {}
  floors[s.floor] = cells
  return cells
end

-- Whether seat i is asked for an input before the next beat: its character lives, and the
-- turn model asks it.
function seats.asked(s, i)
  local e = seats.entity(s, i)
  return e ~= nil and (not asked or asked(host.world(), e) and true or false)
end

-- The seat the game waits for: the first one asked that has given no input yet (`given`:
-- the inputs by seat), or nil when none waits.
function seats.waiting(s, given)
  for i = 1, #s.seats do
    if given[i] == nil and seats.asked(s, i) then return i end
  end
  return nil
end

return seats
