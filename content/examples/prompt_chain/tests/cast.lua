-- The chain: the pick first, then what it asks for, then the confirm; a cancel with an
-- effect; and the game's log keeping the answers for undo.

local function witch(g) return g.world:players()[1] end
local function toad(g) return g.world:at(3, 0) end

test("the pick's next prompt comes before the confirm queued earlier", function()
  local g = game("pond")
  local asked = {}
  g:choose("cast", function(prompt)
    asked[#asked + 1] = prompt.name
    if prompt.name == "spell" then return "bolt" end
    if prompt.name == "at" then return prompt.candidates[1] end
    return true
  end)
  expect.eq(table.concat(asked, " "), "spell at aloud")
  g:step()
  expect.eq(toad(g).hp, 2, "aloud: twice 2")
end)

test("mend asks for a number up to the witch's mana", function()
  local g = game("pond")
  witch(g).hp = 4
  expect.error(function() g:choose("cast", { spell = "mend", mana = 4, aloud = false }) end,
    "'Spend how much mana?' takes a whole number from 1 to 3")
  expect.eq(g:choose("cast", { spell = 2, mana = 2, aloud = false }), true, "option 2: mend")
  g:step()
  expect.eq(witch(g).hp, 6)
  expect.eq(witch(g).data.mana, 1)
end)

test("each path asks only its own questions", function()
  local g = game("pond")
  expect.error(function() g:choose("cast", { spell = "bolt", aloud = true }) end,
    "choice 'prompt_chain:cast': prompt 'at' (select an entity) was left unanswered")
end)

test("backing out of the spell list fizzles: a mana and the beat", function()
  local g = game("pond")
  expect.eq(g:choose("cast", { spell = "!" }), true, "committed: the cancel effect")
  g:step()
  expect.eq(witch(g).data.mana, 2)
  expect.eq(toad(g).hp, 6)
end)

test("backing out of the target drops the whole choice: no beat is due", function()
  local g = game("pond")
  expect.eq(g:choose("cast", { spell = "bolt", at = "!" }), false)
  g:step()
  expect.eq(witch(g).data.mana, 3)
end)

test("undo plays the logged answers again", function()
  local g = game("pond")
  g:choose("cast", { spell = "bolt", at = toad(g), aloud = false })
  g:step()
  local after_bolt = g.world:checksum()
  g:choose("cast", { spell = "bolt", at = toad(g), aloud = false })
  g:step()
  expect.eq(toad(g).hp, 2)
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), after_bolt)
  expect.eq(toad(g).hp, 4)
end)

test("a bot answers with a choice", function()
  local g = game("pond")
  for _ = 1, 3 do
    g:bot("hexer")
    g:step()
  end
  expect.eq(toad(g), nil, "three bolts of 2 killed it")
  expect.eq(witch(g).data.mana, 0)
end)
