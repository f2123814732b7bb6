-- good is 1.2.0: too old for this pack.
return { id = "needs_newer", version = "1.0.0", cairn = "0.1", depends = { good = "1.5" } }
