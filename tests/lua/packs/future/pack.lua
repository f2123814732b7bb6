-- Written for a runtime newer than this one.
return { id = "future", version = "1.0.0", cairn = "0.9" }
