-- entity_died: the altar counts every death, by type.

test("the altar counts the rats the player kills", function()
  local w = scenario { map = [[
    #######
    #_....#
    #@r..r#
    #######
  ]] }
  local player = w:at(1, 2)
  local altar = w:at(1, 1, "floor")
  player:input("attack", "e")
  w:step()
  expect.map(w, [[
    #######
    #_....#
    #@..r.#
    #######
  ]])
  expect.eq(altar.data.deaths, 1)
  w:step(2) -- the other rat comes up
  expect.map(w, [[
    #######
    #_....#
    #@r...#
    #######
  ]])
  player:input("attack", "e")
  w:step()
  expect.map(w, [[
    #######
    #_....#
    #@....#
    #######
  ]])
  expect.eq(altar.data.deaths, 2)
  expect.eq(altar.data.by_type, { ["watcher:rat"] = 2 })
end)

test("it sees every death, the player's too", function()
  local w = scenario { map = [[
    ####
    #@r#
    #_.#
    ####
  ]] }
  local altar = w:at(1, 2, "floor")
  w:at(1, 1).hp = 1
  w:step()
  expect.map(w, [[
    ####
    #.r#
    #_.#
    ####
  ]])
  expect.eq(altar.data.by_type, { ["test:player"] = 1 })
end)
