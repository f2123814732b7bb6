-- Schedules: w:schedule plays an action on a copy of the world and returns its timeline (every
-- change, by step), its net outcome and the undo; w:apply puts an outcome into the world, and
-- its undo takes it back out, to the checksum.

cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "imp", glyph = "i",
  decorators = { "Moving", "Displaceable", "WithHP", "Killable", "Attackable", "Attacking" },
  stats = { hp = 2, team = 2 },
  sequence = { { action = "attack_move", movs = "west" } } }

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
  local mine
  for _, d in ipairs(s.outcome) do
    if d.entity == p.id then mine = d end
  end
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
