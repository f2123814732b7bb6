-- Catching the budget's error to carry on must not work.
while true do pcall(function() while true do end end) end
