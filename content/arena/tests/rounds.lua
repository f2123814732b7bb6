-- The cards' turn is the round (game.lua): it starts as the round does, so that every
-- decision of a round, the first included, sees that round's hand and energy.

local cards = require "cards"

test("the fight's first decision sees the first hand and full energy", function()
  local g = game("arena", { seed = 4 })
  local p = g.world:players()[1]
  expect.eq(cairn.turns.round(), 1)
  expect.eq(#cairn.cards.pile(p, "hand"), cards.DRAW, "drawn as the fight starts")
  expect.eq(cairn.cards.energy(p), cards.ENERGY)
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
  expect.eq(cairn.cards.energy(p), cards.ENERGY, "and the energy with them")
  expect.eq(#cairn.cards.pile(p, "hand"), 2 * cards.DRAW - 1, "and round 2's cards drawn")
  expect.eq(cairn.cards.turn(p), 2)
end)
