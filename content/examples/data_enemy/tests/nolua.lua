-- What "data only" buys: the core runs this enemy without calling into Lua. w:lua_calls()
-- counts every call the core has made into Lua (handlers, movs, callbacks...).

test("a data-only enemy makes no Lua calls", function()
  local w = scenario { map = [[
    ######
    #@..s#
    ######
  ]] }
  local player = w:at(1, 1)
  w:step(2) -- let it settle into its sequence
  local before = w:lua_calls()
  expect.eq(before, 0, "Lua calls while the world was made and the first beats ran")
  w:step(8) -- it walks up to the player and starts hitting
  expect.eq(w:lua_calls(), before, "Lua calls after 8 more beats")
  expect.map(w, [[
    ######
    #@s..#
    ######
  ]])
  expect.eq(player.hp, 4, "it did fight meanwhile")
end)
