-- Determinism reaching into Lua: pairs/next in one fixed order, math.random on the world's
-- seed, and two worlds with the same seed and inputs writing the same history.

local function keys_by_pairs(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = k end
  return ks
end

local function keys_by_next(t)
  local ks = {}
  local k = next(t)
  while k ~= nil do
    ks[#ks + 1] = k
    k = next(t, k)
  end
  return ks
end

test("math.random before any world says where randomness comes from", function()
  -- First in the file: no scenario has made a world yet.
  expect.error(function() math.random(1, 6) end,
    "math.random: there is no world yet (randomness comes from the world's seed: call it " ..
    "from a handler, a callback or a test)")
end)

test("pairs visits numbers by value, then strings byte by byte, then false and true", function()
  local t = { zeta = 1, [true] = 1, [3] = 1, Alpha = 1, [-1.5] = 1, ab = 1, [false] = 1,
    a = 1, [10] = 1, ["a\0"] = 1, ["\xff"] = 1, [1] = 1, _ = 1, ["10"] = 1 }
  local want = { -1.5, 1, 3, 10, "10", "Alpha", "_", "a", "a\0", "ab", "zeta", "\xff", false, true }
  expect.eq(keys_by_pairs(t), want)
  expect.eq(keys_by_next(t), want, "next walks the same order")
end)

test("entity handles come last in pairs, by entity", function()
  local w = scenario { map = "@@@" }
  local a, b, c = w:at(0, 0), w:at(1, 0), w:at(2, 0)
  local t = { [c] = 3, [true] = 0, [a] = 1, x = 0, [b] = 2, [0] = 0 }
  local got = {}
  for k, v in pairs(t) do got[#got + 1] = type(k) == "userdata" and ("e" .. v) or tostring(k) end
  expect.eq(got, { "0", "x", "true", "e1", "e2", "e3" }, "entities in spawn order here")
end)

test("the order does not depend on the order keys were inserted in", function()
  local names = {}
  for i = 1, 40 do names[i] = "k" .. (i * 7919 % 1000) end
  local forward, backward, churned = {}, {}, {}
  for i = 1, #names do forward[names[i]] = i end
  for i = #names, 1, -1 do backward[names[i]] = i end
  for i = 1, 500 do churned["junk" .. i] = i end -- grow the table, then empty it again
  for i = 1, 500 do churned["junk" .. i] = nil end
  for i = 1, #names, 2 do churned[names[i]] = i end
  for i = 2, #names, 2 do churned[names[i]] = i end
  local order = keys_by_pairs(forward)
  expect.eq(#order, 40)
  expect.eq(keys_by_pairs(backward), order)
  expect.eq(keys_by_pairs(churned), order)
  for i = 2, #order do
    expect.truthy(order[i - 1] < order[i], "sorted: " .. order[i - 1] .. " < " .. order[i])
  end
end)

test("clearing fields while walking with pairs is allowed and skips nothing", function()
  local t = { a = 1, b = 2, c = 3, d = 4 }
  local visited = {}
  for k in pairs(t) do
    visited[#visited + 1] = k
    t[k] = nil
    if k == "a" then t.c = nil end -- removed before its turn: not visited
  end
  expect.eq(visited, { "a", "b", "d" })
  expect.eq(next(t), nil)
end)

test("pairs over a table with table or function keys raises a clear error", function()
  local t = { a = 1, [2] = 2 }
  t[{}] = 3
  local err = expect.error(function() for _ in pairs(t) do end end, "has no fixed order")
  expect.truthy(err:find("a table as a key", 1, true), err)
  expect.truthy(err:find("key it by numbers, strings or entities", 1, true), err)
  expect.error(function() for _ in pairs({ [print] = 1, x = 2 }) do end end,
    "a function as a key has no fixed order")
  expect.error(function()
    local u = { a = 1, b = 2 }
    u[function() end] = 0
    local k = next(u)
    while k do k = next(u, k) end
  end, "has no fixed order")
end)

test("a lone table key is refused too, not only once a second key makes order matter", function()
  local t = {}
  t[{}] = 1
  expect.error(function() for _ in pairs(t) do end end, "has no fixed order")
  expect.error(function() return next(t) end, "has no fixed order")
end)

test("math.random follows the world's seed", function()
  local function draws()
    local d = {}
    for i = 1, 8 do d[i] = math.random(1, 1000) end
    d[#d + 1] = math.random()
    return d
  end
  scenario { map = "@", seed = 42 }
  local a = draws()
  scenario { map = "@", seed = 42 }
  expect.eq(draws(), a, "the same seed, the same numbers")
  scenario { map = "@", seed = 43 }
  expect.falsy(table.concat(draws(), ",") == table.concat(a, ","), "another seed, other numbers")
  expect.error(function() math.randomseed(1) end, "content cannot reseed")
end)

-- A game whose enemies wander by math.random and whose beat_start handler rolls dice and
-- walks a string-keyed table with pairs: everything that could make two runs differ.
local compass = { north = "n", east = "e", south = "s", west = "w" }
cairn.movs { name = "drunk", fn = function(e)
  local dirs = {}
  for _, d in pairs(compass) do dirs[#dirs + 1] = d end
  for i = #dirs, 2, -1 do
    local j = math.random(1, i)
    dirs[i], dirs[j] = dirs[j], dirs[i]
  end
  return dirs
end }
cairn.entity { name = "drunk", glyph = "d",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable" },
  stats = { hp = 3 }, data = { rolls = 0 },
  sequence = { { action = "attack_move", movs = "drunk" } } }
cairn.handler { chain = "beat_start", fn = function(ev)
  local w = cairn.world()
  for _, e in ipairs(w:entities("drunk")) do
    if not e:is_dead() and math.random(1, 6) == 6 then
      e.data.rolls = e.data.rolls + 1
      e:hurt(1)
    end
  end
end }

local inputs = { "e", "e", "s", "none", "w", "n", "e", "s", "s", "w", "e", "none" }

-- Runs a game and returns its history beat by beat, as plain strings.
local function play(seed)
  local w = scenario { seed = seed, map = [[
    ##########
    #@.....d.#
    #..d.....#
    #....d...#
    #.d......#
    ##########
  ]] }
  local p = w:at(1, 1)
  local beats = {}
  for b, dir in ipairs(inputs) do
    if not p:is_dead() then p:input(dir == "none" and "none" or "attack_move", dir) end
    w:step()
    local lines = {}
    for i, c in ipairs(w:history()) do
      lines[i] = table.concat({ c.kind, c.phase, c.entity and c.entity.id or "-",
        c.other and c.other.id or "-", c.from.x, c.from.y, c.to.x, c.to.y, c.amount, c.value }, " ")
    end
    beats[b] = lines
  end
  beats.map = render(w)
  return beats
end

test("two worlds with the same seed and inputs write the same history, beat by beat", function()
  local a = play(7)
  local b = play(7)
  for i = 1, #inputs do
    expect.truthy(#a[i] > 0, "beat " .. i .. " changed something")
    expect.eq(b[i], a[i], "beat " .. i)
  end
  expect.eq(b.map, a.map)
  local c = play(8)
  local differs = c.map ~= a.map
  for i = 1, #inputs do
    differs = differs or table.concat(c[i], "\n") ~= table.concat(a[i], "\n")
  end
  expect.truthy(differs, "another seed plays another game, so the comparison means something")
end)

test("tostring and string.format show no addresses, which differ from run to run", function()
  local a, b = {}, function() end
  expect.truthy(tostring(a):match("^table: #%d+$"), tostring(a))
  expect.truthy(tostring(b):match("^function: #%d+$"), tostring(b))
  expect.eq(tostring(a), tostring(a), "the same value, the same text")
  expect.truthy(string.format("%s", a) == tostring(a))
  expect.error(function() return string.format("%p", a) end, "'%p' shows addresses")
  expect.error(function() return ("%10p"):format(a) end, "'%p' shows addresses")
  expect.eq(string.format("%d%%", 5), "5%")
end)

test("table.sort is stable and makes the same comparisons on every run", function()
  local items = {}
  for i = 1, 200 do items[i] = { key = i % 7, n = i } end
  local calls = 0
  table.sort(items, function(x, y) calls = calls + 1; return x.key < y.key end)
  for i = 2, #items do
    local p, q = items[i - 1], items[i]
    expect.truthy(p.key < q.key or (p.key == q.key and p.n < q.n), "stable at " .. i)
  end
  expect.eq(calls, 1282, "a merge sort of these 200 makes 1282 comparisons, every time")
  local words = { "pear", "fig", "apple" }
  table.sort(words)
  expect.eq(words, { "apple", "fig", "pear" })
end)
