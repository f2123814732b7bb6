-- Schedules: w:schedule plays an action on a copy of the world and returns its timeline (every
-- change, by step), its net outcome and the undo; w:apply puts an outcome into the world, and
-- its undo takes it back out, to the checksum.

cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "imp", glyph = "i",
  decorators = { "Moving", "Displaceable", "WithHP", "Killable", "Attackable", "Attacking" },
  stats = { hp = 2, team = 2 },
  sequence = { { action = "attack_move", movs = "west" } } }

cairn.choice { name = "jab", key = "J", target = { among = "direction" }, action = "attack" }
cairn.choice { name = "note", key = "N",
  perform = function(a) a.data.noted = (a.data.noted or 0) + 1 end }

-- The entry of an outcome for entity e, or nil.
local function entry_of(outcome, e)
  for _, d in ipairs(outcome) do
    if d.entity == e.id then return d end
  end
end

local hall = [[
  ##########
  #@.......#
  #........#
  ##########
]]

test("a walk of five cells is five steps in the timeline and one change of cell", function()
  local w = scenario { map = hall }
  local p = w:at(1, 1)
  local sum = w:checksum()
  local s = w:schedule(p, "move", { x = 6, y = 1 })
  expect.eq(w:checksum(), sum, "the world is as it was")
  expect.eq(p.x, 1)
  expect.eq(s.steps, 5)
  expect.eq(s.stopped, nil)
  local moves = {}
  for _, c in ipairs(s.timeline) do
    if c.kind == "moved" then moves[#moves + 1] = c.step .. ":" .. c.to.x end
  end
  expect.eq(table.concat(moves, " "), "1:2 2:3 3:4 4:5 5:6")
  expect.eq(#s.outcome, 1)
  local d = s.outcome[1]
  expect.eq(d.entity, p.id)
  expect.eq(d.cell.from.x, 1)
  expect.eq(d.cell.to.x, 6)
  expect.eq(s.undo[1].cell.from.x, 6)
  expect.eq(s.undo[1].cell.to.x, 1)
end)

test("applying an outcome and then its undo gives back the same checksum", function()
  local w = scenario { map = [[
    ##########
    #@......i#
    #........#
    ##########
  ]] }
  local p = w:at(1, 1)
  local before = w:checksum()
  local s = w:schedule(p, "move", { "e", "se" })
  expect.eq(#s.outcome, 2, "the player and the imp")
  w:apply(s.outcome)
  expect.eq(p.x, 3)
  expect.eq(p.y, 2)
  expect.eq(w:at(6, 1).type, "scenario:imp")
  expect.truthy(w:checksum() ~= before)
  w:apply(s.undo)
  expect.eq(w:checksum(), before)
  expect.map(w, [[
    ##########
    #@......i#
    #........#
    ##########
  ]])
end)

test("an outcome carries hp; a walk stops where the actor was hurt", function()
  local w = scenario { map = [[
    #######
    #@..i.#
    #######
  ]] }
  local p = w:at(1, 1)
  local before = w:checksum()
  local s = w:schedule(p, "move", { x = 5, y = 1 })
  expect.eq(s.stopped, "hurt")
  expect.eq(s.steps, 2, "the imp steps up, then strikes as the player bumps into it")
  local mine = entry_of(s.outcome, p)
  expect.eq(mine.hp.from, 10)
  expect.eq(mine.hp.to, 9)
  w:apply(s.outcome)
  expect.eq(p.hp, 9)
  w:apply(s.undo)
  expect.eq(w:checksum(), before)
end)

test("a walk into a wall stops, blocked", function()
  local w = scenario { map = hall }
  local p = w:at(1, 1)
  local s = w:schedule(p, "move", { "e", "n", "e" })
  expect.eq(s.stopped, "blocked")
  expect.eq(s.steps, 2)
  expect.eq(s.outcome[1].cell.to.x, 2)
end)

test("an outcome that does not fit the world is refused, and changes nothing", function()
  local w = scenario { map = hall }
  local p = w:at(1, 1)
  local s = w:schedule(p, "move", "e")
  w:apply(s.outcome)
  local sum = w:checksum()
  expect.error(function() w:apply(s.outcome) end, "is at (2, 1), not (1, 1)")
  expect.eq(w:checksum(), sum)
  expect.error(function() w:schedule(p, "move", "up") end, "'up' is not a direction")
end)

test("hit points beyond what an entity has are refused, never cut to 32 bits", function()
  local w = scenario { map = [[
    #####
    #@i.#
    #####
  ]] }
  local p, imp = w:at(1, 1), w:at(2, 1)
  local s = w:schedule(p, "attack", "e")
  local hit = entry_of(s.outcome, imp)
  expect.eq(hit.hp.to, 1)
  hit.hp.to = 2 ^ 32 // 1 + 1 -- 1 in its low 32 bits
  local sum = w:checksum()
  expect.error(function() w:apply(s.outcome) end, "'hp.to' is 4294967297, beyond the hit points")
  expect.eq(imp.hp, 2)
  expect.eq(w:checksum(), sum)
end)

test("a choice is scheduled as it is committed, and what was committed before stays", function()
  local w = scenario { map = [[
    #####
    #@i.#
    #####
  ]] }
  local p, imp = w:at(1, 1), w:at(2, 1)
  p:choose("note")
  local before = w:checksum()
  local s = w:schedule(p, { choice = "jab", answers = { target = "e" } })
  expect.eq(s.steps, 1)
  local hit = entry_of(s.outcome, imp)
  expect.eq(hit.hp.from, 2)
  expect.eq(hit.hp.to, 1)
  expect.eq(w:checksum(), before)
  w:apply(s.outcome)
  expect.eq(imp.hp, 1)
  w:apply(s.undo)
  expect.eq(w:checksum(), before)
  w:step()
  expect.eq(p.data.noted, 1, "the note committed before the schedule is performed")
  expect.error(function() w:schedule(p, { choice = "jab" }) end, "left unanswered")
  expect.error(function() w:schedule(p, { choice = "jab", answers = {} }, "e") end,
    "a choice takes its target among its answers")
end)

test("a death is in the outcome, and such an outcome is not applied", function()
  local w = scenario { map = [[
    #####
    #@i.#
    #####
  ]] }
  local p, imp = w:at(1, 1), w:at(2, 1)
  imp.hp = 1
  local s = w:schedule(p, "attack", "e")
  local gone = entry_of(s.outcome, imp)
  expect.eq(gone.died, true)
  expect.eq(gone.type, "scenario:imp")
  expect.eq(gone.cell.from.x, 2)
  expect.eq(entry_of(s.undo, imp).spawned, true)
  local sum = w:checksum()
  expect.error(function() w:apply(s.outcome) end, "an entity died or appeared")
  expect.error(function() w:apply(s.undo) end, "an entity died or appeared")
  expect.eq(w:checksum(), sum)
end)
