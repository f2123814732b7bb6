-- Short names, by the one rule (docs/modding.md, "Names"): the asker's own pack's name, else
-- the runtime's, else the one other pack's that defines it; when several do, an error that
-- lists them. The same at compile time (a definition's names) and at play time (e:has).
-- names_a and names_b (folders beside this file) both define the decorators Both, Twice and
-- Moving (the runtime has a Moving too); names_a alone defines Lonely.
use("names_a")
use("names_b")

-- This file's pack is `scenario`: it has a Both of its own, and a Killable as the runtime does.
cairn.decorator { name = "Both" }
cairn.decorator { name = "Killable" }
cairn.entity { name = "probe", glyph = "p", decorators = { "Both", "Killable", "Moving", "Lonely" } }
cairn.entity { name = "a_both", glyph = "b", decorators = { "names_a:Both", "names_a:Moving" } }

test("compile time: the own pack's name wins over another pack's and over the runtime's", function()
  local e = scenario { map = "p" }:at(0, 0)
  expect.truthy(e:has("scenario:Both"), "its own Both")
  expect.falsy(e:has("names_a:Both") or e:has("names_b:Both"), "no other pack's Both")
  expect.truthy(e:has("scenario:Killable"), "its own Killable, not the runtime's")
  local a = scenario { map = "a" }:at(0, 0)
  expect.truthy(a:has("names_a:Both") and a:has("names_a:Moving"), "names_a's own, in names_a")
  expect.falsy(a:has("names_b:Both") or a:has("scenario:Both"), "and no one else's")
end)

test("compile time: the runtime's name wins over other packs'; one other pack's is found", function()
  local e = scenario { map = "p" }:at(0, 0)
  expect.falsy(e:has("names_a:Moving") or e:has("names_b:Moving"), "no pack's Moving")
  expect.truthy(e:has("names_a:Lonely"), "Lonely is names_a's, the one pack that has it")
end)

test("play time: the same rule, asked from the calling file's pack", function()
  local w = scenario { map = "pb@" }
  local probe, a_both, player = w:at(0, 0), w:at(1, 0), w:at(2, 0)
  expect.truthy(probe:has("Both"), "Both is scenario:Both")
  expect.falsy(a_both:has("Both"), "names_a:Both is not what Both means here")
  expect.falsy(player:has("Killable"), "Killable is scenario:Killable, not the runtime's")
  expect.truthy(player:has("Moving"), "Moving is the runtime's")
  expect.falsy(a_both:has("Moving"), "names_a:Moving is not what Moving means here")
  expect.truthy(probe:has("Lonely"), "Lonely is names_a:Lonely")
  expect.falsy(player:has("Lonely"))
end)

test("play time: a short name two other packs define is an error that lists both", function()
  local e = scenario { map = "p" }:at(0, 0)
  local err = expect.error(function() return e:has("Twice") end,
    "decorator 'Twice' is defined by several packs: say which in full " ..
    "(names_a:Twice, names_b:Twice)")
  expect.truthy(err:find("^scenario:resolve.lua:%d+: "), "the place is given: " .. err)
  expect.falsy(e:has("names_a:Twice"), "a full name is as it is")
end)

-- Last: the definition that fails stays in the record.
test("compile time: a short name two other packs define is reported where it is used", function()
  cairn.entity { name = "twice", glyph = "t", decorators = { "Twice" } }
  local err = expect.error(function() scenario { map = "t" } end,
    "decorator 'Twice' is defined by several packs: say which in full " ..
    "(names_a:Twice, names_b:Twice)")
  expect.truthy(err:find("scenario:resolve.lua:%d+: cairn.entity 'scenario:twice'"), err)
end)
