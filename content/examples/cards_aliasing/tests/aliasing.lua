-- Aliasing: one parameter, two card values.

local function guard(upgraded)
  local w = scenario { map = "Hg" }
  local h = w:at(0, 0)
  cairn.cards.setup(h, {})
  cairn.cards.add(h, "double_guard", "hand", upgraded)
  cairn.cards.play(h, cairn.cards.pile(h, "hand")[1])
  return cairn.cards.block(h)
end

test("block 10 then block 6", function()
  expect.eq(guard(false), 16)
end)

test("the upgrade raises both", function()
  expect.eq(guard(true), 20)
end)
