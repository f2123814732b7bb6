-- A duel with cards: a hero with a deck against rats that close in and bite. The bot plays
-- the first playable card at the nearest rat each beat, so a recorded game holds card plays,
-- draws from the world's generator, triggers and enemies' abilities - all of which a replay
-- must come to again.

cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable",
    "Statused", "Displaceable" },
  stats = { hp = 40, team = 1, targets = { 2 } } }

-- A rat's second step bites with an ability (through the stack), then steps closer.
cairn.ability { name = "bite", effect = { { damage = { damage = 1 } } } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Moving", "Displaceable",
    "Statused" },
  stats = { hp = 14, team = 2, targets = { 1 } },
  sequence = { { action = "none" }, { action = "move", movs = "basic",
    enter = function(e)
      local p = cairn.world():players()[1]
      if p and math.max(math.abs(p.x - e.x), math.abs(p.y - e.y)) <= 1 then
        cairn.resolve(e, "bite", { targets = { p } })
      end
    end } } }

-- Thorns: the hero's status carries an ability that hits back whoever hurt it.
cairn.ability { name = "thorns_back", trigger = "hurt", silent = true,
  effect = { { damage = { damage = 1, target = "trigger_source" } } } }
cairn.ability { name = "steady", trigger = "hurt", priority = 1,
  effect = { { block = { block = 1 } } } }
-- Two interactive charms whose order shows in the hero's data: the bot answers the order
-- (its `answer`), and a replay must give the same answers back.
cairn.effect { name = "mark", target = "self", params = { letter = "string" },
  run = function(ctx, t) t.data.trail = (t.data.trail or "") .. ctx.params.letter end }
cairn.ability { name = "fury", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "f" } } } }
cairn.ability { name = "calm", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "c" } } } }
cairn.status { name = "thorns",
  apply = function(e)
    cairn.cards.grant(e, "thorns_back")
    cairn.cards.grant(e, "steady")
    cairn.cards.grant(e, "fury")
    cairn.cards.grant(e, "calm")
  end,
  handlers = { damaged = function(ev)
    if ev.actor and ev.actor ~= ev.target then
      cairn.cards.fire("hurt", ev.target, { source = ev.actor })
    end
  end } }

local near = { among = "entity", range = 6, filter = function(a, t) return cairn.cards.foe(a, t) end }
cairn.card { name = "strike", cost = { energy = 1 }, values = { damage = 3 }, target = near,
  effect = { { damage = {} } }, msg = "You strike for {damage}." }
cairn.card { name = "defend", cost = { energy = 1 }, values = { block = 3 },
  effect = { { block = {} } }, msg = "You raise your guard." }
cairn.card { name = "flurry", cost = { energy = 2 }, values = { damage = 1, hits = 3 },
  target = near, effect = { { ["repeat"] = { times = "hits", payload = { { damage = {} } } } } } }
cairn.card { name = "whirl", cost = { energy = "X" }, values = { damage = 1 },
  effect = { { x_cost = { payload = { { damage = { target = "all_enemies" } } } } } } }
cairn.card { name = "think", cost = { energy = 0 }, once = "per_turn",
  effect = { { draw = { draw = 1 } } } }

cairn.choice(cairn.cards.play_choice { key = "c" })

cairn.game { name = "duel", width = 12, height = 7, floors = 1,
  generate = function(w)
    local h = w:spawn("hero", 1, 3)
    h:apply("thorns", 1000)
    local placed = 0
    while placed < 4 do
      local x, y = 6 + math.random(5), math.random(7) - 1
      if not w:at(x, y) then
        w:spawn("rat", x, y)
        placed = placed + 1
      end
    end
    cairn.cards.setup(h, { deck = { "strike", "strike", "strike", "defend", "defend",
      "flurry", "whirl", "think" }, energy = 3, draw = 4, turn_beats = 4 })
  end,
  outcome = function(w)
    for _, e in ipairs(w:entities()) do
      if e.type == "cardgame:rat" and not e:is_dead() then return nil end
    end
    return "won"
  end }

-- The bot: the first playable card, at the nearest rat (X: all its energy); else it waits.
cairn.bot { name = "cardplayer", decide = function(mem, w, p)
  local hand = cairn.cards.hand(p)
  for i, c in ipairs(hand) do
    if c.playable then
      local rank = 0
      for j = 1, i do rank = rank + (hand[j].playable and 1 or 0) end
      local answers = { card = rank, x = cairn.cards.energy(p) }
      local best, dist
      for _, e in ipairs(w:entities()) do
        if cairn.cards.foe(p, e) then
          local d = math.max(math.abs(e.x - p.x), math.abs(e.y - p.y))
          if d <= 6 and (not dist or d < dist) then best, dist = e, d end
        end
      end
      answers.target = best
      if best or not (c.card == "cardgame:strike" or c.card == "cardgame:flurry") then
        return { choice = "play", answers = answers }
      end
    end
  end
  return "none"
end,
-- Inside a beat: the last option each time (the default would take the first).
answer = function(mem, w, prompt)
  if prompt.kind == "pick" then return #prompt.options end
  if prompt.kind == "select" then return prompt.candidates[1] end
  if prompt.kind == "number" then return prompt.max end
  return true
end }
