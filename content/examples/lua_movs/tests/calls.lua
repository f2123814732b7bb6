-- A movs written in Lua is called each time the entity asks for directions: once a beat for
-- the wisp. Compare data_enemy, whose enemy makes no Lua calls at all.

test("the Lua movs is called once a beat", function()
  local w = scenario { map = [[
    #########
    #@.....w#
    #########
  ]] }
  local before = w:lua_calls()
  w:step(6)
  expect.eq(w:lua_calls() - before, 6)
end)
