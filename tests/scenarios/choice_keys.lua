-- Choice keys are a pack's own: two packs' choices may share one (the base game's wait and
-- this file's nap both take "."), and the first listed is the one a key gives.
use("base")

cairn.choice { name = "nap", key = ".", action = "none" }

test("two packs' choices may share a key; the first listed comes first", function()
  local w = scenario { map = "@" }
  local keyed = {}
  for _, c in ipairs(w:players()[1]:choices()) do
    if c.key == "." then keyed[#keyed + 1] = c.name end
  end
  expect.eq(keyed, { "base:wait", "scenario:nap" })
end)
