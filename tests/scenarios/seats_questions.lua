-- A question inside a beat is the seat's whose character it is about: each seat's bot
-- answers the prompts about its own hero.

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

-- Each hero has a rat of its own next to it.
cairn.game { name = "two_bitten", width = 5, height = 1,
  generate = function(w)
    w:spawn("hero", 0, 0):apply("charms", 1000)
    w:spawn("rat", 1, 0)
    w:spawn("rat", 3, 0)
    w:spawn("hero", 4, 0):apply("charms", 1000)
  end }

local asked = {} -- "seat:hero's x" for each prompt a bot answered

local function answerer(seat, pick)
  return function(_, _, prompt)
    asked[#asked + 1] = seat .. ":" .. prompt.actor.x
    return pick(prompt)
  end
end

cairn.bot { name = "first_offered", decide = function() return "none" end,
  answer = answerer(1, function() return 1 end) }
cairn.bot { name = "last_offered", decide = function() return "none" end,
  answer = answerer(2, function(prompt) return #prompt.options end) }

test("each seat's bot answers the questions about its own hero", function()
  asked = {}
  local g = game("two_bitten")
  g:bot("first_offered", 1)
  g:bot("last_offered", 2)
  g:step()
  local one, two = g.world:players()[1], g.world:players()[2]
  expect.eq(one.data.trail, "fc", "seat 1's bot took the first trigger offered")
  expect.eq(two.data.trail, "cf", "seat 2's bot took the last")
  table.sort(asked)
  expect.eq(asked, { "1:0", "2:4" })
end)
