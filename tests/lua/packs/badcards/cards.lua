cairn.card { name = "fine", cost = { energy = 1 }, values = { damage = 6 }, effect = { { damage = {} } } }
cairn.card { name = "typo", vaules = { damage = 6 }, effect = { { damage = {} } } }
cairn.card { name = "kind", effect = { { damgae = {} } } }
cairn.card { name = "param", effect = { { damage = { damgae = 3 } } } }
cairn.card { name = "wrong", effect = { { block = { block = "lots" } } } }
cairn.card { name = "two", effect = { { damage = {}, block = {} } } }
cairn.card { name = "override", effect = { { damage = { target = "all_enemys" } } } }
cairn.card { name = "nested", effect = { { ["repeat"] = { times = 2, payload = { { heal = { hael = 1 } } } } } } }
cairn.card { name = "check", effect = { { validate = { validators = { { hp_belwo = 3 } } } } } }
cairn.card { name = "cost", cost = { enrgy = 1 }, effect = {} }
cairn.ability { name = "once", once = "per_trun", effect = {} }
cairn.effect { name = "zap", params = { amount = "number" }, run = 5 }
cairn.card { name = "noeffect", cost = { energy = 1 } }
cairn.effect { name = "zip", params = { amount = "numbr", what = { "string", 3 } }, run = function() end }
