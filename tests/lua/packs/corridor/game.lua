-- Two floors, each a corridor with the stairs at its east end.
cairn.entity { name = "walker", glyph = "@",
  decorators = { "PlayerControl", "Moving", "WithHP", "Killable" }, stats = { hp = 3 } }
cairn.entity { name = "stairs", glyph = ">", layer = "floor" }

cairn.game {
  name = "corridor",
  width = 6,
  height = 1,
  floors = 2,
  generate = function(w, floor, floors, players)
    w:spawn("stairs", 5, 0)
    if #players == 0 then w:spawn("walker", 0, 0) end
    for _, p in ipairs(players) do p:place(0, 0) end
    w.data.floors_made = (w.data.floors_made or 0) + 1
  end,
  outcome = function(w)
    local p = w:players()[1]
    local under = w:at(p.x, p.y, "floor")
    if under then return "descend" end
  end,
  report = function(w) return { floors_made = w.data.floors_made } end,
}

cairn.game {
  name = "sideways",
  width = 2,
  height = 1,
  generate = function(w) w:spawn("walker", 0, 0) end,
  outcome = function() return "sideways" end,
}

cairn.game {
  name = "empty",
  width = 2,
  height = 1,
  generate = function() end,
}
