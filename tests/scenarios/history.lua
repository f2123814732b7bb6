-- The beat's history holds every change content can make: hp set or healed, other stats
-- set, facing, statuses, and kinds of change content defines, whose words reach the message
-- log.

cairn.status { name = "glow" }
cairn.entity { name = "troll", glyph = "T",
  decorators = { "Statused", "WithHP", "Killable", "Attackable", "Moving", "Displaceable" },
  stats = { hp = 5, max_hp = 8 } }
cairn.entity { name = "stone", glyph = "o", decorators = { "WithHP" }, stats = { hp = 3 } }

cairn.change {
  name = "sparkled",
  describe = function(c, name)
    local who = name(c.entity) -- "you" for the player, "the troll" for a troll
    return string.format("%s %s %d times.", who, who == "you" and "sparkle" or "sparkles",
      c.amount)
  end,
}
cairn.change { name = "quiet" } -- no describe: in the history, not in the log
cairn.change { name = "mood", amounts = { "calm", "cross", "furious" } }

local room = [[
  #####
  #T.o#
  #####
]]

-- The changes of the current beat since the map was made, as "kind field=value" strings, for
-- the fields asked.
local function changes(w, ...)
  local out = {}
  for _, c in ipairs(w:history()) do
    if c.kind == "spawned" then goto next end
    local parts = { c.kind }
    for _, f in ipairs({ ... }) do
      if c[f] ~= nil then parts[#parts + 1] = f .. "=" .. tostring(c[f]) end
    end
    out[#out + 1] = table.concat(parts, " ")
    ::next::
  end
  return out
end

test("setting hp to 0 kills a Killable, through the damage path", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll.hp = 0
  expect.truthy(troll:is_dead(), "it died of it")
  expect.eq(changes(w, "amount", "value"), { "damaged amount=5 value=0", "died amount=0 value=0" })
end)

test("hp set lower is damage, set higher a heal; past max_hp is refused", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll.hp = 2
  troll.hp = 7
  expect.eq(changes(w, "amount", "value"), { "damaged amount=3 value=2", "healed amount=5 value=7" })
  expect.error(function() troll.hp = 9 end, "hp 9 is more than max_hp 8: raise max_hp first")
  expect.eq(troll.hp, 7)
  troll.max_hp = 10
  troll.hp = 9
  expect.eq(troll.hp, 9)
end)

test("e:heal gives hp back up to max_hp and says how much", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll:hurt(4)
  expect.eq(troll:heal(10, w:at(3, 1)), 7, "from 1 to its max_hp, 8")
  expect.eq(troll.hp, 8)
  expect.eq(troll:heal(1), 0, "nothing past max_hp")
  expect.eq(changes(w, "amount", "value"), { "damaged amount=4 value=1",
    "healed amount=7 value=8" }, "a heal of nothing is no change")
  local healed = w:history()[#w:history()]
  expect.eq(healed.other, w:at(3, 1), "the cause")
end)

test("other stats are recorded when they change, with what they were and are", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll.armor = 2
  troll.armor = 2 -- the same again: no change
  troll.team = 3
  troll.resistance = { basic = 4 }
  expect.eq(changes(w, "stat", "amount", "value"), { "stat stat=armor amount=0 value=2",
    "stat stat=team amount=0 value=3", "stat stat=resistance amount=0 value=0" })
end)

test("a turn is recorded when the facing changes, with where it faced before", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll.facing = "s"
  troll.facing = "s" -- the same way: no turn
  troll.facing = "e"
  expect.eq(changes(w, "facing", "was"), { "turned facing=s was=none", "turned facing=e was=s" })
end)

test("statuses applied and worn off are in the history", function()
  local w = scenario { map = room }
  local troll = w:at(1, 1)
  troll:apply("glow", 1)
  w:step()
  expect.eq(changes(w, "status", "amount"), { "status_off status=scenario:glow amount=0" })
end)

test("w:record adds a change of a kind content defined, by its name", function()
  local w = scenario { map = room }
  local troll, stone = w:at(1, 1), w:at(3, 1)
  w:record("sparkled", { entity = troll, other = stone, amount = 3, value = -1,
    to = { x = 2, y = 1 } })
  w:record("scenario:quiet")
  local all = w:history()
  local h = { all[#all - 1], all[#all] }
  expect.eq(h[1].kind, "scenario:sparkled")
  expect.eq(h[1].entity, troll)
  expect.eq(h[1].other, stone)
  expect.eq({ h[1].amount, h[1].value, h[1].to.x, h[1].to.y }, { 3, -1, 2, 1 })
  expect.eq(h[2].kind, "scenario:quiet")
  expect.error(function() w:record("shone") end, "unknown kind of change 'shone'")
  expect.error(function() w:record("sparkled", { amount = 0.5 }) end, "number has no integer")
end)

test("a kind of change that names its amounts has each change's name beside its number",
  function()
    local w = scenario { map = room }
    w:record("mood", { entity = w:at(1, 1), amount = 2 })
    w:record("mood", { entity = w:at(1, 1), amount = 7 }) -- past the names: a number only
    w:record("sparkled", { entity = w:at(1, 1), amount = 1 }) -- no names
    local all = w:history()
    expect.eq({ all[#all - 2].amount, all[#all - 2].amount_name }, { 2, "cross" })
    expect.eq({ all[#all - 1].amount, all[#all - 1].amount_name }, { 7, nil })
    expect.eq(all[#all].amount_name, nil)
  end)

test("a kind of change's amounts are names: anything else is reported where it is defined",
  function()
    cairn.change { name = "bad_mood", amounts = { "calm", 2 } }
    local err = expect.error(function() scenario { map = room } end,
      "amounts must be a list of strings, not a number")
    expect.truthy(err:find("scenario:history.lua:%d+: cairn.change 'scenario:bad_mood'"), err)
    cairn.change { name = "bad_mood", amounts = { "calm", "cross" }, override = true }
    scenario { map = room }
  end)

test("a snapshot keeps the history with content's kinds of change", function()
  local w = scenario { map = room }
  w:record("sparkled", { entity = w:at(1, 1), amount = 2 })
  local snap = w:snapshot()
  w:step()
  w:restore(snap)
  expect.eq(changes(w, "amount"), { "scenario:sparkled amount=2" })
end)

cairn.game {
  name = "glade",
  width = 5,
  height = 3,
  generate = function(w)
    w:spawn("troll", 1, 1)
    w:spawn("stone", 3, 1)
    w:spawn("hero", 2, 1)
  end,
}

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "WithHP", "Killable" }, stats = { hp = 4 } }

cairn.handler {
  chain = "beat_end",
  fn = function()
    local w = cairn.world()
    local hero = w:players()[1]
    if not hero then return end
    if w.beat == 1 then hero.hp = 2 end
    if w.beat == 2 then hero:heal(1) end
    if w.beat == 3 then w:record("sparkled", { entity = w:at(1, 1), amount = 2 }) end
    if w.beat == 4 then w:record("sparkled", { entity = hero, amount = 1 }) end
  end,
}

test("heals and content's own kinds of change reach the message log", function()
  local g = game("glade")
  g:step(4)
  local log = g:messages()
  expect.eq({ log[#log - 2], log[#log - 1], log[#log] },
    { "You get 1 hp back.", "The troll sparkles 2 times.", "You sparkle 1 times." })
end)
