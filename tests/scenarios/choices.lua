-- Choices (cairn.choice): what an actor can do now, the prompts asked before one is
-- committed, and performing it in the beat. "@" is the test kit's player; "s" a skeleton.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 5, team = 1, targets = { 2 } }, data = { charges = 3, log = "" } }
cairn.entity { name = "rat", glyph = "r", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 3, team = 2 } }

cairn.status { name = "dazed",
  handlers = { act_check = { rank = "highest", fn = function(ev) ev.propagate = false end } } }

local function note(a, text) a.data.log = a.data.log .. text .. ";" end

cairn.choice { name = "step", key = "direction", target = { among = "direction" },
  action = "move" }
cairn.choice { name = "rest", key = ".", action = "none" }
cairn.choice { name = "shout", key = "s", perform = function(a) note(a, "shout") end }
cairn.choice { name = "zap", key = "z",
  available = function(a)
    if a.data.charges > 0 then return true end
    return false, "no charges left"
  end,
  target = { among = "entity", range = 3, text = "Zap what?",
    filter = function(_, t) return t.type == "scenario:rat" end },
  perform = function(a, answers)
    a.data.charges = a.data.charges - 1
    answers.target:hurt(2)
  end }
cairn.choice { name = "secret", key = "x", available = function() return false end,
  perform = function() end }
cairn.choice { name = "pray", key = "p",
  prompts = {
    { name = "god", kind = "pick", text = "To whom?", options = { "sun", "moon" },
      cancel = function(a) note(a, "ashamed") end },
    { name = "times", kind = "number", text = "How often?", min = 1, max = "charges" },
  },
  perform = function(a, answers) note(a, answers.god .. "x" .. answers.times) end }
cairn.choice { name = "gamble", key = "G", optional = "Really gamble?",
  perform = function(a) note(a, "gambled") end }
-- Prompts queue by priority, higher first, in order of arrival among equals; a prompt's
-- `next` queues more.
cairn.choice { name = "order", key = "O",
  prompts = {
    { name = "a", kind = "confirm" },
    { name = "b", kind = "confirm", priority = 2 },
    { name = "c", kind = "confirm", priority = 1,
      next = function() return { { name = "d", kind = "confirm", priority = 5 } } end },
  },
  perform = function() end }

local function hero_world(map)
  local w = scenario { map = map or "H.r", legend = { H = "hero", r = "rat" } }
  return w, w:players()[1]
end

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.name .. (c.available and "" or "(" .. c.reason .. ")") end
  return table.concat(out, " ")
end

test("an actor's choices come in definition order, unavailable ones with the reason", function()
  local w, h = hero_world()
  expect.eq(names(h:choices()), "scenario:step scenario:rest scenario:shout scenario:zap " ..
    "scenario:pray scenario:gamble scenario:order", "secret is hidden: false without a reason")
  h.data.charges = 0
  local zap = h:choices()[4]
  expect.eq(zap.available, false)
  expect.eq(zap.reason, "no charges left")
  expect.eq(zap.key, "z")
  expect.error(function() h:choose("zap", { target = w:at(2, 0) }) end,
    "zap is not possible now: no charges left")
end)

test("a direction choice performs its core action in the answered direction", function()
  local w, h = hero_world("H..")
  h:choose("step", { target = "e" })
  w:step()
  expect.eq(h.x, 1)
  expect.error(function() h:choose("step", { target = "up" }) end, "one of the directions")
end)

test("a perform choice runs as the actor's act in the players phase", function()
  local w, h = hero_world()
  h:choose("zap", { target = w:at(2, 0) })
  expect.eq(h.data.charges, 3, "nothing happens before the beat")
  w:step()
  expect.eq(h.data.charges, 2)
  expect.eq(w:at(2, 0).hp, 1)
  local hurt = false
  for _, c in ipairs(w:history()) do
    if c.kind == "damaged" and c.phase == "players" then hurt = true end
  end
  expect.truthy(hurt, "the zap is in the beat's history, in the players phase")
end)

test("a stunned actor performs nothing: act_check comes first", function()
  local w, h = hero_world()
  h:apply("dazed", 1)
  h:choose("shout")
  w:step()
  expect.eq(h.data.log, "")
  -- The vetoed choice is gone with its beat: performing later runs nothing of it.
  h:input("perform")
  expect.error(function() w:step() end, "performs, but no choice was committed for it")
  expect.eq(h.data.log, "")
end)

test("a select prompt takes only candidates that pass the filter and the range", function()
  local w, h = hero_world("Hr..r")
  expect.error(function() h:choose("zap", { target = w:at(4, 0) }) end,
    "an entity within 3 cells")
  h:choose("zap", { target = w:at(1, 0) })
  w:step()
  expect.eq(w:at(1, 0).hp, 1)
end)

test("a select prompt with nothing to select ends the choice, saying so", function()
  local _, h = hero_world("H....r")
  expect.error(function() h:choose("zap", {}) end, "zap: nothing to choose for 'Zap what?'")
end)

test("pick and number prompts; a number's max may be a resource of the actor", function()
  local w, h = hero_world()
  h:choose("pray", { god = "moon", times = 3 })
  w:step()
  expect.eq(h.data.log, "moonx3;")
  h:choose("pray", { god = 1, times = 1 })
  w:step()
  expect.eq(h.data.log, "moonx3;sunx1;", "an option by its number")
  expect.error(function() h:choose("pray", { god = "sun", times = 4 }) end,
    "a whole number from 1 to 3")
  expect.error(function() h:choose("pray", { god = "star", times = 1 }) end,
    "one of the options (sun, moon)")
end)

test("a prompt left unanswered names itself", function()
  local _, h = hero_world()
  expect.error(function() h:choose("pray", { god = "sun" }) end,
    "choice 'scenario:pray': prompt 'times' (number) was left unanswered")
  expect.error(function() h:choose("zap", {}) end,
    "choice 'scenario:zap': prompt 'target' (select an entity) was left unanswered")
end)

test("cancel: with a cancel effect it is performed instead; without, nothing is", function()
  local w, h = hero_world()
  expect.eq(h:choose("pray", { god = "!" }), true, "committed: the cancel effect")
  w:step()
  expect.eq(h.data.log, "ashamed;")
  expect.eq(h:choose("zap", function() return nil end), false, "dropped")
  w:step()
  expect.eq(w:at(2, 0).hp, 3)
end)

test("optional: a yes or no first; no drops the choice", function()
  local w, h = hero_world()
  expect.eq(h:choose("gamble", { optional = false }), false)
  w:step()
  expect.eq(h.data.log, "")
  h:choose("gamble", { optional = true })
  w:step()
  expect.eq(h.data.log, "gambled;")
end)

test("prompts queue by priority, stable among equals; next adds to the queue", function()
  local _, h = hero_world()
  local asked = {}
  h:choose("order", function(p)
    asked[#asked + 1] = p.name
    return true
  end)
  expect.eq(table.concat(asked), "bcda")
end)

test("only a PlayerControl entity can choose, and it is told plainly", function()
  local w = scenario { map = "H.r", legend = { H = "hero", r = "rat" } }
  local asked = false
  local err = expect.error(function()
    w:at(2, 0):choose("shout", function() asked = true end)
  end, "entity 1 (scenario:rat) has no PlayerControl")
  expect.falsy(err:find("scripts/choices", 1, true), "no place of the runtime's own")
  expect.falsy(asked)
end)
