-- dcss.lua: Dungeon Crawl Stone Soup's durations and levels.

-- Might: a second potion drunk while mighty adds its duration to what is left ("extend"); its
-- level (the magnitude, added to damage) is the higher of the two.
cairn.status {
  name = "might",
  adjective = "mighty",
  description = "adds its level to damage",
  stacking = "extend",
  modifies = { damage = 1 },
}

-- Ozocubu's Armour: a spell whose level is its power. Cast again, the stronger casting is
-- kept, with its own duration; a weaker one changes nothing ("higher").
cairn.status {
  name = "icy_armour",
  description = "adds its level to armour",
  stacking = "higher",
  modifies = { armor = 1 },
}
