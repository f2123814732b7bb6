-- Consumables: an item's data names an ability, and using the item resolves it for the user
-- with the item's data as the request's values. The ability is written once; the numbers
-- are each item's.

cairn.ability { name = "drink", effect = { { heal = {} } } }

-- Thrown at a cell: everyone within `radius` of it is hit for `damage`.
cairn.ability {
  name = "shatter",
  target = { among = "cell", range = 4, area = 1, text = "Throw it where?" },
  effect = { { damage = { target = "area" } } },
}

-- Read at a foe: it sleeps for `beats`.
cairn.ability {
  name = "lull",
  target = { among = "entity", range = 5, text = "Read it at whom?" },
  effect = { { apply_status = { status = "asleep" } } },
}
cairn.status { name = "asleep", description = "does nothing",
  handlers = { act_check = function(ev) ev.propagate = false end } }

cairn.entity { name = "tonic", glyph = "!", layer = "item", data = { ability = "drink", heal = 4 } }
cairn.entity { name = "fire_flask", glyph = "&", layer = "item",
  data = { ability = "shatter", damage = 3, radius = 1 } }
cairn.entity { name = "scroll_of_sleep", glyph = "?", layer = "item",
  data = { ability = "lull", beats = 3 } }

local items = {}

-- Uses `item` for `user`: its ability, with its data as values (opts: a target or cell given
-- rather than asked, answers), then the item is used up. True, or false and why.
function items.use(user, item, opts)
  local resolve = { values = {} }
  for k, v in pairs(item.data) do resolve.values[k] = v end
  for k, v in pairs(opts or {}) do resolve[k] = v end
  local ok, why = cairn.resolve(user, item.data.ability, resolve)
  if ok then item:kill() end
  return ok, why
end

return items
