cairn.decorator { name = "Both" }
cairn.decorator { name = "Twice" }
cairn.decorator { name = "Moving" }
