-- The arena: cairn's second game, a fight of two sides taken in turns by initiative.
return {
  id = "arena",
  name = "The arena",
  version = "0.1.0",
  cairn = "0.1",
  description = "A small arena of two sides: a gladiator with a deck of cards and a hound, "
    .. "against a brute, a slinger and two swordsmen; one fighter acts at a time, by "
    .. "initiative, with two action points a turn; two bots that play it.",
  load = {
    "fighters.lua",
    "cards.lua",
    "choices.lua",
    "game.lua",
    "bots.lua",
  },
}
