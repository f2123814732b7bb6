-- The sides turn model (cairn.game's turns): initiative played side by side - every hero of
-- the players' side in turn, then the other side - and a walk of several cells as one
-- action, played out once as a schedule and put into the world between beats.

local acted = {} -- the tags of the characters that acted, beat after beat

local function tag(ev) acted[#acted + 1] = ev.actor.data.tag end

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1, targets = { 2 } }, data = { tag = "?" },
  handlers = { act_check = tag } }
cairn.entity { name = "goblin", glyph = "g",
  decorators = { "Moving", "Attackable", "WithHP", "Killable" }, stats = { hp = 3, team = 2 },
  data = { tag = "?" }, sequence = { { action = "move", movs = "none" } },
  handlers = { act_check = tag } }

-- Heroes x (initiative 1) and y (initiative 2) on the top row, goblins a (initiative 9) and
-- b on the bottom one.
local function field(w)
  for _, c in ipairs({ { "hero", 0, 0, "x", 1 }, { "hero", 1, 0, "y", 2 },
    { "goblin", 6, 1, "a", 9 }, { "goblin", 7, 1, "b", 0 } }) do
    local e = w:spawn(c[1], c[2], c[3])
    e.data.tag, e.data.initiative = c[4], c[5]
  end
end

cairn.game { name = "skirmish", width = 8, height = 2, generate = field,
  turns = { model = "sides", actions = 3 } }

-- The walk: a cell within the hero's points, walked as one action.
cairn.choice { name = "walk", key = "w",
  target = { among = "cell", range = 7, text = "Walk where?",
    filter = function(a, c)
      local cost = cairn.turns.walk_cost(a, c.x, c.y)
      if not cost or cost == 0 then return false, "no way there" end
      if cost > cairn.turns.points(a) then return false, "too far" end
      return true
    end },
  perform = function(a, answers) return (cairn.turns.walk(a, answers.target.x, answers.target.y)) end }

local function start()
  acted = {}
  return game("skirmish")
end

local function tags()
  local s = table.concat(acted)
  acted = {}
  return s
end

local function order()
  local list = {}
  for i, o in ipairs(cairn.turns.order()) do
    list[i] = o.side .. o.entity.data.tag .. o.points
  end
  return table.concat(list, " ")
end

test("the players' side acts first, each hero in turn, then the other side", function()
  local g = start()
  expect.eq(cairn.turns.model(), "sides")
  expect.eq(order(), "1y3 1x3 2a3 2b3", "by side, then by initiative within it")
  expect.eq(cairn.turns.active().data.tag, "y")
  for _ = 1, 3 do
    g:input("none")
    g:step()
  end
  expect.eq(tags(), "yyy")
  expect.eq(cairn.turns.active().data.tag, "x", "the next hero: the step stops at its turn")
  expect.eq(g.world:players()[1].data.tag, "x")
  for _ = 1, 3 do
    g:input("none")
    g:step()
  end
  expect.eq(tags(), "xxxaaabbb", "then the goblins' side, all of its turns in the one step")
  expect.eq(cairn.turns.round(), 2)
end)

test("a walk of several cells is one action: one beat, a point a step", function()
  local g = start()
  local y = cairn.turns.active()
  local beat = g.world.beat
  expect.eq(g:choose("walk", { target = { x = 4, y = 0 } }), true)
  g:step()
  expect.eq(y.x, 4, "three cells in the one beat")
  expect.eq(g.world.beat, beat + 1, "one beat of the world; the schedule's were a copy's")
  expect.eq(cairn.turns.active().data.tag, "x", "three steps spent y's three points")
  expect.eq(cairn.turns.points(y), 0)
end)

test("a walk longer than the points is refused, and the cursor says what a walk costs", function()
  local g = start()
  local y = cairn.turns.active()
  expect.eq(g:describe(3, 0), "nothing - a walk of 2 points, 3 left")
  expect.error(function() g:choose("walk", { target = { x = 6, y = 0 } }) end, "that it may target")
  g:input("none")
  g:step()
  expect.eq(g:describe(3, 0), "nothing - a walk of 2 points, 2 left")
  expect.eq(cairn.turns.points(y), 2)
end)

test("undo takes a walk back, and the game played again walks the same", function()
  local function play(g)
    g:choose("walk", { target = { x = 3, y = 0 } })
    g:step()
    g:input("none")
    g:step()
    g:choose("walk", { target = { x = 2, y = 1 } })
    g:step()
  end
  local straight = start()
  play(straight)
  local sum = straight.world:checksum()
  local g = start()
  play(g)
  expect.eq(g.world:checksum(), sum, "the same game")
  expect.eq(g:undo(), true)
  expect.eq(g:undo(), true)
  g:input("none")
  g:step()
  g:choose("walk", { target = { x = 2, y = 1 } })
  g:step()
  expect.eq(g.world:checksum(), sum)
end)

test("a walk chosen in a beat no session played is dropped, and its beat costs a point", function()
  local g = start()
  local y = cairn.turns.active()
  y:choose("walk", { target = { x = 3, y = 0 } })
  g.world:step() -- content's own beat: no session plays the walk after it
  expect.eq(y.x, 1, "no walk")
  g:input("none")
  g:step()
  expect.eq(cairn.turns.points(y), 1, "that beat cost a point, as the next one did")
  expect.eq(y.x, 1, "the walk was dropped, not played later")
  g:input("none")
  g:step()
  expect.eq(cairn.turns.points(y), 0)
  expect.eq(cairn.turns.active().data.tag, "x")
end)
