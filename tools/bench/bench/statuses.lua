-- cairn-bench --statuses: three statuses as data alone, no function among them, which the
-- benchmark gives every skeleton_statused (runtime/app/bench_statuses.c says with what
-- magnitudes). The core runs each one every beat; none calls into Lua.

-- Loses 1 of its magnitude each beat; the bearer's armor is up by the magnitude.
cairn.status { name = "braced", decay = { by = 1, when = "beat" }, modifies = { armor = 1 } }
-- Lasting and steady: the bearer's damage is up by the magnitude.
cairn.status { name = "inspired", modifies = { damage = 1 } }
-- Lasting: hurts the bearer by its magnitude each beat (the default time of decay), losing
-- nothing.
cairn.status { name = "bleeding", each = "damage" }
