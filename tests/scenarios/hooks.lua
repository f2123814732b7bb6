-- Handlers hooked and unhooked while a pass of their chain runs: a handler removed mid-pass
-- never runs again, not even later in that pass; a handler added mid-pass runs from the next
-- pass; and neither change makes the pass call some other function in the place of one.

cairn.decorator { name = "Bell", chains = { "ping", "pong" } }
cairn.entity { name = "bell", glyph = "b", decorators = { "Bell" } }

local function bells(n)
  local w = scenario { map = string.rep("b", n) }
  local list = {}
  for x = 0, n - 1 do list[#list + 1] = w:at(x, 0) end
  return w, list
end

test("a handler removed mid-pass does not run, and one hooked then is not run in its place", function()
  local _, b = bells(1)
  local e = b[1]
  local ran = {}
  local second, third
  e:hook("ping", function()
    ran[#ran + 1] = "first"
    if second then
      e:unhook("ping", second)
      second = nil
      -- hooked right after the removal: it must neither take the removed one's place in
      -- this pass nor be lost for the next
      third = e:hook("ping", function() ran[#ran + 1] = "third" end, "lowest")
    end
  end, "highest")
  second = e:hook("ping", function() ran[#ran + 1] = "second" end)
  e:pass_all("ping")
  expect.eq(ran, { "first" }, "the pass that removed 'second' and hooked 'third'")
  ran = {}
  e:pass_all("ping")
  expect.eq(ran, { "first", "third" }, "the next pass")
  expect.truthy(third)
end)

test("every handler of a chain removed from inside a pass of it: the pass ends quietly", function()
  local _, b = bells(1)
  local e = b[1]
  local ran = {}
  local ids = {}
  ids[1] = e:hook("ping", function()
    ran[#ran + 1] = 1
    for _, id in ipairs(ids) do e:unhook("ping", id) end
  end)
  ids[2] = e:hook("ping", function() ran[#ran + 1] = 2 end)
  ids[3] = e:hook("ping", function() ran[#ran + 1] = 3 end)
  expect.truthy(e:pass_all("ping"))
  expect.eq(ran, { 1 })
  ran = {}
  e:pass_all("ping")
  expect.eq(ran, {}, "nothing is left on the chain")
end)

test("a handler removed by a nested pass is not run by the outer pass either", function()
  local _, b = bells(1)
  local e = b[1]
  local ran = {}
  local victim
  e:hook("ping", function()
    ran[#ran + 1] = "outer"
    e:pass_all("pong")
  end, "highest")
  victim = e:hook("ping", function() ran[#ran + 1] = "victim" end, "lowest")
  e:hook("pong", function()
    ran[#ran + 1] = "pong"
    if victim then e:unhook("ping", victim); victim = nil end
  end)
  e:pass_all("ping")
  expect.eq(ran, { "outer", "pong" })
end)

-- A small deterministic generator (a linear congruence), so that the test does not lean on
-- the world's randomness it is checking around.
local function generator(seed)
  local s = seed
  return function(n)
    s = (s * 1103515245 + 12345) % 2147483648
    return (s >> 8) % n + 1
  end
end

local RANKS = { "highest", "high", "medium", "low", "lowest" }
local CHAINS = { "ping", "pong" }

-- One seeded run. Handlers hook, unhook and pass at random, from inside passes and between
-- them, on several entities and chains. A model keeps every handler's entity, chain, rank and
-- whether it is on; each pass takes a snapshot of the model's handlers of its chain in order
-- (rank, then the order they were added) and each handler that really runs must be the next
-- one of the snapshot that is still on. Returns the mismatches and what was exercised.
local function random_run(seed)
  local rand = generator(seed)
  local _, ents = bells(3)
  local handlers = {}   -- label -> { label, ent, chain, rank, id, on }
  local labels = 0
  local frames = {}     -- the model's passes under way, innermost last
  local mismatches = {}
  local count = { runs = 0, added_mid_pass = 0, removed_mid_pass = 0, nested = 0 }
  local add, run_pass

  local function live_list()
    local l = {}
    for i = 1, labels do
      if handlers[i].on then l[#l + 1] = handlers[i] end
    end
    return l
  end

  local function remove_one()
    local l = live_list()
    if #l == 0 then return end
    local h = l[rand(#l)]
    ents[h.ent]:unhook(h.chain, h.id)
    h.on = false
    if #frames > 0 then count.removed_mid_pass = count.removed_mid_pass + 1 end
  end

  local function body(label)
    count.runs = count.runs + 1
    local frame = frames[#frames]
    local expected
    while frame.pos < #frame.list do
      frame.pos = frame.pos + 1
      if frame.list[frame.pos].on then expected = frame.list[frame.pos]; break end
    end
    if not expected or expected.label ~= label then
      mismatches[#mismatches + 1] = string.format("seed %d: handler %d ran where %s was due",
        seed, label, expected and tostring(expected.label) or "nothing")
    end
    for _ = 1, rand(3) - 1 do
      local what = rand(10)
      if what <= 4 then
        add()
      elseif what <= 8 then
        remove_one()
      elseif #frames < 4 then
        count.nested = count.nested + 1
        run_pass()
      end
    end
  end

  function add()
    labels = labels + 1
    local h = { label = labels, ent = rand(#ents), chain = CHAINS[rand(#CHAINS)],
      rank = rand(#RANKS), on = true }
    local label = labels
    h.id = ents[h.ent]:hook(h.chain, function() body(label) end, RANKS[h.rank])
    handlers[labels] = h
    if #frames > 0 then count.added_mid_pass = count.added_mid_pass + 1 end
  end

  function run_pass()
    local ent, chain = rand(#ents), CHAINS[rand(#CHAINS)]
    local list = {}
    for _, h in ipairs(live_list()) do
      if h.ent == ent and h.chain == chain then list[#list + 1] = h end
    end
    table.sort(list, function(a, b)
      if a.rank ~= b.rank then return a.rank < b.rank end
      return a.label < b.label
    end)
    frames[#frames + 1] = { list = list, pos = 0 }
    ents[ent]:pass_all(chain)
    local frame = table.remove(frames)
    for i = frame.pos + 1, #frame.list do
      if frame.list[i].on then
        mismatches[#mismatches + 1] = string.format("seed %d: handler %d did not run",
          seed, frame.list[i].label)
      end
    end
  end

  for _ = 1, 6 do add() end
  for _ = 1, 60 do
    if rand(4) == 1 then
      if rand(2) == 1 then add() else remove_one() end
    end
    run_pass()
    -- keep the population from dying out or growing without end
    local live = #live_list()
    if live < 3 then add() elseif live > 24 then remove_one() end
  end
  return mismatches, count
end

test("random hooks and unhooks during passes run exactly what the model says", function()
  local total = { runs = 0, added_mid_pass = 0, removed_mid_pass = 0, nested = 0 }
  local all = {}
  for seed = 1, 25 do
    local mismatches, count = random_run(seed)
    for _, m in ipairs(mismatches) do all[#all + 1] = m end
    for k, v in pairs(count) do total[k] = total[k] + v end
  end
  expect.eq(all, {})
  -- the runs must have exercised what they are about, or the comparison proves little
  expect.truthy(total.runs > 1000, "handler runs: " .. total.runs)
  expect.truthy(total.added_mid_pass > 200, "added mid-pass: " .. total.added_mid_pass)
  expect.truthy(total.removed_mid_pass > 200, "removed mid-pass: " .. total.removed_mid_pass)
  expect.truthy(total.nested > 50, "nested passes: " .. total.nested)
end)
