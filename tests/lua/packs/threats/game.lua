-- game.lua: one room, the player at (1, 1) and an adder at (2, 1) that bites every beat: 2
-- damage and 2 of poison for 3 beats.

cairn.status { name = "venom", adjective = "poisoned" }

cairn.entity {
  name = "adder",
  glyph = "a",
  color = "green",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 50, damage = 2, team = 2, targets = { 1 }, inflicts = "venom",
    inflict_magnitude = 2, inflict_beats = 3 },
  sequence = { { action = "attack_move", movs = "basic" } },
}

cairn.game {
  name = "bite",
  description = "An adder next to you.",
  width = 5,
  height = 3,
  floors = 1,
  sight = 0,

  generate = function(w, _, _, players)
    for y = 0, 2 do
      for x = 0, 4 do
        if y ~= 1 or x == 0 or x == 4 then w:spawn("base:wall", x, y) end
      end
    end
    local p = players[1]
    if p then p:place(1, 1) else w:spawn("base:player", 1, 1) end
    w:spawn("adder", 2, 1)
  end,
}
