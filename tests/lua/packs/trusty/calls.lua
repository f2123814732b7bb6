-- Functions other packs hand this pack, which its handler calls every beat.
local calls = {}
local list = {}

function calls.add(fn) list[#list + 1] = fn end

function calls.run()
  for _, fn in ipairs(list) do fn() end
end

return calls
