cairn.decorator { name = "Both" }
cairn.decorator { name = "Twice" }
cairn.decorator { name = "Moving" }
cairn.decorator { name = "Lonely" }
-- Its own names win here, over names_b's and over the runtime's.
cairn.entity { name = "probe", glyph = "a", decorators = { "Both", "Moving" } }
