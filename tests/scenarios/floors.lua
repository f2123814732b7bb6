-- Between floors: lifting entities off the grid and back, clearing the grid, the world's own
-- data, and the checksum that sums the world up.

cairn.entity { name = "gem", glyph = "*", layer = "item", data = { shine = 1 } }
cairn.entity { name = "rat", glyph = "r", decorators = { "WithHP", "Killable" } }

test("a lifted entity is off the grid but alive, and can be placed again", function()
  local w = scenario { map = "@.*." }
  local gem = w:at(2, 0, "item")
  gem:lift()
  expect.eq(gem.x, nil, "off the grid")
  expect.falsy(gem:is_dead())
  expect.map(w, "@...")
  w:step(2)
  expect.falsy(gem:is_dead(), "beats do not reap it")
  gem:place(3, 0)
  expect.map(w, "@..*")
  expect.error(function() gem:place(1, 0) end, "on the grid already")
end)

test("placing into a taken cell or off the grid is refused", function()
  local w = scenario { map = "@*.*" }
  local gem = w:at(1, 0, "item")
  gem:lift()
  expect.error(function() gem:place(3, 0) end, "holds entity 2 on the item layer already")
  expect.error(function() gem:place(9, 0) end, "is outside the 4x1 grid")
  expect.eq(gem.x, nil)
end)

test("w:clear removes everything but the players, who are lifted and returned", function()
  local w = scenario { map = [[
    #####
    #@r*#
    #####
  ]] }
  local player, rat = w:at(1, 1), w:at(2, 1)
  local held = w:at(3, 1, "item")
  held:lift()
  local lifted = w:clear()
  expect.eq(#lifted, 1)
  expect.truthy(lifted[1] == player)
  expect.map(w, ".....\n.....\n.....")
  expect.truthy(not player:is_dead() and player.x == nil, "the player waits off the grid")
  expect.truthy(rat:is_dead(), "the rat is gone")
  expect.falsy(held:is_dead(), "what was off the grid stays")
  player:place(2, 1)
  expect.map(w, ".....\n..@..\n.....")
end)

test("w:clear is refused inside a handler", function()
  local w = scenario { map = "@r" }
  local rat = w:at(1, 0)
  local err
  rat:hook("damaged", function() err = select(2, pcall(function() w:clear() end)) end)
  rat:hurt(1)
  expect.truthy(err and err:find("w:clear cannot run inside a handler or callback; only between beats",
    1, true), tostring(err))
end)

test("w.data keeps plain values for the whole game", function()
  local w = scenario { map = "@" }
  w.data.kills = 2
  w.data.seen = { floor = 1 }
  w:step()
  expect.eq(w.data.kills, 2)
  expect.eq(w.data.seen.floor, 1)
  expect.error(function() w.data.who = w:at(0, 0) end, "plain values")
  local again = scenario { map = "@" }
  expect.eq(again.data.kills, nil, "a new world starts empty")
end)

test("the checksum sums up cells, stats, data and the world's data", function()
  local w = scenario { map = "@.*" }
  local sums = { w:checksum() }
  local function differs(what)
    local now = w:checksum()
    for _, s in ipairs(sums) do expect.truthy(now ~= s, what .. " changed the checksum") end
    sums[#sums + 1] = now
  end
  local gem = w:at(2, 0, "item")
  local _ = gem.data.shine
  expect.eq(w:checksum(), sums[1], "reading data changes nothing")
  gem.data.shine = 2
  differs("entity data")
  w.data.floor = 2
  differs("the world's data")
  w:at(0, 0).hp = 3
  differs("a stat")
  gem:lift()
  differs("lifting")
  w:step()
  differs("a beat")
end)

test("two worlds played alike have the same checksum", function()
  local map = [[
    #####
    #@.r#
    #####
  ]]
  local function play()
    local w = scenario { map = map, seed = 7 }
    local p = w:at(1, 1)
    w.data.note = "x"
    p:input("move", "e")
    w:step()
    p:input("attack", "e")
    w:step()
    return w:checksum()
  end
  local a = play()
  expect.eq(play(), a)
  expect.eq(#a, 16)
end)
