-- Entity and event handles: the fields content reads and writes, how long each handle
-- lives and what it says when used too late, e.data's plain values, handles as table keys.

local seen = {}  -- what handlers saw, as plain values and entity handles
local kept       -- an event handle a handler kept on purpose

cairn.entity { name = "orc", glyph = "o",
  decorators = { "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable" },
  stats = { damage = 2, hp = 5 },
  sequence = { { action = "attack_move", movs = "basic" } },
  handlers = {
    act_success = function(ev)
      local r = ev.algo.result
      seen[#seen + 1] = { actor = ev.actor, kind = ev.kind, action = ev.action,
        component = r.component, targets = r.kind == "result" and r.component == "Attacking"
          and r.targets or nil }
    end,
  } }

test("an act_success handler reads the actor and ev.algo.result.targets", function()
  seen = {}
  local w = scenario { map = [[
    ######
    #@.o.#
    ######
  ]] }
  local p, o = w:at(1, 1), w:at(3, 1)
  w:step() -- the orc walks up
  w:step() -- and hits
  expect.eq(#seen, 2)
  expect.truthy(seen[1].actor == o, "the actor is the orc's handle")
  expect.eq({ seen[1].kind, seen[1].action, seen[1].component }, { "enclosing", "attack_move", "Moving" })
  expect.eq(seen[1].targets, nil, "a move has no targets")
  expect.eq(seen[2].component, "Attacking")
  expect.eq(#seen[2].targets, 1)
  expect.truthy(seen[2].targets[1] == p, "the target is the player")
  expect.eq(p.hp, 8)
end)

test("after a failed move, the algo event settled nowhere and keeps the way asked", function()
  local w = scenario { map = [[
    ###
    #@#
    ###
  ]] }
  local p = w:at(1, 1)
  p:input("move", "e")
  w:step()
  local last = p.last
  expect.eq({ last.success, last.dir }, { false, "e" })
  expect.eq({ last.algo.success, last.algo.direction, last.algo.dir }, { false, "none", "e" })
end)

test("e.last after a step is the beat's enclosing event, down to the hit", function()
  local w = scenario { map = [[
    #####
    #@o.#
    #####
  ]] }
  local p, o = w:at(1, 1), w:at(2, 1)
  w:step()
  local last = o.last
  expect.eq({ last.kind, last.success, last.check_success, last.action, last.dir },
    { "enclosing", true, true, "attack_move", "w" })
  local algo = last.algo
  expect.eq({ algo.kind, algo.movs, algo.direction }, { "algo", "basic", "w" })
  local r = algo.result
  expect.eq({ r.kind, r.component, r.damage, r.pierce, r.power, r.source },
    { "result", "Attacking", 2, 1, 1, "basic" })
  local hit = r.hits[1]
  expect.eq({ hit.kind, hit.dealt, hit.blocked, hit.killed }, { "hit", 2, false, false })
  expect.truthy(hit.target == p and hit.actor == o)
  expect.eq(p.last.action, "none", "the player had no input")
  expect.error(function() return last.nonsense end, "enclosing event has no field 'nonsense'")
end)

test("an event handle from e.last stops working when the next beat starts", function()
  local w = scenario { map = [[
    #####
    #@o.#
    #####
  ]] }
  local o = w:at(2, 1)
  w:step()
  local last, algo = o.last, o.last.algo
  expect.eq(last.action, "attack_move", "readable until the next beat")
  w:step()
  expect.error(function() return last.action end, "event handle used after its event ended")
  expect.error(function() return algo.result end, "event handle used after its event ended")
  expect.eq(o.last.action, "attack_move", "e.last gives the new beat's event")
end)

cairn.entity { name = "keeper", glyph = "k", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "basic" } },
  handlers = {
    act_check = function(ev) kept = ev end,
    act_success = function(ev)
      local ok, err = pcall(function() return kept.actor end)
      seen[#seen + 1] = ok and "usable" or err
      seen[#seen + 1] = ev.actor.type
    end,
  } }

test("an event handle kept by a handler raises once its handler has returned", function()
  seen, kept = {}, nil
  local w = scenario { map = [[
    #####
    #@.k#
    #####
  ]] }
  w:step()
  expect.eq(#seen, 2)
  expect.truthy(seen[1]:find("event handle used after its event ended", 1, true),
    "already ended inside the same beat, in the next handler: " .. tostring(seen[1]))
  expect.eq(seen[2], "scenario:keeper", "the live handle works")
  expect.error(function() return kept.actor end, "event handle used after its event ended")
  expect.error(function() kept.propagate = false end, "event handle used after its event ended")
  expect.error(function() kept:stop() end, "event handle used after its event ended")
  expect.eq(tostring(kept), "event (ended)", "tostring says it is over, reading nothing")
end)

-- Doubling damage in attack_get, halving it in defence.
cairn.entity { name = "brute", glyph = "b",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { damage = 3, hp = 20 },
  handlers = { attack_get = function(ev) ev.damage = ev.damage * 2 end } }
cairn.entity { name = "shield", glyph = "s", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 20 },
  handlers = { defence = function(ev) ev.damage = ev.damage // 2 end } }

test("attack_get changes the attack's damage; defence changes what the target takes", function()
  local w = scenario { map = [[
    #####
    #@b.#
    #bs.#
    #####
  ]] }
  local p, b1, b2, s = w:at(1, 1), w:at(2, 1), w:at(1, 2), w:at(2, 2)
  expect.truthy(b1:attack("w"))
  expect.eq(p.hp, 4, "3 doubled to 6")
  expect.truthy(b2:attack("e"))
  expect.eq(s.hp, 17, "6 halved by the shield's defence to 3")
  expect.truthy(b2:attack("e"))
  expect.eq(s.hp, 14, "the stat itself is unchanged: 3, doubled again")
end)

test("e.damage reads and writes the damage stat; e:hurt takes hp", function()
  local w = scenario { map = [[
    ####
    #@b#
    ####
  ]] }
  local p, b = w:at(1, 1), w:at(2, 1)
  expect.eq(b.damage, 3)
  b.damage = 1
  expect.eq(b.damage, 1)
  b:attack("w")
  expect.eq(p.hp, 8, "1 doubled to 2")
  expect.eq(b:hurt(19), false, "19 of 20 hp: not killed")
  expect.eq(b:hurt(1), true, "the last one kills")
end)

test("clearing ev.propagate in act_check stops the check there and the act fails", function()
  local w = scenario { map = [[
    ####
    #k.#
    #.@#
    ####
  ]] }
  local k = w:at(1, 1)
  local order = {}
  k:hook("act_check", function(ev)
    order[#order + 1] = "high saw propagate " .. tostring(ev.propagate)
    ev.propagate = false
  end, "high")
  k:hook("act_check", function() order[#order + 1] = "low ran" end, "low")
  k:hook("act_failure", function(ev)
    order[#order + 1] = "failure: check " .. tostring(ev.check_success) .. ", algo " .. tostring(ev.algo)
  end)
  w:step()
  expect.eq(order, { "high saw propagate true", "failure: check false, algo nil" },
    "the low-rank handler never ran; no algorithm ran")
  expect.eq({ k.x, k.y }, { 1, 1 })
end)

test("a veto has one way to be written: ev:stop() says which", function()
  local w = scenario { map = [[
    ####
    #k.#
    #.@#
    ####
  ]] }
  w:at(1, 1):hook("act_check", function(ev) ev:stop() end)
  expect.error(function() w:step() end, "an event has no method 'stop': veto with ev.propagate = false")
end)

test("a handler writing a field its event does not have raises, naming it", function()
  local w = scenario { map = [[
    ####
    #k@#
    ####
  ]] }
  local k = w:at(1, 1)
  k:hook("move_get", function(ev) ev.damage = 1 end)
  expect.error(function() k:move("s") end, "cannot set 'damage' on a result event")
end)

test("an entity handle of a reaped entity raises, saying it is gone", function()
  local w = scenario { map = [[
    #####
    #@o.#
    #####
  ]] }
  local o = w:at(2, 1)
  local id = o.id
  o:kill()
  expect.truthy(o:is_dead())
  expect.error(function() return o.alive end, "an entity has no field 'alive': ask e:is_dead()")
  expect.eq(o.x, 2, "a dead entity stays readable until the end of the beat")
  expect.error(function() o:move("e") end, "is dead: it can no longer act")
  w:step()
  expect.eq(w:at(2, 1), nil, "reaped")
  expect.eq(w:entity(id), nil)
  local err = expect.error(function() return o.x end, "is gone")
  expect.truthy(err:find("died and was removed", 1, true), err)
  expect.error(function() return o.hp end, "is gone")
  expect.error(function() o.hp = 3 end, "is gone")
  expect.error(function() o:move("e") end, "is gone")
  expect.truthy(o:is_dead(), "is_dead stays readable: true")
  expect.eq(tostring(o):match("%(gone%)"), "(gone)")
  -- The slot is reused by the next spawn; the old handle still names the old entity.
  local slot = tostring(o):match("^entity (%d+)")
  local n = w:spawn("orc", 3, 1)
  expect.eq(tostring(n), "entity " .. slot .. " (scenario:orc)", "the same slot")
  expect.falsy(n == o)
  expect.falsy(n.id == id, "but another id")
  expect.error(function() return o.x end, "is gone")
  expect.eq(n.x, 3)
end)

test("a handle of a replaced world's entity raises, and so does the old world", function()
  local w1 = scenario { map = "@" }
  local p = w1:at(0, 0)
  local w2 = scenario { map = "@" }
  expect.error(function() return p.x end, "belongs to a world that was replaced")
  expect.error(function() w1:step() end, "world handle used after its world was replaced")
  expect.eq(w2:at(0, 0).x, 0)
end)

test("an entity handle read with a key that is no field's name raises", function()
  local w = scenario { map = "@." }
  local p = w:at(0, 0)
  expect.eq(p["x"], 0)
  expect.eq(p[("xy"):sub(2)], 0, "a y made at run time is the same y")
  expect.error(function() return p[1] end, "an entity has no field '1'")
  expect.error(function() return p[true] end, "string expected")
  expect.error(function() return p[p] end, "string expected")
end)

test("an old world's handle raises for its fields and methods alike", function()
  local w1 = scenario { map = "@." }
  expect.eq(w1.width, 2)
  local w2 = scenario { map = "@.." }
  -- The new world's handle is made (scenario returns it), and the old one asked after it.
  expect.error(function() return w1.width end, "world handle used after its world was replaced")
  expect.error(function() return w1.beat end, "world handle used after its world was replaced")
  expect.error(function() return w1.nonsense end, "world handle used after its world was replaced")
  expect.error(function() w1:players() end, "world handle used after its world was replaced")
  expect.error(function() return w1.players end, "world handle used after its world was replaced")
  expect.falsy(w1 == w2)
  expect.truthy(w1 == w1)
  expect.eq(tostring(w1):match("^world"), "world")
  expect.eq(w2.width, 3)
  expect.error(function() return w2.nonsense end, "a world has no field 'nonsense'")
  expect.truthy(cairn.world() == w2)
end)

cairn.entity { name = "chest", glyph = "c", data = { gold = 3, items = { "key" } } }

test("e.data starts from the type's data, a copy per entity", function()
  local w = scenario { map = "cc" }
  local a, b = w:at(0, 0), w:at(1, 0)
  expect.eq(a.data.gold, 3)
  a.data.gold = 10
  a.data.items[2] = "rope"
  expect.eq(b.data.gold, 3, "b keeps its own")
  expect.eq(#b.data.items, 1)
  expect.eq(a.data.items, { "key", "rope" })
end)

test("e.data holds plain values: tables are copied in, functions and handles refused", function()
  local w = scenario { map = "@c" }
  local p, c = w:at(0, 0), w:at(1, 0)
  local t = { 1, 2, nested = { x = 1 } }
  p.data.t = t
  t[1], t.nested.x = 99, 99
  expect.eq(p.data.t, { 1, 2, nested = { x = 1 } }, "the data kept a copy")
  p.data.t.nested.y = 2
  expect.eq(t.nested.y, nil, "and writing through e.data does not reach the original")
  expect.eq(p.data.t.nested.y, 2)

  expect.error(function() p.data.f = function() end end, "plain values only")
  expect.error(function() p.data.t.g = print end, "not a function")
  expect.error(function() p.data.who = c end, "keep an entity's e.id")
  expect.error(function() p.data.m = setmetatable({}, {}) end, "has a metatable")
  local loop = {}
  loop.self = loop
  expect.error(function() p.data.loop = loop end, "inside itself")
  expect.error(function() p.data[{}] = 1 end, "keys are strings, numbers or booleans")
  expect.eq(p.data.f, nil, "nothing refused was stored")
  p.data.who = c.id
  expect.truthy(w:entity(p.data.who) == c, "an id finds the entity again")
end)

test("e.data's tables work with pairs, ipairs, # and the table library", function()
  local p = scenario { map = "@" }:at(0, 0)
  p.data.items = { "b", "a" }
  p.data.n = 1
  table.insert(p.data.items, "c")
  table.sort(p.data.items)
  expect.eq(table.concat(p.data.items, ","), "a,b,c")
  expect.eq(#p.data.items, 3)
  local walked = {}
  for i, v in ipairs(p.data.items) do walked[i] = v end
  for k in pairs(p.data) do walked[#walked + 1] = k end
  expect.eq(walked, { "a", "b", "c", "items", "n" })
  expect.error(function() p.data = {} end, "e.data cannot be replaced") -- e.data itself stays
end)

test("e.data is a view, not a table: next refuses it rather than miss its fields", function()
  local p = scenario { map = "@" }:at(0, 0)
  p.data.n = 1
  expect.eq(type(p.data), "userdata")
  expect.error(function() return next(p.data) end, "table expected")
  local keys = {}
  for k in pairs(p.data) do keys[#keys + 1] = k end
  expect.eq(keys, { "n" })
end)

test("entity handles work as table keys: one handle per entity", function()
  local w = scenario { map = [[
    #####
    #@o.#
    #o..#
    #####
  ]] }
  local hp = {}
  for _, e in ipairs(w:entities()) do
    if e.type == "scenario:orc" then hp[e] = e.hp end
  end
  expect.truthy(rawequal(w:at(2, 1), w:at(2, 1)), "the same userdata each time")
  expect.eq(hp[w:at(2, 1)], 5, "found again by a fresh lookup")
  expect.eq(hp[w:at(1, 2)], 5)
  expect.eq(hp[w:at(1, 1)], nil, "the player is not a key")
  local n = 0
  for e, v in pairs(hp) do
    n = n + 1
    expect.eq(e.hp, v)
  end
  expect.eq(n, 2)
  -- Handles a handler receives are the same keys.
  local actors, o = {}, w:at(2, 1)
  o:hook("act_success", function(ev) actors[ev.actor] = (actors[ev.actor] or 0) + 1 end)
  w:step()
  expect.eq(actors[o], 1, "the handler's ev.actor is the same key")
  expect.eq(next(actors, o), nil, "and the only one: the hook was on o alone")
end)

cairn.entity { name = "walker", glyph = "v", decorators = { "Moving" },
  sequence = { { action = "move", movs = "basic" } } }

test("an event read twice in one call is one handle, and a handle from an earlier call is not it", function()
  local last, same
  cairn.handler { entity = "scenario:walker", chain = "act_success", fn = function(ev)
    same = ev.algo == ev.algo and ev.algo.result == ev.algo.result
    if last then
      expect.error(function() return last.success end, "used after its event ended")
    end
    last = ev
  end }
  local w = scenario { map = "@....v" }
  w:step(2)
  expect.truthy(same, "ev.algo read twice gives one handle")
  expect.eq(type(last), "userdata")
end)
