-- The budgets of a call and of a beat, and where their overruns are placed: at content's own
-- line, whatever the runtime was doing for it when the budget ran out.

-- Each pig's act_success handler runs about 8 million instructions: nowhere near a call's
-- budget, but three of them are more than a beat may take.
local gorge = false
cairn.movs { name = "west", fn = function() return { "w" } end }
cairn.entity { name = "pig", glyph = "p", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "move", movs = "west" } },
  handlers = { act_success = function()
    if gorge then
      local n = 0
      for i = 1, 4000000 do n = n + i end
    end
  end } }

test("handlers that together overrun the beat's budget stop the beat, naming the one", function()
  local w = scenario { map = [[
    #######
    #@..ppp#
    #######
  ]] }
  local first = w:at(4, 1)
  gorge = true
  local msg = expect.limit(function() w:step() end, "instruction budget of a beat exceeded")
  gorge = false
  expect.truthy(msg:find("scenario:budgets.lua:13: instruction budget of a beat exceeded " ..
    "(20000000 instructions in one beat; the function at scenario:budgets.lua:10 ran ", 1, true),
    msg)
  expect.eq(first.x, 3, "what happened before the overrun stays done")
  w:step()
  expect.eq(w.beat, 2, "the next beat runs whole")
end)

test("an endless loop reading e.data is placed at content's line", function()
  local w = scenario { map = [[
    ###
    #@#
    ###
  ]] }
  local p = w:at(1, 1)
  local msg = expect.limit(function()
    while true do local _ = p.data end
  end, "instruction budget")
  expect.truthy(msg:find("^scenario:budgets%.lua:43: instruction budget exceeded"), msg)
end)

-- Its handler moves it into the wall, again and again: each failed move leaves events behind
-- until the beat ends, which must cost the budget before it fills the memory.
local bump = false
cairn.entity { name = "bumper", glyph = "b", decorators = { "Moving", "Displaceable" },
  sequence = { { action = "none" } },
  handlers = { act_success = function(ev)
    while bump do ev.actor:move("n") end
  end } }

test("a loop of failing moves in a handler overruns the budget, not the memory", function()
  local w = scenario { map = [[
    ###
    #b#
    ###
  ]] }
  bump = true
  local msg = expect.limit(function() w:step() end)
  bump = false
  expect.truthy(msg:find("scenario:budgets.lua:54: instruction budget of a beat exceeded", 1,
    true), msg)
end)

test("a loop of failing moves outside any beat overruns the budget, not the memory", function()
  local w = scenario { map = [[
    ###
    #b#
    ###
  ]] }
  local b = w:at(1, 1)
  local msg = expect.limit(function()
    while true do b:move("n") end
  end)
  expect.truthy(msg:find("scenario:budgets.lua:78: instruction budget exceeded", 1, true), msg)
end)
