-- A pack with a private module; snoop does not depend on it.
return { id = "secret", version = "1.0.0", cairn = "0.1" }
