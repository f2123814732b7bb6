return {
  id = "cardplay",
  name = "A card played at a skeleton",
  version = "1.0.0",
  cairn = "0.1",
  depends = { base = "0.1" },
  description = "Fixture for the play screen's end-to-end tests and the session's: one "
    .. "room, the base game's player with a deck of strikes and a fireball, and a skeleton "
    .. "two cells off (range), next to a riposting player (riposte, riposte_thorns, "
    .. "riposte_far), next to a player holding flurries (flurry), or a knight next to a player "
    .. "holding reactions (knight), riposting too (knight_riposte) or holding none "
    .. "(knight_bare); a card whose pick shows the discard pile (recall).",
  load = { "game.lua" },
}
