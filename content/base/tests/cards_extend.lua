-- What other packs call to change the player's cards (cards.add_to_deck and the rest): the
-- starting deck and the reward pool change through base's functions, which refuse what they
-- cannot use with a message at the caller's line.

local cards = require "cards"

cairn.card { name = "hex_bolt", cost = { energy = 1 }, values = { damage = 1 },
  target = { range = 3 }, effect = { { damage = {} } }, text = "{damage} damage, range 3" }

local function names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = cards.short(c.card) end
  table.sort(out)
  return table.concat(out, " ")
end

test("cards added to the starting deck are dealt; a deck may be read and replaced", function()
  expect.eq(#cards.deck(), 8)
  cards.deck()[1] = "hex_bolt"
  expect.eq(cards.deck()[1], "strike", "deck() gives a copy")
  cards.add_to_deck("hex_bolt", 2)
  local w = scenario { map = "#@..#" }
  local p = w:players()[1]
  cards.setup(p)
  expect.eq(names(cards.all_cards(p)),
    "dash defend defend hex_bolt hex_bolt lunge second_wind strike strike strike")
  cards.set_deck { "hex_bolt", "defend" }
  local again = scenario { map = "#@..#" }
  p = again:players()[1]
  cards.setup(p)
  expect.eq(names(cards.all_cards(p)), "defend hex_bolt")
end)

test("a card added to the reward pool is offered as its weight says", function()
  local before = #cards.reward_pool()
  cards.add_reward { card = "hex_bolt", weight = 1000 }
  local pool = cards.reward_pool()
  expect.eq(#pool, before + 1)
  expect.eq(pool[#pool], { "hex_bolt", 1000 })
  local w = scenario { map = "#@..#", seed = 2 }
  local p = w:players()[1]
  cards.setup(p)
  cards.offer(p)
  local labels = {}
  for i, o in ipairs(p.data.reward) do labels[i] = cards.option_label(o) end
  expect.truthy(table.concat(labels, ";"):find("take hex bolt", 1, true), table.concat(labels, ";"))
end)

test("what cannot be used is refused, at the caller's line", function()
  for _, case in ipairs {
    { function() cards.add_to_deck(3) end, "cards.add_to_deck: a card is named by a string" },
    { function() cards.add_to_deck("hex_bolt", 0) end, "count must be a whole number of 1" },
    { function() cards.add_reward("hex_bolt") end, "cards.add_reward takes { card =" },
    { function() cards.add_reward { card = "hex_bolt", weight = 1.5 } end,
      "weight must be a whole number of 1 or more, not 1.5" },
    { function() cards.set_deck { "strike", 2 } end, "cards.set_deck: entry 2 is not a card name" },
  } do
    local err = expect.error(case[1], case[2])
    expect.truthy(err:find("^base:tests/cards_extend.lua:"), err)
  end
end)
