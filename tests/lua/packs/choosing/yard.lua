-- A yard: the player at the west end, a rat three cells east and one on the far side.
cairn.entity { name = "hero", glyph = "@",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 1, targets = { 2 } }, data = { stones = 4 } }
cairn.entity { name = "rat", glyph = "r", decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 9, team = 2 } }

cairn.game { name = "yard", width = 12, height = 3,
  generate = function(w)
    w:spawn("hero", 1, 1)
    w:spawn("rat", 4, 1)
    w:spawn("rat", 10, 1)
  end }

cairn.choice { name = "walk", key = "direction", target = { among = "direction" },
  action = "move" }
-- Its key is not "." (the base game's wait, loaded beside it in the session tests).
cairn.choice { name = "wait", key = "w", action = "none" }
-- Throws stones at a rat within 4 cells: how many, up to the stones it has.
cairn.choice { name = "pelt", key = "p", label = "pelt a rat",
  available = function(a)
    if a.data.stones > 0 then return true end
    return false, "no stones left"
  end,
  prompts = {
    { name = "at", kind = "select", among = "entity", range = 4, text = "Pelt what?" },
    { name = "stones", kind = "number", text = "How many stones?", min = 1, max = "stones" },
  },
  perform = function(a, answers)
    a.data.stones = a.data.stones - answers.stones
    answers.at:hurt(answers.stones)
  end }
-- A pick whose cancel costs the beat: the hero sulks.
cairn.choice { name = "sing", key = "s",
  prompts = { { name = "song", kind = "pick", text = "Which song?",
    options = { "lullaby", { value = "march", label = "a march" } },
    cancel = function(a) a.data.sulked = true end } },
  perform = function(a, answers) a.data.sang = answers.song end }
cairn.choice { name = "jump", key = "J", optional = "Jump in place?",
  perform = function(a) a.data.jumped = true end }

cairn.bot { name = "pelter", decide = function(_, w)
  local rat = w:at(4, 1)
  if rat and w:players()[1].data.stones > 0 then
    return { choice = "pelt", answers = { at = rat, stones = 1 } }
  end
  return { choice = "walk", answers = { target = "e" } }
end }
