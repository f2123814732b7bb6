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

test("a round is the cards' turn: the fight's first decision sees the first hand", function()
  local g = game("arena", { seed = 4 })
  local p = g.world:players()[1]
  expect.eq(#cairn.cards.pile(p, "hand"), 3, "drawn as the fight starts")
  expect.eq(cairn.cards.energy(p), 3)
end)

test("a round's first decision sees the round's new hand and refilled energy", function()
  local g = game("arena", { seed = 4 })
  local p = g.world:players()[1]
  g:choose("arena:wait")
  g:step()
  g:choose("arena:play", { card = 1 })
  g:step()
  expect.eq(cairn.turns.round(), 2)
  expect.eq(cairn.turns.points(p), 2, "the action points refilled")
  expect.eq(cairn.cards.energy(p), 3, "and the energy with them")
  expect.eq(#cairn.cards.pile(p, "hand"), 5, "two left, and three drawn in round 2")
  expect.eq(cairn.cards.turn(p), 2)
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

-- The id of a card of the hand by its short name, playable or not.
local function in_hand(p, name)
  for _, c in ipairs(cairn.cards.hand(p)) do
    if c.card == "arena:" .. name then return c end
  end
end

test("a javelin takes both action points: it ends the turn, and one point is too few",
  function()
    local g = game("arena", { seed = 1 })
    local w = g.world
    local p = w:players()[1]
    g:choose("arena:wait")
    g:step()
    -- A swordsman stands in a clear line, two cells off (the first way where both are free).
    local sword = w:entities("arena:swordsman")[1]
    local function in_line()
      sword:lift()
      for _, dir in ipairs(cairn.dir.all) do
        local dx, dy = cairn.dir.delta(dir)
        local free = true
        for i = 1, 2 do
          local x, y = p.x + dx * i, p.y + dy * i
          free = free and not w:at(x, y, "wall") and not w:at(x, y)
        end
        if free then return sword:place(p.x + 2 * dx, p.y + 2 * dy) end
      end
    end
    in_line()
    local javelin = in_hand(p, "javelin")
    expect.eq(javelin.playable, false, "one point left")
    expect.eq(javelin.reason, "it takes two action points")
    g:choose("arena:pass")
    g:step()
    expect.eq(cairn.turns.points(p), 2)
    in_line()
    javelin = in_hand(p, "javelin")
    expect.eq(javelin.playable, true, "two points: " .. tostring(javelin.reason))
    g:choose("arena:play", function(prompt)
      if prompt.name == "card" then
        for i, o in ipairs(prompt.options) do
          if o.value.id == javelin.id then return i end
        end
      end
      return sword
    end)
    g:step()
    expect.eq(cairn.turns.round(), 3, "the throw ended the gladiator's turn of round 2")
  end)
