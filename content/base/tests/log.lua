-- The message log, as the play screen shows it: what the player does and what is done to it
-- is told in words, never silently.

-- A one-floor game drawn in rows by the test (set `rows` before game("test_drawn")), the
-- base game's player at '@'.
local rows
local GLYPHS = { ["@"] = "player", ["#"] = "wall", [")"] = "dagger", ["/"] = "spear",
  ["("] = "shovel", [";"] = "spike_trap", ["^"] = "bounce_trap", s = "skeleton",
  ["="] = "crate", ["+"] = "dirt" }
cairn.game { name = "test_drawn", width = 12, height = 5,
  generate = function(w)
    for y, row in ipairs(rows) do
      for x = 1, #row do
        local t = GLYPHS[row:sub(x, x)]
        if t then w:spawn(t, x - 1, y - 1) end
      end
    end
  end }

local function drawn(...)
  rows = { ... }
  return game("test_drawn")
end

-- The lines the log gained since `before` lines.
local function since(g, before)
  local log, new = g:messages(), {}
  for i = before + 1, #log do new[#new + 1] = log[i] end
  return new
end

test("picking up gear says what was taken up and what was left", function()
  local g = drawn("#####", "#@)/#", "#####")
  g:input("move", "e")
  g:step()
  g:choose("pick_up")
  g:step()
  local n = #g:messages()
  g:input("move", "e")
  g:step()
  expect.eq(since(g, n), {}, "walking onto gear says nothing")
  g:choose("pick_up")
  g:step()
  expect.eq(since(g, n), { "You take up the spear.", "You leave the dagger." })
end)

test("a spike trap says whom it hurt, a bounce trap whom it threw", function()
  local g = drawn("######", "#@;^.#", "######")
  local n = #g:messages()
  g:input("move", "e")
  g:step()
  expect.eq(since(g, n), { "Spikes hurt you for 1." })
  n = #g:messages()
  g:input("move", "e")
  g:step()
  expect.eq(since(g, n), { "A trap throws you east." })
end)

-- What to do at the start of the next beat, inside it, so that it is in the beat's history.
local at_beat_start = {}
cairn.handler { chain = "beat_start", fn = function()
  for _, fn in ipairs(at_beat_start) do fn() end
  at_beat_start = {}
end }

test("statuses are told as states, with one beat or more", function()
  local g = drawn("#####", "#@.s#", "#####")
  local w = g.world
  local p, skeleton = w:players()[1], w:at(3, 1)
  local n = #g:messages()
  at_beat_start[1] = function()
    p:apply("stun", 1)
    skeleton:apply("bind", 2)
    p:apply("cairn:block", 3)
  end
  g:input("none")
  g:step()
  -- applied before the tick stage, one beat of stun is counted in this very beat
  expect.eq(since(g, n), { "You are stunned for 1 beat.", "The skeleton is bound for 2 beats.",
    "You are blocking for 3 beats.", "You are no longer stunned." })
end)

test("an arrow that ends its flight goes without a word", function()
  local g = drawn("#######", "#@....#", "#######")
  local w = g.world
  w:spawn("arrow", 5, 1)
  local n = #g:messages()
  g:step(6)
  for _, line in ipairs(since(g, n)) do
    expect.falsy(line:find("arrow"), "a word of the arrow: " .. line)
  end
end)

test("the log says what killed the player", function()
  local g = drawn("####", "#@s#", "####")
  local w = g.world
  w:players()[1].hp = 1
  local n = #g:messages()
  g:input("none")
  g:step()
  expect.eq(g.ended, "died")
  local told = since(g, n)
  expect.eq(told[#told], "The skeleton kills you.")
end)
