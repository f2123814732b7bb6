-- Raises a message placed nowhere.
error("the crypt is flooded", 0)
