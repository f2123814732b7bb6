-- What compiles but cannot work, for `cairn check` to say why: a step that is never tried,
-- functions declared with parameters the runtime never passes; and what is fine.
cairn.decorator { name = "Shouting", activate = function(_, _, _) return true end }
cairn.action { name = "shout", components = { "Shouting" } }
cairn.entity { name = "crier", decorators = { "Shouting" },
  sequence = { { action = "shout", movs = "none" } } }
cairn.entity { name = "fine", decorators = { "Shouting" }, algo = "simple",
  sequence = { { action = "shout", movs = "none" }, { action = "none", movs = "none" } },
  handlers = { defence = function() end, be_hit = function(ev) return ev end } }
cairn.entity { name = "wrong", decorators = { "Attackable" },
  handlers = { be_hit = function(e, ev) return e, ev end } }
cairn.handler { chain = "beat_end", fn = function(...) return ... end }
cairn.handler { chain = "beat_end", fn = function(w, ev) return w, ev end }
