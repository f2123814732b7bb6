-- What a game says of those who wait and watch (cairn.game's spectate and answer_seconds):
-- a value the session does not know is a problem where the game is made.

local function room(w) w:spawn("base:player", 0, 0) end

test("a spectate the session does not know is a problem where the game is made", function()
  cairn.game { name = "shown", width = 2, height = 1, generate = room, spectate = "seat" }
  local err = expect.error(function() scenario { map = "@" } end,
    "spectate is one of seats, all, none, not seat (did you mean 'seats'?)")
  expect.truthy(err:find("scenario:game_watching.lua:%d+: cairn.game"), err)
end)

test("a time for an answer of nothing, or of more than a day, is a problem", function()
  cairn.game { name = "hasty", width = 2, height = 1, generate = room, answer_seconds = 0 }
  expect.error(function() scenario { map = "@" } end,
    "'answer_seconds' must be more than 0 and at most 86400, not 0")
end)

test("a time for an answer within a day is the game's", function()
  cairn.game { name = "patient", width = 2, height = 1, generate = room, answer_seconds = 86400,
    spectate = "none" }
  scenario { map = "@" }
end)
