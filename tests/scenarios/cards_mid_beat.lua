-- Cards: prompts asked inside a beat (here, the order of two interactive triggers) are
-- answered by the session's bot when it has an `answer` function, kept in the log, and given
-- back when the beat is played again (undo; replays, in tests/e2e) - not asked again.

cairn.entity { name = "hero", glyph = "H",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused" },
  stats = { hp = 40, team = 1, targets = { 2 } }, data = { trail = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Moving" },
  stats = { hp = 50, team = 2, targets = { 1 } },
  sequence = { { action = "attack", movs = "basic" } } }

cairn.effect { name = "mark", target = "self", params = { letter = "string" },
  run = function(ctx, t) t.data.trail = t.data.trail .. ctx.params.letter end }
cairn.ability { name = "fury", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "f" } } } }
cairn.ability { name = "calm", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "c" } } } }
cairn.status { name = "charms",
  apply = function(e)
    cairn.cards.grant(e, "fury")
    cairn.cards.grant(e, "calm")
  end,
  handlers = { damaged = function(ev) cairn.cards.fire("hurt", ev.target) end } }

cairn.game { name = "bitten", width = 3, height = 1,
  generate = function(w)
    w:spawn("hero", 0, 0):apply("charms", 1000)
    w:spawn("rat", 1, 0)
  end }

local asked = 0
cairn.bot { name = "patient", decide = function() return "none" end }
cairn.bot { name = "contrary", decide = function() return "none" end,
  answer = function(mem, w, prompt)
    asked = asked + 1
    return #prompt.options -- the last offered: calm before fury
  end }

test("without an answer function the default order holds: priority, then as granted", function()
  local g = game("bitten")
  g:bot("patient")
  g:step()
  expect.eq(g.world:players()[1].data.trail, "fc")
end)

test("a bot's answer orders the triggers inside the beat", function()
  asked = 0
  local g = game("bitten")
  g:bot("contrary")
  g:step()
  g:bot("contrary")
  g:step()
  expect.eq(g.world:players()[1].data.trail, "cfcf")
  expect.eq(asked, 2)
end)

test("undo plays the beats again with the answers the log kept, not asking again", function()
  local g = game("bitten")
  for _ = 1, 3 do
    g:bot("contrary")
    g:step()
  end
  local before = asked
  local sum = g.world:checksum()
  expect.eq(g:undo(), true) -- raises if a beat played again came out differently
  expect.eq(asked, before, "the bot's answer was not asked: the log's answers were given")
  g:bot("contrary")
  g:step()
  expect.eq(g.world:checksum(), sum)
end)
