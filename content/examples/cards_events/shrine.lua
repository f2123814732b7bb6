-- An event room: a shrine on the floor layer (the decorator EventRoom and its action
-- `event`) asks whoever of the players steps on it the dialogue its data names. The dialogue
-- is an ability with `options`: each a label, a req and a cost that say whether it is
-- offered, and a payload. The question is asked in the beat, through the mid-beat decider:
-- a person on the screen, a bot's answer, the log on undo and replays.

cairn.card { name = "jab", cost = { energy = 1 }, values = { damage = 2 },
  target = { range = 1 }, effect = { { damage = {} } } }

-- gain_card { card }: a copy of the card in the target's hand.
cairn.effect { name = "gain_card", target = "self", params = { card = "string" },
  run = function(ctx, t) cairn.cards.add(t, ctx:value("card"), "hand") end }

cairn.ability {
  name = "shrine_rite",
  text = "A shrine. Esc walks away.",
  options = {
    { label = "Pay 10 hp: gain a card", cost = { hp = 10 },
      effect = { { gain_card = { card = "jab" } } }, msg = "The shrine takes its due." },
    { label = "Pray: block 5", req = function(p) return cairn.cards.block(p) == 0 end,
      effect = { { block = { block = 5, beats = 8 } } }, msg = "You are shielded." },
  },
}

cairn.entity { name = "shrine", glyph = "_", layer = "floor", decorators = { "EventRoom" },
  data = { event = "shrine_rite" }, sequence = { { action = "event" } }, algo = "simple" }

cairn.game { name = "crossroads", width = 5, height = 3, generate = function(w)
  cairn.cards.setup(w:spawn("hero", 0, 0), { deck = {} })
  w:spawn("shrine", 2, 0)
end }

-- Two bots: a pilgrim walks east and takes the first answer; a doubter walks to and fro
-- over the shrine and walks away from its question.
cairn.bot { name = "pilgrim",
  decide = function() return "move", "e" end,
  answer = function() return 1 end }
cairn.bot { name = "doubter",
  decide = function(_, w) return "move", w:players()[1].x == 2 and "w" or "e" end,
  answer = function() return nil end }
