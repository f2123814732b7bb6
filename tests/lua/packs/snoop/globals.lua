-- None of the ways out of the sandbox is there, in the environment or behind _G.
local present = {}
for _, name in ipairs({ "os", "io", "debug", "package", "dofile", "loadfile", "collectgarbage",
  "loadstring", "module" }) do
  if _G[name] ~= nil then present[#present + 1] = name end
end
if getmetatable("") ~= false then present[#present + 1] = "string metatable" end
error("escapes: [" .. table.concat(present, ",") .. "]")
