return {
  id = "portals",
  name = "Portals and views",
  version = "1.0.0",
  cairn = "0.1",
  description = "A wraith that plans in its view, so it takes a portal when that is the "
    .. "shorter way; a corridor looped on itself.",
  load = { "wraith.lua" },
}
