-- game.lua: one room, the player in it stunned for 3 beats and blocking 2 damage for 4.

cairn.game {
  name = "room",
  description = "A stunned player, blocking.",
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
    if p then p:place(1, 1) else p = w:spawn("base:player", 1, 1) end
    p:apply("base:stun", 3)
    p.data.block = 2
    p:apply("cairn:block", 4)
  end,
}
