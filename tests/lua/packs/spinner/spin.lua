require("trusty:calls").add(function()
  while true do end
end)
