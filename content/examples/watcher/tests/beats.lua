-- beat_end: once a beat, after the dead were removed. The altar counts the beats it
-- watched and how many in a row went by without a death.

test("the altar counts beats, and calm beats in a row", function()
  local w = scenario { map = [[
    #######
    #@...r#
    #_#####
  ]] }
  local player = w:at(1, 1)
  local altar = w:at(1, 2, "floor")
  w:step(3)
  expect.eq(altar.data.beats, 3)
  expect.eq(altar.data.calm, 3, "nobody died yet")
  player:input("attack", "e") -- the rat is next to the player now
  w:step()
  expect.map(w, [[
    #######
    #@....#
    #_#####
  ]])
  expect.eq(altar.data.calm, 0, "a death this beat")
  w:step(2)
  expect.eq(altar.data.beats, 6)
  expect.eq(altar.data.calm, 2)
end)
