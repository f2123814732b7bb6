-- Ticks that each stay inside a call's budget, and together overrun a beat's: the hog's runs
-- about 1.2 million instructions, the nibbler's about 40 thousand.
local function spend(rounds)
  local n = 0
  for i = 1, rounds do n = n + i end
  return n
end

cairn.decorator { name = "Hogging", tick = function() spend(600000) end }
cairn.decorator { name = "Nibbling", tick = function() spend(20000) end }
cairn.entity { name = "hog", glyph = "h", decorators = { "Hogging" } }
cairn.entity { name = "nibbler", glyph = "n", decorators = { "Nibbling" } }
