-- Raises a number.

error(42)
