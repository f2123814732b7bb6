-- Regenerating at work on a troll that has nobody to fight.

test("a wounded troll heals 1 hp every 2 beats, up to its max", function()
  local w = scenario { map = [[
    ###
    #T#
    ###
  ]] }
  local troll = w:at(1, 1)
  expect.eq(troll.data.regen_every, 2, "the type's value, not the decorator's 3")
  troll.hp = 1
  w:step()
  expect.eq(troll.hp, 1)
  expect.eq(troll.data.regen_wait, 1)
  w:step()
  expect.eq(troll.hp, 2)
  w:step(2)
  expect.eq(troll.hp, 3)
  w:step(10)
  expect.eq(troll.hp, 4, "never above max_hp")
  expect.eq(troll.data.regen_wait, 0)
end)

test("each troll keeps its own data", function()
  local w = scenario { map = [[
    #####
    #T#T#
    #####
  ]] }
  local quick, slow = w:at(1, 1), w:at(3, 1)
  quick.data.regen_every = 1 -- e.data belongs to one entity: the other keeps its 2
  quick.hp, slow.hp = 1, 1
  w:step(2)
  expect.eq(quick.hp, 3)
  expect.eq(slow.hp, 2)
  expect.eq(slow.data.regen_every, 2)
end)
