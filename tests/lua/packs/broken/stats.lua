-- A misspelt stat.
cairn.entity {
  name = "ogre", glyph = "O", decorators = { "Attacking" },
  stats = { damge = 3 },
}
