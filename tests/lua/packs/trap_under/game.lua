-- game.lua: a corridor of one floor, the player at its west end, a spike trap east of it with
-- a throwing dagger lying on the trap (as one lands after a throw).

cairn.game {
  name = "corridor",
  description = "A dagger lying on a trap.",
  width = 5,
  height = 3,
  floors = 1,
  generate = function(w, _, _, players)
    for x = 0, 4 do
      w:spawn("base:wall", x, 0)
      w:spawn("base:wall", x, 2)
    end
    w:spawn("base:wall", 0, 1)
    w:spawn("base:wall", 4, 1)
    local p = players[1]
    if p then p:place(1, 1) else w:spawn("base:player", 1, 1) end
    w:spawn("base:spike_trap", 2, 1)
    w:spawn("base:throwing_dagger", 2, 1)
  end,
}
