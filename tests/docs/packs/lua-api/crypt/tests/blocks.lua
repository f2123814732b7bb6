-- Runs the definitions docs/lua-api.md shows, which its own tests do not reach.

cairn.entity { name = "shouter", glyph = "s", decorators = { "Shouting" },
  sequence = { { action = "shout" } } }
cairn.entity { name = "bawler", glyph = "b", decorators = { "Attacking", "Shouting" },
  stats = { targets = { 1 } }, sequence = { { action = "attack_or_shout" } } }
cairn.entity { name = "coward", glyph = "c", decorators = { "Moving" },
  sequence = { { action = "move", movs = "away" } } }
cairn.entity { name = "dancer", glyph = "d", decorators = { "Moving" }, algo = "shuffled",
  sequence = { { action = "move", movs = "basic" } } }

test("Shouting counts its shouts in e.data", function()
  local w = scenario { map = "@...s" }
  local s = w:at(4, 0)
  w:step(2)
  expect.eq(s.data.shouts, 2)
end)

test("attack_or_shout shouts when there is nothing to attack", function()
  local w = scenario { map = "@...b" }
  w:step()
  expect.eq(w:at(4, 0).data.shouts, 1)
end)

test("a moth flutters about", function()
  local w = scenario { map = [[
    .....
    .....
    ..m..
    .....
    .....
  ]] }
  local moth = w:at(2, 2)
  w:step()
  expect.truthy(moth.x ~= 2 or moth.y ~= 2, "the moth moved")
end)

test("a hungry ghoul does not move", function()
  local w = scenario { map = "@...g" }
  w:at(4, 0).data.hunger = 10
  w:step(2)
  expect.map(w, "@...g")
end)

test("the away movs go from the player", function()
  local w = scenario { map = "@.c.." }
  w:step()
  expect.map(w, "@..c.")
end)

test("the shuffled algorithm still goes where it can", function()
  local w = scenario { map = "@..d" }
  w:step()
  expect.map(w, "@.d")
end)

test("a stunned player stands still", function()
  local w = scenario { map = "@..." }
  local player = w:at(0, 0)
  player:apply("stun", 3)
  player:input("move", "e")
  w:step()
  expect.map(w, "@...")
end)

test("a lurker waits for the player to come near", function()
  local far = scenario { map = "@.....l" }
  far:step(3)
  expect.map(far, "@.....l")
  local near = scenario { map = "@..l" }
  near:step(2)
  expect.map(near, "@.l")
end)

test("an imp's attack is of fire", function()
  local w = scenario { legend = { i = "imp" }, map = "@i" }
  expect.eq(w:at(1, 0).source, "fire")
end)

test("the corridor game: east, down the stairs", function()
  local g = game("corridor", { seed = 1 })
  for _ = 1, 5 do
    g:bot("east")
    g:step()
  end
  expect.eq(g.floor, 2)
end)

test("the wary bot waits before a blow", function()
  local g = game("corridor", { seed = 1 })
  g:bot("wary")
  g:step()
  expect.eq(g.world:players()[1].x, 1)
end)

test("a javelin hurts at a range", function()
  local w = scenario { map = "@..g" }
  local player, ghoul = w:at(0, 0), w:at(3, 0)
  player.data.javelins = 1
  player:choose("javelin", { target = ghoul })
  w:step()
  expect.eq(ghoul.hp, 1)
  expect.eq(player.data.javelins, 0)
end)

test("a brute's blow is doubled", function()
  local w = scenario { legend = { b = "brute" }, map = "@b" }
  local player, brute = w:at(0, 0), w:at(1, 0)
  local hp = player.hp
  brute:attack("w")
  expect.eq(player.hp, hp - 2 * brute.damage)
end)

test("the deaths are counted in w.data", function()
  local w = scenario { map = "@g" }
  w:at(1, 0):hurt(10, w:at(0, 0))
  w:step()
  expect.eq(w.data.deaths, 1)
end)

test("a thief keeps its victims' ids", function()
  local w = scenario { legend = { t = { "thief" } }, map = "@t" }
  local player, thief = w:at(0, 0), w:at(1, 0)
  thief:attack("w")
  expect.eq(thief.data.loot, 1)
  expect.eq(thief.data.seen[1], player.id)
end)
