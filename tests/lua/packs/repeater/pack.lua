-- A handler whose one library call is charged more than the tests' budget: trusted, it is
-- not charged at all.
return { id = "repeater", version = "1.0.0", cairn = "0.1", load = { "rep.lua" } }
