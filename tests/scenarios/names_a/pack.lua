-- For resolve.lua: a pack that defines short names other packs define too (Both, Twice), one
-- the runtime has (Moving) and one no other pack has (Lonely).
return { id = "names_a", version = "1.0.0", cairn = "0.1", load = { "defs.lua" } }
