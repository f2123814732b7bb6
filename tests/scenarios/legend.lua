-- What a map's characters mean: one type each. The legend's, else the test's own pack's,
-- else the one loaded pack's that has the glyph, else the test kit's; scenario{} returns
-- what each character meant. With base loaded, '@' and '#' are base's.
use("base")
use("glyph_a")
use("glyph_b")

test("with base loaded, '@' and '#' are base's player and wall, and scenario says so", function()
  local w, legend = scenario { map = "@#" }
  expect.eq(legend, { ["@"] = "base:player", ["#"] = "base:wall" })
  expect.eq(w:at(0, 0).hp, 6, "base's player")
end)

test("the legend picks the test kit's, or stacks types", function()
  local w, legend = scenario { map = "@+", legend = { ["@"] = "test:player",
    ["+"] = { "base:stairs", "test:player" } } }
  expect.eq(legend, { ["@"] = "test:player", ["+"] = { "base:stairs", "test:player" } })
  expect.eq(w:at(0, 0).hp, 10, "the kit's player")
end)

test("a glyph two packs give to types must be picked in the legend", function()
  expect.error(function() scenario { map = "x" } end,
    "'x' is the glyph of glyph_a:marker and glyph_b:marker: say which in legend")
  local _, legend = scenario { map = "x", legend = { x = "glyph_b:marker" } }
  expect.eq(legend.x, "glyph_b:marker")
end)
