-- extend = true and override = true on every kind that takes them: entity, decorator,
-- status, action, movs, algo, sequence, game and bot. An extension changes the definition in
-- place (stats and data merged, handlers added to, lists appended to, other fields
-- replaced); an override replaces it whole.

local log = {}
local function note(s) return function() log[#log + 1] = s end end
local function passed(e, chain)
  log = {}
  e:pass_all(chain)
  return log
end

cairn.decorator { name = "Bell", chains = { "ding", "dong" } }
cairn.movs { name = "east", fn = function() return { "e" } end }
cairn.movs { name = "west", fn = function() return { "w" } end }

-- entity -------------------------------------------------------------------------------------

cairn.entity { name = "chimer", glyph = "c", decorators = { "Bell", "WithHP" },
  stats = { hp = 2, max_hp = 9 }, handlers = { ding = note("old ding") } }
cairn.entity { name = "chimer", extend = true, glyph = "C", decorators = { "Attackable" },
  stats = { hp = 4 }, handlers = { ding = note("new ding"), dong = note("new dong") } }

test("an extended entity keeps its handlers and gains the extension's, new chains too", function()
  local e = scenario { map = "C" }:at(0, 0)
  expect.eq(passed(e, "ding"), { "old ding", "new ding" }, "a chain both handle: the original's first")
  expect.eq(passed(e, "dong"), { "new dong" }, "a chain only the extension handles")
end)

test("an extended entity merges stats, appends decorators and replaces other fields", function()
  local e = scenario { map = "C" }:at(0, 0)
  expect.eq({ e.hp, e.max_hp }, { 4, 9 })
  expect.truthy(e:has("Bell") and e:has("WithHP") and e:has("Attackable"))
end)

cairn.entity { name = "bare", glyph = "b", decorators = { "Bell" } }
cairn.entity { name = "bare", extend = true, handlers = { dong = note("bare dong") } }

test("an entity without handlers extended with some gets them", function()
  expect.eq(passed(scenario { map = "b" }:at(0, 0), "dong"), { "bare dong" })
end)

cairn.entity { name = "bellows", glyph = "o", decorators = { "Bell", "WithHP" },
  stats = { hp = 5 }, handlers = { ding = note("old") } }
cairn.entity { name = "bellows", override = true, glyph = "O", decorators = { "Bell" },
  handlers = { dong = note("new") } }

test("an overridden entity is the new definition only", function()
  local e = scenario { map = "O" }:at(0, 0)
  expect.falsy(e:has("WithHP"), "the original's decorators are gone")
  expect.eq(e.hp, nil)
  expect.eq(passed(e, "ding"), {}, "the original's handlers are gone")
  expect.eq(passed(e, "dong"), { "new" })
end)

-- decorator ----------------------------------------------------------------------------------

cairn.decorator { name = "Gong", chains = { "gong" }, data = { a = 1, b = 2 },
  handlers = { gong = note("gong old") } }
cairn.decorator { name = "Gong", extend = true, chains = { "gong2" }, data = { b = 3 },
  requires = { "WithHP" }, handlers = { gong = note("gong new"), gong2 = note("gong2 new") } }
cairn.entity { name = "gonger", glyph = "g", decorators = { "Gong" } }

test("an extended decorator merges data, appends chains and requires, adds handlers", function()
  local e = scenario { map = "g" }:at(0, 0)
  expect.eq({ e.data.a, e.data.b }, { 1, 3 })
  expect.truthy(e:has("WithHP"), "the required decorator was appended")
  expect.eq(passed(e, "gong"), { "gong old", "gong new" })
  expect.eq(passed(e, "gong2"), { "gong2 new" }, "a chain only the extension handles")
end)

cairn.decorator { name = "Chime", chains = { "chime" }, data = { a = 1 },
  handlers = { chime = note("chime old") } }
cairn.decorator { name = "Chime", override = true, chains = { "chime" }, data = { z = 9 } }
cairn.entity { name = "chimes", glyph = "h", decorators = { "Chime" } }

test("an overridden decorator is the new definition only", function()
  local e = scenario { map = "h" }:at(0, 0)
  expect.eq({ e.data.a, e.data.z }, { nil, 9 })
  expect.eq(passed(e, "chime"), {})
end)

-- status -------------------------------------------------------------------------------------

cairn.status { name = "ring", handlers = { ding = note("ring old ding") }, apply = note("apply old") }
cairn.status { name = "ring", extend = true, apply = note("apply new"),
  handlers = { ding = note("ring new ding"), dong = note("ring new dong") } }
cairn.status { name = "hum", handlers = { ding = note("hum old") } }
cairn.status { name = "hum", override = true, handlers = { dong = note("hum new") } }
cairn.entity { name = "ringer", glyph = "r", decorators = { "Bell", "Statused" } }

test("an extended status keeps its handlers and gains the extension's, new chains too", function()
  local e = scenario { map = "r" }:at(0, 0)
  log = {}
  e:apply("ring", 2)
  expect.eq(log, { "apply new" }, "apply replaced")
  expect.eq(passed(e, "ding"), { "ring old ding", "ring new ding" })
  expect.eq(passed(e, "dong"), { "ring new dong" }, "a chain only the extension hooks")
end)

test("an overridden status is the new definition only", function()
  local e = scenario { map = "r" }:at(0, 0)
  e:apply("hum", 2)
  expect.eq(passed(e, "ding"), {})
  expect.eq(passed(e, "dong"), { "hum new" })
end)

-- action -------------------------------------------------------------------------------------

cairn.action { name = "hop", components = { "Attacking" } }
cairn.action { name = "hop", extend = true, components = { "Moving" } }
cairn.action { name = "jab", components = { "Attacking", "Moving" } }
cairn.action { name = "jab", override = true, components = { "Attacking" } }
cairn.entity { name = "hopper", glyph = "p", decorators = { "Attacking", "Moving" },
  sequence = { { action = "hop", movs = "east" } } }
cairn.entity { name = "jabber", glyph = "j", decorators = { "Attacking", "Moving" },
  sequence = { { action = "jab", movs = "east" } } }

test("an extended action appends components; an overridden one has only the new", function()
  local w = scenario { map = [[
    p..
    j..
  ]] }
  w:step()
  expect.map(w, [[
    .p.
    j..
  ]], "hop moves (Moving was appended); jab only attacks now")
end)

-- movs, algo, sequence -------------------------------------------------------------------------

cairn.movs { name = "drift", fn = function() return { "e" } end }
cairn.movs { name = "drift", extend = true, fn = function() return { "w" } end }
cairn.movs { name = "sway", fn = function() return { "e" } end }
cairn.movs { name = "sway", override = true, fn = function() return { "w" } end }
cairn.movs { name = "keep", fn = function() return { "w" } end }
cairn.movs { name = "keep", extend = true, description = "the fn comes from the original" }
cairn.entity { name = "drifter", glyph = "d", decorators = { "Moving" },
  sequence = { { action = "move", movs = "drift" } } }
cairn.entity { name = "swayer", glyph = "s", decorators = { "Moving" },
  sequence = { { action = "move", movs = "sway" } } }
cairn.entity { name = "keeper", glyph = "k", decorators = { "Moving" },
  sequence = { { action = "move", movs = "keep" } } }

test("an extended or overridden movs uses the new fn; an extension without fn keeps the old", function()
  local w = scenario { map = [[
    .d.
    .s.
    .k.
  ]] }
  w:step()
  expect.map(w, [[
    d..
    s..
    k..
  ]])
end)

cairn.algo { name = "tally", fn = note("tally old") }
cairn.algo { name = "tally", extend = true, fn = note("tally new") }
cairn.algo { name = "count", fn = note("count old") }
cairn.algo { name = "count", override = true, fn = note("count new") }
cairn.entity { name = "tallier", glyph = "t", decorators = { "Moving" }, algo = "tally",
  sequence = { { action = "move", movs = "east" } } }
cairn.entity { name = "counter", glyph = "n", decorators = { "Moving" }, algo = "count",
  sequence = { { action = "move", movs = "east" } } }

test("an extended or overridden algorithm runs the new fn", function()
  local w = scenario { map = [[
    t.
    n.
  ]] }
  log = {}
  w:step()
  expect.eq(log, { "tally new", "count new" })
end)

cairn.sequence { name = "walk", steps = { { action = "move", movs = "east" } } }
cairn.sequence { name = "walk", extend = true, steps = { { action = "move", movs = "west" } } }
cairn.sequence { name = "pace", steps = { { action = "move", movs = "east" } } }
cairn.sequence { name = "pace", override = true, steps = { { action = "move", movs = "west" } } }
cairn.entity { name = "walker", glyph = "w", decorators = { "Moving" }, sequence = "walk" }
cairn.entity { name = "pacer", glyph = "a", decorators = { "Moving" }, sequence = "pace" }

test("an extended or overridden sequence has the new steps", function()
  local w = scenario { map = [[
    .w.
    .a.
  ]] }
  w:step()
  expect.map(w, [[
    w..
    a..
  ]])
end)

-- game and bot -------------------------------------------------------------------------------

cairn.entity { name = "hero", glyph = "H", decorators = { "PlayerControl", "Moving", "WithHP",
  "Killable" } }
cairn.game { name = "field", width = 5, height = 1,
  generate = function(w) w:spawn("hero", 2, 0) end }
cairn.game { name = "field", extend = true, width = 7 }
cairn.game { name = "meadow", width = 5, height = 1,
  generate = function(w) w:spawn("hero", 2, 0) end }
cairn.game { name = "meadow", override = true, width = 3, height = 1,
  generate = function(w) w:spawn("hero", 0, 0) end }
cairn.bot { name = "lefty", decide = function() return "move", "w" end }
cairn.bot { name = "lefty", extend = true, decide = function() return "move", "e" end }
cairn.bot { name = "righty", decide = function() return "move", "e" end }
cairn.bot { name = "righty", override = true, decide = function() return "move", "w" end }

test("an extended game keeps what it does not change; an overridden one is the new", function()
  local g = game("field")
  expect.eq(g.world.width, 7, "the extension's width")
  expect.eq(g.world:players()[1].x, 2, "the original's generate")
  g = game("meadow")
  expect.eq(g.world.width, 3)
  expect.eq(g.world:players()[1].x, 0)
end)

test("an extended or overridden bot decides with the new function", function()
  local g = game("field")
  g:bot("lefty")
  g:step()
  expect.eq(g.world:players()[1].x, 3, "lefty's extension goes east")
  g:bot("righty")
  g:step()
  expect.eq(g.world:players()[1].x, 2, "righty's override goes west")
end)
