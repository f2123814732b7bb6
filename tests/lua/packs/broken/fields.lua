-- An unknown field.
cairn.entity { name = "bat", glph = "b" }
