-- Another pack with the id twin, in another folder.
return { id = "twin", version = "1.0.0", cairn = "0.1" }
