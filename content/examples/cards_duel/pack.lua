-- The two sides the card examples (cards_*) play with; each of them depends on this pack.
return {
  id = "cards_duel",
  name = "A duel for the card examples",
  version = "1.0.0",
  cairn = "0.1",
  description = "A hero with a deck and goblins to hit, shared by the cards_* examples.",
  load = { "duel.lua" },
}
