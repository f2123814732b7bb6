-- rooms.lua: two rooms a wall apart, a hero in each (or both in the west one, together);
-- between them a closet walled in.
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

local function walls(w)
  for y, row in ipairs(ROWS) do
    for x = 1, #row do
      if row:sub(x, x) == "#" then w:spawn("base:wall", x - 1, y - 1) end
    end
  end
  w:spawn("gem", 9, 3)
  w:spawn("idol", 6, 2)
end

local function generate(w)
  walls(w)
  w:spawn("hero", 1, 2).data.hand = "sword"
  w:spawn("hero", 11, 2).data.hand = "crown"
end

-- The two heroes in the west room, where each sees the other.
local function together(w)
  walls(w)
  w:spawn("hero", 1, 2).data.hand = "sword"
  w:spawn("hero", 2, 2).data.hand = "crown"
end

-- Each hero's hand, as the base game's panel shows its cards.
local function panel(_, p)
  return { "hand: " .. p.data.hand }
end

-- The bitten game: seat 2's hero, charmed, is asked inside the beat whether it answers its
-- rat's bite with fury or calm.
cairn.entity { name = "charmed", glyph = "@", color = "bright_white",
  decorators = { "PlayerControl", "Moving", "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 40, team = 1 }, data = { hand = "" } }
cairn.entity { name = "rat", glyph = "r",
  decorators = { "Attacking", "Attackable", "WithHP", "Killable", "Moving" },
  stats = { hp = 50, team = 2, targets = { 1 } },
  sequence = { { action = "attack", movs = "basic" } } }
cairn.effect { name = "mark", target = "self", params = { letter = "string" },
  run = function(ctx, t) t.data.hand = t.data.hand .. ctx.params.letter end }
cairn.ability { name = "fury", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "f" } } } }
cairn.ability { name = "calm", trigger = "hurt", interactive = true,
  effect = { { mark = { letter = "c" } } } }
cairn.status { name = "charms",
  apply = function(e)
    cairn.cards.grant(e, "fury")
    cairn.cards.grant(e, "calm")
  end,
  handlers = { damaged = function(ev) cairn.cards.fire("hurt", ev.target) end } }

local function bitten(w)
  walls(w)
  w:spawn("hero", 1, 2).data.hand = "sword"
  local two = w:spawn("charmed", 11, 2)
  two.data.hand = "crown"
  two:apply("charms", 1000)
  w:spawn("rat", 10, 2)
end

cairn.game { name = "bitten", width = 13, height = 5, generate = bitten, panel = panel }
cairn.game { name = "apart", width = 13, height = 5, generate = generate, panel = panel }
cairn.game { name = "apart_all", width = 13, height = 5, generate = generate, panel = panel,
  spectate = "all", answer_seconds = 2.5 }
cairn.game { name = "together", width = 13, height = 5, generate = together, panel = panel }
cairn.game { name = "apart_none", width = 13, height = 5, generate = generate, panel = panel,
  spectate = "none" }

-- A choice with a prompt, to be half committed.
cairn.choice { name = "signal", key = "g",
  prompts = { { name = "flag", kind = "pick", text = "Which flag?", options = { "red", "blue" } } },
  perform = function(a, answers) a.data.flag = answers.flag end }
