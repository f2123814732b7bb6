-- Fails as it is required.
error("the crypt is flooded")
