-- Glyphs are one character of any script, colours one of sixteen names: what front ends draw.
cairn.entity { name = "ghost", glyph = "☠", color = "bright_magenta" }

test("a map may hold a glyph of more than one byte", function()
  local w = scenario { map = "@.☠." }
  expect.eq(w:at(2, 0).type, "scenario:ghost")
  expect.map(w, "@.☠.")
end)
