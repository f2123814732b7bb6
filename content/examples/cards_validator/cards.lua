-- cards_validator: if the hero is hurt, heal; else strike: validate with passed and failed payloads.
-- The hero ("H") and the goblins ("g") are cards_duel's.

-- validate pushes `passed` when every validator holds, else `failed`.
cairn.card { name = "second_wind", target = { range = 2 },
  effect = { { validate = {
    validators = { { hp_below = 10 } },
    passed = { { heal = { heal = 6 } } },
    failed = { { damage = { damage = 4 } } } } } } }
