-- Simultaneous triggers.

local function hurt(decider)
  local w = scenario { map = "Hg" }
  local h, g = w:at(0, 0), w:at(1, 0)
  h:apply("charmed", 10)
  cairn.cards.decide(decider)
  cairn.resolve(g, { name = "bite", effect = { { damage = { damage = 1 } } } }, { targets = { h } })
  cairn.cards.decide(nil)
  return h.data.said
end

test("by priority, the silent tally last whatever its priority", function()
  expect.eq(hurt(nil), "ward rage tally ")
end)

test("rage is interactive: the decider picks the order of the others", function()
  expect.eq(hurt(function(prompt)
    expect.eq(prompt.name, "order")
    return #prompt.options -- the last offered first: rage
  end), "rage ward tally ")
end)
