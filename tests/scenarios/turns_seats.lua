-- Two heroes under the initiative turn model: only the seat whose hero has the turn is asked
-- for an input; the other seat waits for its own hero's turn.

local acted = {}

local function tag(ev) acted[#acted + 1] = ev.actor.data.tag end

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1, targets = { 2 } }, data = { tag = "?" },
  handlers = { act_check = tag } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Moving", "Attackable", "WithHP", "Killable" }, stats = { hp = 3, team = 2 },
  data = { tag = "g", initiative = 3 }, sequence = { { action = "move", movs = "none" } },
  handlers = { act_check = tag } }

-- Hero one (initiative 5) acts first, then the goblin, then hero two (initiative 1).
cairn.game { name = "pair", width = 8, height = 1,
  generate = function(w)
    local one = w:spawn("hero", 0, 0)
    one.data.tag, one.data.initiative = "1", 5
    local two = w:spawn("hero", 1, 0)
    two.data.tag, two.data.initiative = "2", 1
    w:spawn("goblin", 7, 0)
  end,
  turns = { model = "initiative", actions = 1 } }

test("under initiative only the seat whose hero has the turn is asked", function()
  acted = {}
  local g = game("pair")
  expect.eq(g.seats, 2)
  expect.eq(g:turn(), 1, "hero one has the turn")
  g:input("none")
  expect.eq(g:turn(), 0, "seat two is not asked on hero one's turn")
  g:step()
  expect.eq(table.concat(acted), "1g", "hero one's beat, then the goblin's")
  expect.eq(g:turn(), 2, "hero two has the turn now")
  acted = {}
  g:input("move", "e", 2)
  g:step()
  expect.eq(acted[1], "2")
  expect.eq(g.world:players()[2].x, 2, "hero two stepped east")
  expect.eq(g:turn(), 1)
end)

test("a bot for each seat plays only its own hero's turns, and undo comes back", function()
  acted = {}
  local g = game("pair")
  for _ = 1, 6 do
    g:bot("pair_wait", 1)
    g:bot("pair_wait", 2)
    g:step()
  end
  local sum = g.world:checksum()
  g:bot("pair_wait", 1)
  g:bot("pair_wait", 2)
  g:step()
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), sum)
end)

cairn.bot { name = "pair_wait", decide = function() return "none" end }
