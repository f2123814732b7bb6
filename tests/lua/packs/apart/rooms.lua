-- rooms.lua: two rooms a wall apart, a hero in each; between them a closet walled in.
--
--   #############
--   #....###....#
--   #@...#&#...@#     seat 1 in the west room, seat 2 in the east
--   #....###.*..#     the gem (*) lies where only seat 2 sees it
--   #############     the idol (&) where no one does

cairn.entity { name = "hero", glyph = "@", color = "bright_white",
  decorators = { "PlayerControl", "Moving", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1 }, data = { hand = "" } }
cairn.entity { name = "gem", glyph = "*", color = "cyan", layer = "item" }
cairn.entity { name = "idol", glyph = "&", color = "yellow", layer = "item" }

local ROWS = {
  "#############",
  "#....###....#",
  "#....#.#....#",
  "#....###....#",
  "#############",
}

local function generate(w)
  for y, row in ipairs(ROWS) do
    for x = 1, #row do
      if row:sub(x, x) == "#" then w:spawn("base:wall", x - 1, y - 1) end
    end
  end
  w:spawn("hero", 1, 2).data.hand = "sword"
  w:spawn("hero", 11, 2).data.hand = "crown"
  w:spawn("gem", 9, 3)
  w:spawn("idol", 6, 2)
end

-- Each hero's hand, as the base game's panel shows its cards.
local function panel(_, p)
  return { "hand: " .. p.data.hand }
end

cairn.game { name = "apart", width = 13, height = 5, generate = generate, panel = panel }
cairn.game { name = "apart_all", width = 13, height = 5, generate = generate, panel = panel,
  spectate = "all", answer_seconds = 2.5 }
cairn.game { name = "apart_none", width = 13, height = 5, generate = generate, panel = panel,
  spectate = "none" }

-- A choice with a prompt, to be half committed.
cairn.choice { name = "signal", key = "g",
  prompts = { { name = "flag", kind = "pick", text = "Which flag?", options = { "red", "blue" } } },
  perform = function(a, answers) a.data.flag = answers.flag end }
