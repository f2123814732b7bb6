-- A stun applied from outside (here by the test; in a game by a trap, a spell, a card):
-- the brute skips its turns while e:status("stun") counts down, then acts again.

test("a stunned brute does not act until the stun wears off", function()
  local w = scenario { map = [[
    ######
    #@..B#
    ######
  ]] }
  local brute = w:at(4, 1)
  brute:apply("stun", 2) -- between beats: in effect for the next 2 beats
  expect.eq(brute:status("stun"), 2, "beats left")
  w:step()
  expect.map(w, [[
    ######
    #@..B#
    ######
  ]])
  expect.eq(brute:status("stun"), 1)
  expect.falsy(brute.last.check_success, "act_check was vetoed")
  w:step()
  expect.map(w, [[
    ######
    #@..B#
    ######
  ]])
  expect.eq(brute:status("stun"), 0, "worn off at the end of this beat")
  local off = false
  for _, change in ipairs(w:history()) do
    off = off or (change.kind == "status_off" and change.entity == brute)
  end
  expect.truthy(off, "the beat's history records it")
  w:step() -- free again
  expect.map(w, [[
    ######
    #@.B.#
    ######
  ]])
end)

test("a status can be removed early", function()
  local w = scenario { map = [[
    ######
    #@..B#
    ######
  ]] }
  local brute = w:at(4, 1)
  brute:apply("stun", 5)
  w:step()
  brute:remove("stun")
  expect.eq(brute:status("stun"), 0)
  w:step()
  expect.map(w, [[
    ######
    #@.B.#
    ######
  ]])
end)
