-- The walkthrough of docs/cards.md, played: the warlock channels, the hero breaks it.

local function duel()
  local w = scenario { map = "..@...w" }
  local hero, warlock = w:at(2, 0), w:at(6, 0)
  cairn.cards.setup(hero, { deck = { "firestorm" }, energy = 3, draw = 1 })
  return w, hero, warlock
end

test("the siphon pulses once a beat, the first at once", function()
  local w, hero = duel()
  w:step() -- beat 1: the warlock casts; the first pulse
  expect.eq(hero.hp, 9)
  local siphon = cairn.cards.pending()[1]
  expect.eq(siphon.state, "started")
  expect.eq(siphon.beats_left, 2, "pulses at the ends of beats 2 and 3")
  w:step(2)
  expect.eq(hero.hp, 7)
  expect.eq(#cairn.cards.pending(), 0, "three pulses: resolved")
end)

test("a step out of reach breaks the siphon before its next pulse", function()
  local w, hero = duel()
  w:step()
  hero:input("move", "w")
  w:step()
  expect.eq(hero.hp, 9, "the condition is asked before the pulse")
  expect.eq(#cairn.cards.pending(), 0)
end)

test("the firestorm reaches the warlock: its ward, then the hit that breaks the siphon",
  function()
    local w, hero, warlock = duel()
    w:step()
    expect.eq(cairn.cards.play(hero, cairn.cards.pile(hero, "hand")[1],
      { target = { x = 6, y = 0 } }), true)
    expect.eq(warlock.hp, 4, "2 damage, 1 of it warded")
    expect.eq(#cairn.cards.pending(), 0, "the siphon failed at once")
    w:step()
    expect.eq(hero.hp, 9, "no second pulse")
  end)
