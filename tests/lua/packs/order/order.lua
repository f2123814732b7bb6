-- A handler that depends on the order pairs and next visit string keys: it folds the keys'
-- values into a counter's hp in that order, and in beat 3 fails with the order itself.
local words = {}
for i = 1, 200 do words[#words + 1] = "k" .. i end
for _, w in ipairs({ "zebra", "apple", "Mango", "kiwi", "_under", "a", "ab", "b", "" }) do
  words[#words + 1] = w
end

cairn.entity { name = "counter", glyph = "c", decorators = { "WithHP" },
  stats = { hp = 1, max_hp = 1000000 } }

cairn.handler {
  chain = "beat_start",
  fn = function()
    local w = cairn.world()
    local t = {}
    for i, k in ipairs(words) do t[k] = i * w.beat end
    local seen, acc = {}, 7
    for k, v in pairs(t) do
      seen[#seen + 1] = k
      acc = (acc * 31 + v) % 999983
    end
    local k, v = next(t)
    while k ~= nil do
      acc = (acc * 17 + v) % 999983
      k, v = next(t, k)
    end
    for _, c in ipairs(w:entities("order:counter")) do c.hp = acc end
    if w.beat == 3 then error("order: " .. table.concat(seen, ",")) end
  end,
}
