-- A pack the trust tests trust or not: its handler runs more instructions than the tests'
-- budget, and calls the functions other packs hand it.
return { id = "trusty", version = "1.0.0", cairn = "0.1", load = { "handlers.lua" } }
