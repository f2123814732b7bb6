-- Raises nil.
error(nil)
