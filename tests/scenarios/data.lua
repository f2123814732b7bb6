-- What data may hold so that a world put back (w:restore, as undo and a resumed save do) is
-- the world that was kept: nesting a save keeps, `#` of a list with a hole, tostring's
-- numbers, metatables that never become weak, and a snapshot's data naming its own entities.

cairn.entity { name = "imp", glyph = "i", decorators = { "WithHP" }, stats = { hp = 2 } }
cairn.entity { name = "gem", glyph = "*", layer = "item" }

local room = [[
  #####
  #@i.#
  #####
]]

test("a table nested deeper than a snapshot keeps is refused at the write, with its line", function()
  local w = scenario { map = room }
  local deep = {}
  local t = deep
  for _ = 1, 150 do t.a = {}; t = t.a end
  local ok, err = pcall(function() w:at(2, 1).data.deep = deep end)
  expect.eq(ok, false)
  expect.truthy(err:find("^scenario:data%.lua:%d+: entity data holds tables nested at most 100 deep"),
    err)
  -- Nor can it be built a level at a time through the views: the 101st level is refused.
  local v, levels = w.data, 0
  ok, err = pcall(function()
    for _ = 1, 150 do v.a = {}; v = v.a; levels = levels + 1 end
  end)
  expect.eq(ok, false)
  expect.eq(levels, 100)
  expect.truthy(err:find("^scenario:data%.lua:%d+: entity data holds tables nested"), err)
  -- What was kept can still be summed up, snapshot and put back.
  local sum = w:checksum()
  w:restore(w:snapshot())
  expect.eq(w:checksum(), sum)
end)

test("# of a list with a hole is the same after the world is put back", function()
  local w = scenario { map = room }
  local d = w:at(2, 1).data
  d.list = {}
  for i = 1, 8 do d.list[i] = i end
  d.list[4] = nil
  expect.eq(#d.list, 3, "the list runs from 1 to the first nil")
  local sum = w:checksum()
  w:restore(w:snapshot())
  expect.eq(w:checksum(), sum)
  expect.eq(#d.list, 3)
  d.list[4] = 4
  expect.eq(#d.list, 8, "filling the hole joins the rest")
  table.insert(d.list, 9)
  expect.eq(d.list[9], 9)
  d.list[9], d.list[8] = nil, nil
  expect.eq(#d.list, 7)
end)

test("tostring's numbers are put back with the world", function()
  local w = scenario { map = room }
  local start, unseen = w:snapshot(), w:checksum()
  local first = tostring({})
  expect.eq(w:checksum(), unseen, "the count alone is not the game: only what data keeps is")
  w.data.note = tostring({})
  local sum = w:checksum()
  w:restore(start)
  expect.eq(tostring({}), first, "the table made after the restore gets the number again")
  w.data.note = tostring({})
  expect.eq(w:checksum(), sum)
end)

test("a beat that keeps tostring's text is played again the same (undo)", function()
  cairn.handler { chain = "beat_start", fn = function()
    local wd = cairn.world().data
    wd.seen = tostring({})
  end }
  local w = scenario { map = room }
  local start = w:snapshot()
  w:step(3)
  local sum = w:checksum()
  w:restore(start)
  w:step(3)
  expect.eq(w:checksum(), sum)
end)

test("a metatable cannot be made weak after setmetatable", function()
  local mt = {}
  local t = setmetatable({}, mt)
  expect.error(function() mt.__mode = "k" end, "weak tables (__mode) are not allowed")
  expect.error(function() rawset(mt, "__mode", "k") end, "weak tables (__mode) are not allowed")
  -- A class whose own metatable says where to look (inheritance) is guarded too.
  local Base = { hello = function() return "hi" end }
  Base.__index = Base
  local Derived = setmetatable({}, { __index = Base })
  Derived.__index = Derived
  local obj = setmetatable({}, Derived)
  expect.error(function() Derived.__mode = "v" end, "weak tables (__mode) are not allowed")
  expect.error(function() rawset(Derived, "__mode", "v") end, "weak tables (__mode) are not allowed")
  -- Everything else a metatable is given is kept as it would be.
  mt.__index = function() return 7 end
  expect.eq(t.anything, 7)
  Derived.extra = 1
  expect.eq(obj.extra, 1)
  expect.eq(obj.hello(), "hi")
  expect.eq(rawget(mt, "__mode"), nil)
  expect.eq(getmetatable(t), mt)
  setmetatable(mt, nil)
  expect.error(function() mt.__mode = "k" end, "weak tables (__mode) are not allowed")
end)

test("a snapshot whose data names an entity its world lacks is refused", function()
  local w = scenario { map = room }
  local without = w:snapshot()
  local gem = w:spawn("gem", 3, 1)
  gem.data.shine = 1
  local with = w:snapshot()
  local function data_of(s) return s:sub(5 + string.unpack("<I4", s)) end
  local function core_of(s) return s:sub(1, 4 + string.unpack("<I4", s)) end
  expect.error(function() w:restore(core_of(without) .. data_of(with)) end,
    "names entity " .. gem.id .. ", which its world does not hold")
  -- The world can still be summed up, snapshot and put back.
  expect.truthy(w:checksum())
  w:restore(with)
  expect.eq(w:at(3, 1, "item").data.shine, 1)
end)
