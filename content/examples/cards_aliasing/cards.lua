-- cards_aliasing: two blocks from one card, both numbers the card's and both upgradable.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- Both effects ask for "block"; custom_key_names makes the second read "other_block". The
-- card keeps both numbers, so the upgrade raises both (10 + 6, then 12 + 8).
cairn.card { name = "double_guard", values = { block = 10, other_block = 6 },
  upgrade = { values = { block = 12, other_block = 8 } },
  effect = { { block = {} }, { block = { custom_key_names = { block = "other_block" } } } } }
