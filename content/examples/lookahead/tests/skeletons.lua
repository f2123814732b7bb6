-- The cautious bot in a room with the base game's skeletons, which strike the player when
-- next to it (one beat in two). Each test plays a game of its own, drawn as a map: a game
-- defined here, in the test file, as any pack defines one.

local cautious = require "cautious"

-- What the maps' characters are: the base pack's walls, player and skeletons.
local KINDS = { ["#"] = "base:wall", ["@"] = "base:player", s = "base:skeleton" }

-- Defines a game named `name` of one floor: the room drawn in `map`.
local function room(name, map)
  local rows = {}
  for line in map:gmatch("[^\n]+") do
    local row = line:match("^%s*(%S+)")
    if row then rows[#rows + 1] = row end
  end
  cairn.game {
    name = name, width = #rows[1], height = #rows,
    generate = function(w)
      for y, row in ipairs(rows) do
        for x = 1, #row do
          local kind = KINDS[row:sub(x, x)]
          if kind then w:spawn(kind, x - 1, y - 1) end
        end
      end
    end,
  }
end

room("crossing", [[
  ######
  #.s..#
  #.@.s#
  #....#
  ######
]])

room("dead_end", [[
  #####
  #@s.#
  #####
]])

test("next to a skeleton about to strike, it steps out of reach", function()
  local g = game("crossing")
  local w = g.world
  local p = w:players()[1]
  -- North is a blow at the skeleton there, which strikes back; east is a step next to the
  -- other one. Both previews show the player hurt, so it goes south.
  expect.eq({ cautious.decide({}, w, p, g) }, { "attack_dig_move", "s" })
  g:bot("cautious")
  g:step()
  expect.map(w, [[
    ######
    #....#
    #.ss.#
    #.@..#
    ######
  ]], "the skeletons followed, too late to strike")
  expect.eq(p.hp, 6)
end)

test("it strikes while the skeletons rest, and is never hit", function()
  local g = game("crossing")
  local w = g.world
  local p = w:players()[1]
  local first = w:at(2, 1)
  g:bot("cautious")
  g:step() -- south, as above; now they rest
  g:bot("cautious")
  g:step()
  expect.eq(first.hp, 1, "a blow at the skeleton north of it, which rests")
  g:bot("cautious")
  g:step() -- it would strike back now, but the preview shows this blow kills it
  expect.map(w, [[
    ######
    #....#
    #.s..#
    #.@..#
    ######
  ]], "the other skeleton stepped at once into the cell the first one died in")
  for _ = 1, 3 do
    g:bot("cautious")
    g:step()
  end
  expect.eq(p.hp, 6, "six beats, not one blow taken")
end)

test("when every choice costs hp, it waits", function()
  local g = game("dead_end")
  local w = g.world
  local p = w:players()[1]
  -- Walls on three sides; east, a skeleton that survives one blow and strikes back.
  expect.eq({ cautious.decide({}, w, p, g) }, { "none" })
  g:bot("cautious")
  g:step()
  expect.eq(p.hp, 5)
end)
