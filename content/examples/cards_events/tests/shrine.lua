-- The shrine's question in a whole game: answered by a bot inside the beat, walked away from,
-- taken back by undo and asked again, replayed, saved and resumed.

test("stepping on the shrine asks; paying 10 hp gains a card and spends it", function()
  local g = game("crossroads")
  g:input("move", "e")
  g:step()
  g:input("move", "e")
  g:step() -- onto the shrine: the default answer, the first option
  local hero = g.world:players()[1]
  expect.eq(hero.hp, 10)
  expect.eq(#cairn.cards.pile(hero, "hand"), 1, "a jab gained")
  expect.truthy(g.world:at(2, 0, "floor").data.spent)
  expect.truthy(g:messages()[#g:messages()]:find("The shrine takes its due.", 1, true))
end)

test("an option whose req fails is not offered; with 10 hp or less, paying 10 is not", function()
  local g = game("crossroads")
  local hero = g.world:players()[1]
  hero:hurt(10)
  local asked
  cairn.cards.decide(function(m)
    asked = m
    return 1
  end)
  g:input("move", "e")
  g:step()
  g:input("move", "e")
  g:step()
  cairn.cards.decide(nil)
  expect.eq(#asked.options, 1)
  expect.eq(asked.options[1].label, "Pray: block 5")
  expect.eq(cairn.cards.block(hero), 5)
end)

-- Plays `n` beats with bot `name`.
local function play(g, name, n)
  for _ = 1, n do
    g:bot(name)
    g:step()
  end
end

test("walking away leaves the shrine to ask again at the next visit", function()
  local g = game("crossroads")
  local hero = g.world:players()[1]
  play(g, "doubter", 3) -- onto the shrine (declined), off it again
  expect.eq(hero.hp, 20, "nothing paid")
  expect.falsy(g.world:at(2, 0, "floor").data.spent)
  play(g, "pilgrim", 1) -- back on: asked again, and answered
  expect.eq(hero.hp, 10)
  expect.truthy(g.world:at(2, 0, "floor").data.spent)
end)

test("undo takes the answer back; the beat played again gives the logged answer", function()
  local g = game("crossroads")
  play(g, "pilgrim", 1)
  local before = g.world:checksum()
  play(g, "pilgrim", 1)
  local after = g.world:checksum()
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), before)
  expect.eq(g.world:players()[1].hp, 20)
  play(g, "pilgrim", 1)
  expect.eq(g.world:checksum(), after)
end)

test("a replay gives the answers back, and a save resumes with the room spent", function()
  local g = game("crossroads")
  play(g, "doubter", 3)
  play(g, "pilgrim", 1)
  local ok, why = g:verify(g:record())
  expect.ok(ok, why)
  g = game("crossroads")
  play(g, "pilgrim", 2)
  g:reload()
  expect.truthy(g.world:at(2, 0, "floor").data.spent)
  expect.eq(#cairn.cards.pile(g.world:players()[1], "hand"), 1)
end)
