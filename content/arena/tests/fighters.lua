-- The arena's fighters (fighters.lua): whom they go for, and the slinger's stones.

test("the hound goes for the closest foe, not for the gladiator", function()
  local w = scenario { map = [[
    #######
    #@...d#
    #.....#
    #....w#
    #######
  ]] }
  w:step()
  expect.map(w, [[
    #######
    #@....#
    #....d#
    #....w#
    #######
  ]])
end)

test("a swordsman goes for the hound when it is the closer", function()
  local w = scenario { map = [[
    #########
    #@......#
    #.......#
    #.....w.#
    #...d...#
    #########
  ]] }
  local sword = w:at(6, 3)
  w:step()
  expect.eq({ sword.x, sword.y }, { 5, 4 }, "a step south-west, towards the hound")
end)

test("a slinger hurls a stone at a foe in a clear line, not through a pillar", function()
  local w = scenario { map = [[
    #######
    #@...s#
    #.....#
    #######
  ]] }
  local p = w:players()[1]
  w:step()
  expect.eq(p.hp, 11, "a stone from four cells off")
  local s = w:at(5, 1)
  w:spawn("pillar", 3, 1)
  w:step()
  expect.eq(p.hp, 11, "the pillar is in the way")
  expect.eq(s.x ~= 5 or s.y ~= 1, true, "it moved rather than hurl")
end)

test("the brute gets its breath back after each blow", function()
  local w = scenario { map = [[
    #####
    #@B.#
    #####
  ]] }
  local p = w:players()[1]
  w:step()
  expect.eq(p.hp, 10)
  w:step()
  expect.eq(p.hp, 10, "a beat of rest")
  w:step()
  expect.eq(p.hp, 8)
end)
