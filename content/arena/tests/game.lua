-- The arena as a game (game.lua), played by its bots (bots.lua) as `cairn sim` plays it.

-- Plays the game to its end with the bot, at most `limit` beats; returns the game.
local function play_out(bot, seed, limit)
  local g = game("arena", { seed = seed })
  for _ = 1, limit or 1000 do
    if g.ended then break end
    g:bot(bot)
    g:step()
  end
  return g
end

local function foes(w)
  local list = {}
  for _, e in ipairs(w:entities()) do
    if e.layer == "real" and e.team == 2 and not e:is_dead() then list[#list + 1] = e end
  end
  return list
end

test("the arena opens with both sides at their ends of the pit", function()
  local g = game("arena", { seed = 1 })
  local w = g.world
  local p = w:players()[1]
  expect.eq(p.type, "arena:gladiator")
  expect.eq(#foes(w), 4)
  for _, f in ipairs(foes(w)) do
    expect.truthy(f.x > p.x + 8, f.type .. " starts at the east end")
  end
  expect.eq(#w:entities("arena:pillar"), 3)
end)

test("the fight is won when the last foe falls", function()
  local g = game("arena", { seed = 1 })
  for _, f in ipairs(foes(g.world)) do f:kill() end
  g:choose("arena:wait")
  g:step()
  expect.eq(g.ended, "won")
end)

test("the tactician plays a fight to its end, and wins this one", function()
  local g = play_out("tactician", 1)
  expect.eq(g.ended, "won")
  expect.eq(#foes(g.world), 0)
end)

test("the brawler plays a fight to its end, and loses this one", function()
  local g = play_out("brawler", 1)
  expect.eq(g.ended, "died")
end)

test("one seed, one fight: the same bot plays it the same way twice", function()
  local a = play_out("tactician", 7)
  local sum, beats = a.world:checksum(), a.beats
  local b = play_out("tactician", 7)
  expect.eq(b.beats, beats)
  expect.eq(b.world:checksum(), sum)
end)

-- The id of a playable guard in the gladiator's hand, or nil.
local function guard_in_hand(p)
  for _, c in ipairs(cairn.cards.hand(p)) do
    if c.card == "arena:guard" and c.playable then return c.id end
  end
end

test("undo takes back a card played", function()
  local g = game("arena", { seed = 4 })
  local w = g.world
  local p = w:players()[1]
  while not guard_in_hand(p) do
    g:choose("arena:wait")
    g:step()
  end
  local id = guard_in_hand(p)
  local before, energy = w:checksum(), cairn.cards.energy(p)
  g:choose("arena:play", function(prompt)
    for i, o in ipairs(prompt.options) do
      if o.value.id == id then return i end
    end
  end)
  g:step()
  expect.eq(cairn.cards.block(p), 3, "the guard is up")
  expect.truthy(cairn.cards.energy(p) < energy, "the card cost energy")
  expect.eq(g:undo(), true)
  expect.eq(w:checksum(), before)
  expect.eq(cairn.cards.block(p), 0)
end)
