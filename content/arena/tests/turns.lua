-- The arena's turns (game.lua): initiative, two action points a fighter, rounds that are the
-- cards' turns, and a crowd that tires.

local function names(order)
  local list = {}
  for _, o in ipairs(order) do list[#list + 1] = (o.entity.type:gsub("^arena:", "")) end
  return table.concat(list, " ")
end

test("the fighters take their turns by initiative, the gladiator first", function()
  game("arena", { seed = 1 })
  expect.eq(cairn.turns.model(), "initiative")
  expect.eq(names(cairn.turns.order()),
    "gladiator hound slinger swordsman swordsman brute")
  expect.eq(cairn.turns.active().type, "arena:gladiator")
end)

test("each action costs a point of two; the second ends the turn, and the round goes on",
  function()
    local g = game("arena", { seed = 1 })
    local p = g.world:players()[1]
    expect.eq(cairn.turns.points(p), 2)
    g:choose("arena:bump", { target = "e" })
    g:step()
    expect.eq(cairn.turns.round(), 1)
    expect.eq(cairn.turns.points(p), 1, "a step cost a point; the turn goes on")
    expect.eq(p.x, 3)
    g:choose("arena:wait")
    g:step()
    expect.eq(cairn.turns.round(), 2, "the others took their turns in between")
    expect.eq(cairn.turns.points(p), 2, "refilled")
  end)

test("a pass gives up the rest of the turn", function()
  local g = game("arena", { seed = 1 })
  g:choose("arena:pass")
  g:step()
  expect.eq(cairn.turns.round(), 2, "the pass ended the gladiator's turn at once")
end)

test("a round is the cards' turn: its first beat refills the energy and draws", function()
  local g = game("arena", { seed = 4 })
  local p = g.world:players()[1]
  g:choose("arena:wait")
  g:step()
  expect.eq(#cairn.cards.pile(p, "hand"), 3, "round 1's hand")
  g:choose("arena:play", { card = 1 })
  g:step()
  expect.eq(cairn.turns.round(), 2)
  g:choose("arena:wait")
  g:step()
  expect.eq(#cairn.cards.pile(p, "hand"), 5, "two left, and three drawn in round 2")
  expect.eq(cairn.cards.energy(p), 3, "and refilled the energy")
end)

test("the crowd tires after thirty rounds: the fight is lost", function()
  local g = game("arena", { seed = 1 })
  local p = g.world:players()[1]
  p.max_hp = 1000
  p.hp = 1000
  for _ = 1, 40 do
    if g.ended then break end
    g:choose("arena:pass")
    g:step()
  end
  expect.eq(g.ended, "lost")
  expect.eq(cairn.turns.round(), 31)
end)
