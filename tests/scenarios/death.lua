-- Death: the dead leave the grid the moment they die, so the living can take their cell in
-- the same beat, while their handles stay readable until the end of the beat.

cairn.entity { name = "grunt", glyph = "g",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable" },
  stats = { hp = 1, team = 2, targets = { 1 } },
  sequence = { { action = "attack_move", movs = "basic" } } }

test("an enemy whose way a dead one blocked moves into its cell in the same beat", function()
  local w = scenario { map = [[
    ######
    #@gg.#
    ######
  ]] }
  local p, first, second = w:at(1, 1), w:at(2, 1), w:at(3, 1)
  p:input("attack", "e")
  w:step()
  expect.truthy(first:is_dead(), "the player killed the first grunt")
  expect.map(w, [[
    ######
    #@g..#
    ######
  ]], "the second grunt stepped into the cell the first died in")
  expect.truthy(w:at(2, 1) == second)
  expect.eq(p.hp, 10, "it moved rather than attacked")
end)

-- What every entity_died handler saw: the dead one, whether it is dead, its cell on its
-- handle, and whether its cell on its layer is empty.
local deaths = {}
cairn.handler { chain = "entity_died", fn = function(ev)
  local dead = ev.entity
  deaths[#deaths + 1] = { dead.type, dead:is_dead(), dead.x, dead.y,
    cairn.world():at(dead.x, dead.y, dead.layer) == nil }
end }

test("entity_died sees the cell free already and the dead one's cell on its handle", function()
  local w = scenario { map = [[
    #####
    #@g.#
    #####
  ]] }
  deaths = {}
  w:at(1, 1):attack("e")
  expect.eq(deaths, { { "scenario:grunt", true, 2, 1, true } })
  local died
  for _, c in ipairs(w:history()) do
    if c.kind == "died" then died = { c.from.x, c.from.y } end
  end
  expect.eq(died, { 2, 1 }, "the history says where it died")
end)

test("the dead cannot be put back on the grid", function()
  local w = scenario { map = "@g." }
  local g = w:at(1, 0)
  g:kill()
  expect.eq(w:at(1, 0), nil)
  expect.error(function() g:place(2, 0) end, "is dead")
  expect.error(function() g:displace(2, 0) end, "is dead")
end)
