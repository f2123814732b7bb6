-- Three games, crowd_10, crowd_100 and crowd_1000: an open hall, walled round, on a square
-- grid of side ceil(sqrt(10 N)) (at least 12), as the chase benchmark has it; the player in
-- the middle, too tough to die, and N skeletons on free cells drawn from the world's seed.
-- initiative_100 is crowd_100 under the initiative turn model: one character acts a beat,
-- two beats a turn.
local TOUGH = 1000000

local function side_for(n)
  local side = 12
  while side * side < 10 * n do side = side + 1 end
  return side
end

local function hall(n, name, turns)
  local side = side_for(n)
  cairn.game {
    name = name or ("crowd_" .. n),
    turns = turns,
    width = side,
    height = side,
    generate = function(w)
      for i = 0, side - 1 do
        w:spawn("base:wall", i, 0)
        w:spawn("base:wall", i, side - 1)
        if i > 0 and i < side - 1 then
          w:spawn("base:wall", 0, i)
          w:spawn("base:wall", side - 1, i)
        end
      end
      local p = w:spawn("base:player", side // 2, side // 2)
      p.max_hp = TOUGH
      p.hp = TOUGH
      local placed = 0
      while placed < n do
        local x, y = math.random(1, side - 2), math.random(1, side - 2)
        if not w:at(x, y, "real") then
          w:spawn("base:skeleton", x, y)
          placed = placed + 1
        end
      end
    end,
  }
end

hall(10)
hall(100)
hall(1000)
hall(100, "initiative_100", { model = "initiative", actions = 2 })

-- The play screen's intents: a preview of the next beat with the player waiting.
cairn.bot {
  name = "previewer",
  decide = function(_, _, _, game)
    game:preview("none")
    return "none"
  end,
}
