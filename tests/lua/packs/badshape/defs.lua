-- Mistakes that once tripped the checks themselves.
cairn.entity { name = "layered", layer = 5 }
cairn.entity { name = "keyed", data = { [{}] = 1 } }
cairn.entity { name = "two\nlines" }
cairn.handler { chain = "move_success", fn = function() end, rank = 5 }
