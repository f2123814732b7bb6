-- Raises a table: no message of its own.
error({})
