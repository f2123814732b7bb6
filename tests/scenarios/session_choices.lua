-- Choices in a game session: a committed choice is the beat's input, the log keeps its
-- answers, and undo plays them again to the same world. A bot may answer with a choice.

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1, targets = { 2 } }, data = { gold = 5 } }
cairn.entity { name = "rat", glyph = "r", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 2 } }

cairn.entity { name = "coin", glyph = "$", layer = "item" }

cairn.game { name = "yard", width = 6, height = 1,
  generate = function(w)
    w:spawn("hero", 0, 0)
    w:spawn("rat", 3, 0)
    w:spawn("coin", 0, 0)
  end }

cairn.choice { name = "walk", key = "direction", target = { among = "direction" },
  action = "move" }
cairn.choice { name = "pelt", key = "p",
  prompts = {
    { name = "at", kind = "select", among = "entity", range = 5 },
    { name = "coins", kind = "number", max = "gold", min = 1 },
  },
  perform = function(a, answers)
    a.data.gold = a.data.gold - answers.coins
    answers.at:hurt(answers.coins)
  end }

cairn.choice { name = "spend", key = "$",
  perform = function(a) cairn.world():at(a.x, a.y, "item"):kill() end }

cairn.bot { name = "pelter", decide = function(_, w)
  return { choice = "pelt", answers = { at = w:at(3, 0), coins = 1 } }
end }

local function rat(g) return g.world:at(3, 0) end

test("a committed choice is the beat's input; the log keeps its answers as text", function()
  local g = game("yard")
  expect.eq(g:choose("pelt", { at = rat(g), coins = 2 }), true)
  g:step()
  expect.eq(rat(g).hp, 7)
  expect.eq(g:choose("walk", { target = "e" }), true)
  g:step()
  expect.eq(g.world:players()[1].x, 1)
end)

test("undo plays a choice's answers again to the same world", function()
  local g = game("yard")
  g:choose("pelt", { at = rat(g), coins = 2 })
  g:step()
  local after_first = g.world:checksum()
  g:choose("pelt", { at = rat(g), coins = 3 })
  g:step()
  expect.eq(rat(g).hp, 4)
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), after_first)
  expect.eq(rat(g).hp, 7)
  expect.eq(g:undo(), true)
  expect.eq(rat(g).hp, 9)
end)

test("a choice's mistakes are the caller's, told plainly", function()
  local g = game("yard")
  expect.error(function() g:choose("pelt", { at = rat(g), coins = 6 }) end,
    "a whole number from 1 to 5")
  expect.error(function() g:choose("pelt", { at = rat(g) }) end,
    "prompt 'coins' (number) was left unanswered")
  expect.error(function() g:choose("fly") end, "no choice is named 'fly'")
  g:step()
  expect.eq(rat(g).hp, 9, "nothing was committed")
end)

test("a bot may answer with a choice", function()
  local g = game("yard")
  g:bot("pelter")
  g:step()
  g:bot("pelter")
  g:step()
  expect.eq(rat(g).hp, 7)
  expect.eq(g.world:players()[1].data.gold, 3)
end)

test("g:choices lists the player's choices", function()
  local g = game("yard")
  local names = {}
  for _, c in ipairs(g:choices()) do names[#names + 1] = c.name .. "=" .. c.key end
  expect.eq(table.concat(names, " "), "scenario:walk=direction scenario:pelt=p scenario:spend=$")
end)

test("an item used up goes without a word in the log", function()
  local g = game("yard")
  g:choose("pelt", { at = rat(g), coins = 5 })
  g:step()
  g:choose("spend")
  g:step()
  expect.eq(g.world:at(0, 0, "item"), nil)
  for _, m in ipairs(g:messages()) do
    expect.falsy(m:find("coin"), "no word of the coin: " .. m)
  end
end)
