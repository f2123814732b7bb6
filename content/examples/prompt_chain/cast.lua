-- cast.lua: a choice whose prompts depend on its answers. "cast" asks which spell; the
-- pick's `next` then asks what that spell needs: a target for a bolt, how much mana for a
-- mending. Prompts wait in a queue sorted by priority (higher first, in order of arrival
-- among equals): the question `next` adds has priority 1, so it comes before "aloud", which
-- was queued first. Backing out of the spell list fizzles the spell: it costs a mana and the
-- beat.

cairn.entity {
  name = "witch",
  glyph = "W",
  decorators = { "PlayerControl", "Moving", "Attacking", "Attackable", "WithHP", "Killable" },
  stats = { hp = 10, team = 1, targets = { 2 } },
  data = { mana = 3 },
}

cairn.entity {
  name = "toad",
  glyph = "t",
  decorators = { "Attackable", "WithHP", "Killable" },
  stats = { hp = 6, team = 2 },
}

-- What each spell asks once it is picked.
local asks = {
  bolt = { { name = "at", kind = "select", among = "entity", range = 3, priority = 1,
    text = "Bolt what?" } },
  mend = { { name = "mana", kind = "number", min = 1, max = "mana", priority = 1,
    text = "Spend how much mana?" } },
}

cairn.choice {
  name = "cast",
  key = "c",
  label = "cast a spell",
  available = function(a)
    if a.data.mana == nil then return false end
    if a.data.mana < 1 then return false, "no mana left" end
    return true
  end,
  prompts = {
    { name = "spell", kind = "pick", text = "Which spell?",
      options = { { value = "bolt", label = "a bolt (1 mana)" }, { value = "mend", label = "mend" } },
      next = function(_, answers) return asks[answers.spell] end,
      -- Cancelling this prompt commits this instead of perform: the beat is spent.
      cancel = function(a) a.data.mana = a.data.mana - 1 end },
    { name = "aloud", kind = "confirm", text = "Speak the words aloud (twice the effect)?" },
  },
  perform = function(a, answers)
    local times = answers.aloud and 2 or 1
    if answers.spell == "bolt" then
      a.data.mana = a.data.mana - 1
      answers.at:hurt(2 * times, a)
    else
      a.data.mana = a.data.mana - answers.mana
      a:heal(answers.mana * times)
    end
  end,
}

-- A game to play it in, and a bot that casts.
cairn.game {
  name = "pond", width = 6, height = 1,
  generate = function(w)
    w:spawn("witch", 0, 0)
    w:spawn("toad", 3, 0)
  end,
}

-- A bot answers with a choice: { choice = name, answers = { prompt name = answer } }.
cairn.bot {
  name = "hexer",
  decide = function(_, w, p)
    local toad = w:at(3, 0)
    if toad and p.data.mana > 0 then
      return { choice = "cast", answers = { spell = "bolt", at = toad, aloud = false } }
    end
    return "none"
  end,
}
