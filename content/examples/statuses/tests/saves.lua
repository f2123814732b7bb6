-- A snapshot (what a save, an undo and a preview rest on) keeps each status whole: its
-- magnitude, its beats, every instance and its source.

test("a world put back keeps magnitudes, instances and sources", function()
  local w = scenario { map = "@.d" }
  local hero, dummy = w:at(0, 0), w:at(2, 0)
  dummy:apply("poison", { magnitude = 3, source = hero })
  dummy:apply("bleed", { magnitude = 2, beats = 3, source = hero })
  dummy:apply("bleed", { magnitude = 1, beats = 2 })
  hero:apply("strength", { magnitude = -1 })
  local before, rows = w:snapshot(), dummy:statuses()
  w:step(2)
  w:restore(before)
  expect.eq(dummy:statuses(), rows)
  expect.eq(hero.damage, 1, "strength -1 still counts")
  w:step()
  expect.eq(dummy.hp, 24, "poison 3 and bleeds 2 and 1, as before")
end)

-- The rows of e:statuses() with each source as its id: a handle belongs to one world, and a
-- world put back by an undo or a reload is another.
local function by_id(rows)
  for _, row in ipairs(rows) do row.source = row.source and row.source.id end
  return rows
end

test("a game's undo and reload keep the viper's poison", function()
  local g = game("burning_ground")
  local hero = g.world:players()[1]
  while hero:magnitude("poison") == 0 and g.beats < 20 do g:step() end
  expect.truthy(hero:magnitude("poison") > 0, "the viper came and bit")
  local rows, sum = by_id(hero:statuses()), g.world:checksum()
  g:step()
  expect.eq(g:undo(), true)
  expect.eq(g.world:checksum(), sum)
  g:reload()
  expect.eq(by_id(g.world:players()[1]:statuses()), rows)
end)
