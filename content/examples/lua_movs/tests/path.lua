test("probe", function()
  local w = scenario { map = [[
    #########
    #@......#
    #.......#
    #...w...#
    #.......#
    #########
  ]] }
  local p = w:at(1,1)
  for _, d in ipairs{"none", "e","e","e","se","e","e"} do if d ~= "none" then p:input("move", d) end w:step() print(render(w), w:lua_calls()) end
end)
