-- cards_trigger_order: charms triggered by one blow, in order.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- Charms the hero wears: each resolves when it is hurt. Their words show the order.
local function word(w) return function(ctx)
  local a = ctx.actor
  a.data.said = a.data.said .. w .. " "
end end
cairn.ability { name = "ward", trigger = "hurt", priority = 2, effect = word("ward") }
cairn.ability { name = "rage", trigger = "hurt", priority = 1, interactive = true,
  effect = word("rage") }
cairn.ability { name = "tally", trigger = "hurt", priority = 9, silent = true,
  effect = word("tally") }

-- Being hurt fires "hurt" on the hero; the charms it was granted answer.
cairn.status { name = "charmed",
  apply = function(e)
    for _, charm in ipairs({ "tally", "rage", "ward" }) do cairn.cards.grant(e, charm) end
  end,
  handlers = { damaged = function(ev) cairn.cards.fire("hurt", ev.target, { source = ev.actor }) end } }
