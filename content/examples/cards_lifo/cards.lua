-- cards_lifo: a payload resolves from its last effect to its first; one_queue keeps the written order.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- "shout" writes a word into the hero's data, so the order the effects ran in can be read.
cairn.effect { name = "shout", target = "none", params = { word = "string" },
  run = function(ctx)
    local a = ctx.actor
    a.data.said = a.data.said .. ctx:value("word") .. " "
  end }

-- Written block-then-strike, this card STRIKES FIRST: each effect is its own queue on the
-- stack, and the stack is last in, first out.
cairn.card { name = "guarded_strike", cost = { energy = 1 },
  effect = { { shout = { word = "block" } }, { shout = { word = "strike" } } } }

-- one_queue: the payload goes on the stack as one queue, and resolves in the order written.
cairn.card { name = "in_order", one_queue = true,
  effect = { { shout = { word = "one" } }, { shout = { word = "two" } } } }
