-- Making bytecode needs string.dump, which content does not have.
string.dump(function() return 1 end)
