-- A pack with one handler far hotter than anything else in the game, for the profiler's test
-- (tests/e2e/trace.sh): `cairn sim --profile` must name hot.lua's first handler first.
return { id = "hotspot", version = "1.0.0", cairn = "0.1", load = { "hot.lua" } }
