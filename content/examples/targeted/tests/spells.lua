-- Targeting: what the filter and the range let through, and what each spell does to it.

local function damaged(w)
  local hurt = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "damaged" then hurt[#hurt + 1] = c.entity.x .. "," .. c.entity.y end
  end
  return table.concat(hurt, " ")
end

test("a firebolt burns a foe within range and in sight", function()
  local w = scenario { map = [[
    M..g.
    .....
  ]] }
  local mage, goblin = w:at(0, 0), w:at(3, 0)
  mage:choose("firebolt", { target = goblin })
  w:step()
  expect.eq(goblin.hp, 2)
  expect.eq(mage.data.mana, 2)
  expect.eq(damaged(w), "3,0")
end)

test("the filter keeps out what the mage cannot see and what is not a foe", function()
  local w = scenario { map = [[
    M.#g
    g..M
  ]] }
  local mage = w:at(0, 0)
  expect.error(function() mage:choose("firebolt", { target = w:at(3, 0) }) end,
    "'Burn what?' takes an entity within 4 cells that it may target", "behind the wall")
  expect.error(function() mage:choose("firebolt", { target = w:at(3, 1) }) end,
    "an entity within 4 cells", "another mage is on the mage's team")
  mage:choose("firebolt", { target = w:at(0, 1) })
  w:step()
  expect.eq(w:at(0, 1).hp, 2)
end)

test("range: a foe five cells away is out of reach", function()
  local w = scenario { map = "M.g..g" }
  expect.error(function() w:at(0, 0):choose("firebolt", { target = w:at(5, 0) }) end,
    "an entity within 4 cells")
end)

test("with no foe to burn, the firebolt cannot be chosen", function()
  local w = scenario { map = "M.#g" }
  expect.error(function() w:at(0, 0):choose("firebolt", {}) end,
    "firebolt: nothing to choose for 'Burn what?'")
end)

test("a frost nova hurts everything around the chosen cell", function()
  local w = scenario { map = [[
    M.g..
    ..gg.
    ....g
  ]] }
  local mage = w:at(0, 0)
  mage:choose("frost_nova", { target = { x = 3, y = 1 } })
  w:step()
  expect.eq(damaged(w), "2,0 2,1 3,1 4,2")
  expect.eq(w:at(4, 2).hp, 3)
  expect.eq(mage.data.mana, 1)
  expect.eq(mage:choices()[2].reason, "not enough mana")
end)

test("a nova's cell must be within 3 and in sight", function()
  local w = scenario { map = [[
    M.#..
    ..#..
  ]] }
  local mage = w:at(0, 0)
  expect.error(function() mage:choose("frost_nova", { target = { x = 3, y = 0 } }) end,
    "'Freeze where?' takes a cell within 3 cells that it may target")
  mage:choose("frost_nova", { target = { x = 1, y = 1 } })
  w:step()
  expect.eq(mage.hp, 7, "the mage stood within the area")
end)
