-- The order a payload resolves in.

local function play(name)
  local w = scenario { map = "H.g" }
  local h = w:at(0, 0)
  cairn.cards.setup(h, {})
  cairn.cards.set_energy(h, 3)
  cairn.cards.add(h, name, "hand")
  expect.eq(cairn.cards.play(h, cairn.cards.pile(h, "hand")[1]), true)
  return h.data.said
end

test("the last effect of a payload resolves first", function()
  expect.eq(play("guarded_strike"), "strike block ")
end)

test("one_queue resolves the payload in the order written", function()
  expect.eq(play("in_order"), "one two ")
end)
