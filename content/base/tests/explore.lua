-- Auto-explore (cairn play's o) on the second floor, which has a pair of portal doors and
-- crates, its enemies gone: pressed again and again, it explores the floor and then says
-- nothing is left, without walking back and forth between presses. Seed 32 has a crate in
-- the way of its walk, seed 37 corners by a portal door that no one can see past.

local dungeon = require "dungeon"

cairn.game { name = "second_floor", width = 48, height = 18,
  generate = function(w, _, _, players)
    if #players == 0 then
      players = { w:spawn("player", 0, 0) }
      w:clear()
    end
    dungeon.generate(w, 2, 3, players)
    for _, e in ipairs(w:entities()) do
      if e:has("Acting") and not e:has("PlayerControl") then e:kill() end
    end
  end }

for _, seed in ipairs({ 32, 37 }) do
  test("seed " .. seed .. ": o explores the floor with portal doors, then nothing is left",
    function()
      local g = game("second_floor", { seed = seed })
      expect.eq(#g.world:portals(), 1)
      local presses, why = 0, nil
      while true do
        presses = presses + 1
        expect.truthy(presses < 20, "o pressed 20 times and the floor not explored: " ..
          tostring(why))
        local went = pcall(function() g:explore() end)
        if not went then break end
        why = g:journey()
      end
      expect.eq(why, "nothing left to explore here", "the last journey saw it through")
      expect.error(function() g:explore() end, "nothing left to explore here")
    end)
end
