-- mods.lua: two mods written on the status chains, changing the rules without touching the
-- runtime. Every status applied goes through the applier's status_give chain (when it has a
-- source), then the receiver's status_receive chain; a handler on either may change the
-- magnitude and the beats, or stop it (ev.propagate = false).

-- The viper's venom is doubly strong: on the giver's side, every poison it gives doubles.
cairn.handler {
  chain = "status_give", entity = "viper",
  fn = function(ev)
    if ev.status == "statuses:poison" then ev.magnitude = ev.magnitude * 2 end
  end,
}

-- The knight stands firm: on the receiver's side, no stun lands on it, whoever gives it.
cairn.handler {
  chain = "status_receive", entity = "knight",
  fn = function(ev)
    if ev.status == "statuses:stun" then ev.propagate = false end
  end,
}
