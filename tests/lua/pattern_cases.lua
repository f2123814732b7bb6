-- The cases test_pattern runs in two states, one with Lua's own string.find/match/gmatch/gsub
-- and one with the runtime's: each case becomes a line of text (results or error), and the
-- two lists of lines must be equal. Nothing here may depend on which state runs it, and the
-- cases must stay small: the reference functions run without any budget.
local find, match, gmatch, gsub = string.find, string.match, string.gmatch, string.gsub

local out = {}

local function show(...)
  local t = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "string" then
      t[i] = string.format("%q", v)
    elseif type(v) == "number" or type(v) == "boolean" or v == nil then
      t[i] = (math.type(v) or type(v)) .. ":" .. tostring(v)
    else
      t[i] = type(v) -- its address would differ between the states
    end
  end
  return table.concat(t, ",")
end

local function label_of(name, args, n)
  local parts = {}
  for i = 1, n do
    local v = args[i]
    parts[i] = type(v) == "string" and string.format("%q", v) or tostring(v)
    if type(v) == "function" or type(v) == "table" then parts[i] = type(v) end
  end
  return name .. "(" .. table.concat(parts, ",") .. ")"
end

-- Direct: the error is as the function raised it; wrapped: with the caller's position.
local function wrapped(f) return function(...) return f(...) end end

local function record(label, ok, ...)
  if ok then
    out[#out + 1] = label .. " => " .. show(...)
  else
    out[#out + 1] = label .. " !! " .. tostring((...))
  end
end

local function run(name, f, ...)
  local args = table.pack(...)
  local label = label_of(name, args, args.n)
  record(label, pcall(f, ...))
  record(label .. " [wrapped]", pcall(wrapped(f), ...))
end

local function collect(s, p, init)
  local t = {}
  local it = gmatch(s, p, init)
  for i = 1, 200 do
    local r = table.pack(it())
    if r.n == 0 or r[1] == nil then break end
    t[i] = show(table.unpack(r, 1, r.n))
  end
  return table.concat(t, " ; ")
end

-- --- hand-picked subjects and patterns ------------------------------------------------------

local subjects = {
  "", "a", "aaa", "hello world", "  trim me  ", "key = value", "x=1, y=22, z=333",
  "THE (quick) [brown] {fox}", "f(a(b)c)d", "THE (quick) fox", "a.b.c", "%a%b", "a+b-c*d?e",
  "^start$", "line1\nline2\n", "tab\there", "\0a\0b\0", "caf\xc3\xa9 \xff\x80", "aXbXc",
  "1234567890", "0x1F 0xAB", "one two  three   four", "[[nested]]", "]]]", "---", "a-b",
  "abcabcabc", "aaaa", "ab", "((()))", "(()", "{}[]()<>", "$$$", "%%%", "...", "\r\n\t\v\f",
}

local patterns = {
  "", "a", "b", ".", "..", "a*", "a+", "a-", "a?", "a*b", "a+b", "a-b", "a?b", "^a", "a$", "^$",
  "^", "$", "^a*$", ".*", ".-", ".+", ".-$", "^.-$", "%a", "%a+", "%A+", "%c", "%C+", "%d+",
  "%D+", "%g+", "%G+", "%l+", "%L+", "%p+", "%P+", "%s+", "%S+", "%u+", "%U+", "%w+", "%W+",
  "%x+", "%X+", "%z", "%Z+", "%.", "%%", "%(", "%)", "%[", "%]", "%-", "%^", "%$", "%*", "%+",
  "%?", "[abc]", "[^abc]", "[a-c]+", "[^a-c]+", "[%a_][%w_]*", "[%s]+", "[%d%.]+", "[]]",
  "[^]]+", "[]a]+", "[a-]+", "[-a]+", "[%-]", "[a%-z]+", "[%]]", "[^%]]+", "[%a-z]", "[!-/]+",
  "[\0-\31]", "[\128-\255]+", "[^\0]+", "()", "()a()", "(a)", "(a*)", "(a+)(b*)", "((a)(b))",
  "(h)(e)(l)(l)(o)", "(.)%1", "(a)%1", "(.)(.)%2%1", "(%a+) (%a+)", "(%w+)%s*=%s*(%w+)",
  "%b()", "%b[]", "%b{}", "%bab", "%baa", "%b((", "a%b()d", "%f[%a]%a+", "%f[%A]", "%f[%w]%w+",
  "%f[^%z]", "%f[%z]", "%f[%l]", "%f[^%s]", "%f[%S]", "%f[a]", "THE", "(%a+)%s*$",
  "^%s*(.-)%s*$", "^(%s*)", "[%w%.%-]+", "x*$", "a-$", "(a-)$", "()b()", "(()a)", "$a", "a^",
  "a$b", "^^", "[[]", "[^^]", "%1", "%0", "(%1)", "(a)(b)%3", "(", ")", "a)", "(a", "((a)",
  "%", "a%", "[a", "[^", "[%", "[a%", "[]", "[^]", "%f", "%fa", "%f[a", "%b", "%ba", "%g",
  "\0", "%z+", "[%z]", "a\0b", ".\0.", "(\0)", "[\0]+", "*", "+", "-", "?", "a**", "a++",
  "a--", "a??", "(.-)X", "(.*)X", "(.+)X", "(.?)X", "(%d)(%d)(%d)", "()%d+()", "(().)",
  "%s*", "[^%s]*", "%f[%d]%d+%f[%D]", "0x(%x+)", "(%x%x)", "[+-]?%d+", ".-%)", "%)%(",
}

local inits = { false, 1, 2, 0, -1, -3, -100, 5, 100 }

for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    run("find", find, s, p)
    run("match", match, s, p)
    run("gmatch", collect, s, p)
    run("gsub", gsub, s, p, "<%0>")
  end
end

-- find and match at every kind of init, plain or not.
for _, s in ipairs({ "", "abc", "hello world", "aaa", "a.b" }) do
  for _, p in ipairs({ "", "a", "b", "o", ".", "^a", "^b", "l+", "a$", "()", ".-", "%w+" }) do
    for _, init in ipairs(inits) do
      local i = init or nil
      run("find", find, s, p, i)
      run("find plain", find, s, p, i, true)
      run("match", match, s, p, i)
      run("gmatch", collect, s, p, i)
    end
  end
end

-- --- arguments ------------------------------------------------------------------------------

run("find", find, "abc", "b", 1.0)
run("find", find, "abc", "b", 1.5)
run("find", find, "abc", "b", "2")
run("find", find, "abc", "b", "x")
run("find", find, "abc", "b", nil, 1)
run("find", find, "a.c", ".", 1, "yes")
run("find", find, "a.c", ".", 1, false)
run("find", find, "abc", "[", 1, true)
run("find", find, "abc", "%", 1, true)
run("find", find, 12345, 3)
run("find", find, 12.5, "%.")
run("find", find, nil, "a")
run("find", find, "a", nil)
run("find", find, {}, "a")
run("find", find)
run("match", match, 12345, "(%d)(%d)")
run("match", match, "abc")
run("match", match, "abc", "b", {})
run("match", match, "abc", "b", math.maxinteger)
run("match", match, "abc", "b", math.mininteger)
run("find", find, "abc", "", math.maxinteger)
run("find", find, "abc", "", math.mininteger)
run("find", find, "abc", "", 4)
run("find", find, "abc", "", 5)
run("gmatch", collect, "abc", ".", math.maxinteger)
run("gmatch", collect, "abc", "", 4)
run("gmatch", collect, "abc", "", 5)
run("gmatch", collect, "abc", ".", -2)
run("gmatch", gmatch, nil, "a")
run("gmatch", gmatch, "a")
run("gmatch", gmatch, "a", "a", "x")
run("gsub", gsub, "abc", "b")
run("gsub", gsub, "abc", "b", nil)
run("gsub", gsub, "abc", "b", true)
run("gsub", gsub, "abc", "b", "x", "y")
run("gsub", gsub, "abc", "b", "x", 1.5)
run("gsub", gsub, "abc", "b", true, "y")
run("gsub", gsub, 123, 2, 9)
run("gsub", gsub, "abc", "b", 2.5)
run("gsub", gsub, "abc", "b", -1)
run("gsub", gsub, nil, "b", "x")

-- --- gsub: counts, templates, tables, functions --------------------------------------------

for _, n in ipairs({ -1, 0, 1, 2, 3, 100, math.maxinteger, math.mininteger }) do
  for _, p in ipairs({ "a", "", "x*", "^a", "^", "$", "a*$", "(a)" }) do
    run("gsub n", gsub, "banana", p, "[%0]", n)
    run("gsub n", gsub, "aaa", p, "-", n)
  end
end
run("gsub n", gsub, "abc", "%w", "x", 2.0)
run("gsub n", gsub, "abc", "%w", "x", "2")

local templates = {
  "", "x", "%0", "%1", "%2", "%3", "%%", "%", "a%", "%a", "%%1", "%1%1", "<%0|%1|%2>", "%9",
  "\0%0\0", "%\0", "100%", "%%%", "%-", "%10", "% ", "%0%0%0",
}
local gsub_patterns = { "a", "(a)", "(a)(n)", "()a", "a()", "(a)()", "", "(", "x", "(b)(a)" }
for _, t in ipairs(templates) do
  for _, p in ipairs(gsub_patterns) do
    run("gsub template", gsub, "banana", p, t)
  end
end

local tables = {
  {}, { a = "A" }, { a = false }, { a = 1 }, { a = 2.5 }, { a = {} }, { a = true }, { [2] = "two" },
  { [4] = "four", [6] = "six" }, { an = "AN" },
  setmetatable({}, { __index = function(_, k) return "<" .. tostring(k) .. ">" end }),
  setmetatable({}, { __index = function() error("index failed") end }),
}
for i, tbl in ipairs(tables) do
  for _, p in ipairs({ "a", "(a)", "()a", "(a)(n)", "", "(", "%w+", "(an)" }) do
    run("gsub table " .. i, gsub, "banana", p, tbl)
  end
end

local functions = {
  function(...) return table.concat({ ... }, "|") end,
  function() return nil end,
  function() return false end,
  function() return true end,
  function() return {} end,
  function() return 42 end,
  function() return 1.5 end,
  function(a) return a:upper(), "ignored" end,
  function() end,
  function() error("callback failed") end,
  function() error(7) end,
  function(...) return select("#", ...) end,
  function(a) return type(a) end,
}
for i, f in ipairs(functions) do
  for _, p in ipairs({ "a", "(a)", "()a()", "(a)(n)", "", "%w+", "(", "(b)(a)(n)" }) do
    run("gsub function " .. i, gsub, "banana", p, f)
  end
end

-- A callback that itself matches: the outer match must survive it.
run("gsub nested", gsub, "one two three", "%a+", function(w)
  return (gsub(w, "[aeiou]", function(v) return find("aeiou", v, 1, true) end))
end)
run("gsub nested", gsub, "k1=v1;k2=v2", "(%w+)=(%w+)", function(k, v)
  local r = {}
  for c in gmatch(k .. v, "%d") do r[#r + 1] = c end
  return table.concat(r) .. match(v, "%a")
end)

-- --- gmatch ---------------------------------------------------------------------------------

run("gmatch", collect, "hello world from Lua", "%a+")
run("gmatch", collect, "from=world, to=Lua", "(%w+)=(%w+)")
run("gmatch", collect, "abc", "")
run("gmatch", collect, "abc", "()")
run("gmatch", collect, "a,b,,c", "([^,]*)")
run("gmatch", collect, "^a^a", "^a")
run("gmatch", collect, "aaa", "^a")
run("gmatch", collect, "abc", "b*")
run("gmatch", collect, "abc", "(")
run("gmatch", collect, "abc", "%")
run("gmatch", collect, "abc", "[a")
run("gmatch", collect, "xyz", "(x)(y)(z)")
-- Iterators interleaved, and one resumed from another coroutine.
do
  local a, b = gmatch("1 2 3", "%d"), gmatch("x y z", "%a")
  local t = {}
  for _ = 1, 4 do
    t[#t + 1] = tostring((a()))
    t[#t + 1] = tostring((b()))
  end
  out[#out + 1] = "interleaved => " .. table.concat(t, ",")
  local it = gmatch("alpha beta gamma", "%a+")
  local co = coroutine.wrap(function() return it() end)
  out[#out + 1] = "coroutine => " .. tostring((it())) .. "," .. tostring((co())) .. "," .. tostring((it()))
end

-- --- limits ---------------------------------------------------------------------------------

for _, n in ipairs({ 31, 32, 33 }) do
  run("captures " .. n, find, ("a"):rep(n), ("(a)"):rep(n))
  run("captures " .. n, match, ("a"):rep(n), ("()"):rep(n))
  run("captures " .. n, gsub, ("a"):rep(n), ("(a)"):rep(n), "%1")
end
for _, n in ipairs({ 100, 150, 190, 197, 198, 199, 200, 201, 202, 250 }) do
  run("depth ? " .. n, find, ("a"):rep(n), ("a?"):rep(n))
  run("depth * " .. n, find, ("a"):rep(n), ("a*"):rep(n))
  run("depth - " .. n, find, ("a"):rep(n), ("a-"):rep(n) .. "$")
  run("depth ( " .. n, find, ("a"):rep(n), ("(a)"):rep(math.min(n, 32)) .. ("a?"):rep(n - 32))
  run("depth %b " .. n, find, ("()"):rep(n), ("%b()"):rep(n))
  run("depth literal " .. n, find, ("a"):rep(n), ("a"):rep(n))
  run("depth .- " .. n, match, ("a"):rep(n) .. "b", ".-b")
  run("depth .* " .. n, match, ("a"):rep(n), "(.*)a")
end
run("long subject", find, ("a"):rep(3000), "a*b")
run("long subject", match, ("ab"):rep(1000), "^(.-)%1$")
run("long subject", gsub, ("ab"):rep(5000), "b", "%%")

-- --- random cases ---------------------------------------------------------------------------

-- A fixed generator of our own, so both states make the same cases.
local seed = 12345
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end

local chars = { "a", "b", "a", "b", "c", " ", "(", ")", "[", "]", "%", "-", "^", "$", ".", "1",
  "\0", "x", "A", "\n" }
local atoms = { "a", "b", ".", "%a", "%d", "%s", "%w", "%A", "[ab]", "[^a]", "[a-c]", "%(",
  "%)", "%%", "x", "%b()", "%f[%w]", "%f[%W]", "%1", "%2", "[%]]", "1", "%z", "\0", "$", "^",
  "[", "]", "(", ")", "()", "%", "[%a-]", "%.", "-", "A" }
local quants = { "", "", "", "*", "+", "-", "?" }

local function random_subject()
  local t = {}
  for i = 1, rand(10) - 1 do t[i] = chars[rand(#chars)] end
  return table.concat(t)
end

local function random_pattern()
  local t = {}
  if rand(4) == 1 then t[1] = "^" end
  local open = 0
  for _ = 1, rand(6) - 1 do
    local r = rand(10)
    if r == 1 and open < 3 then
      t[#t + 1] = "("
      open = open + 1
    elseif r == 2 and open > 0 then
      t[#t + 1] = ")"
      open = open - 1
    else
      t[#t + 1] = atoms[rand(#atoms)] .. quants[rand(#quants)]
    end
  end
  if rand(3) > 1 then t[#t + 1] = (")"):rep(open) end
  if rand(5) == 1 then t[#t + 1] = "$" end
  return table.concat(t)
end

local random_templates = { "<%0>", "%1", "%2-%1", "%%", "x", "%", "%a" }
for _ = 1, 4000 do
  local s, p = random_subject(), random_pattern()
  local init = ({ nil, 1, 2, -1, -4, 0, 12 })[rand(7)]
  run("find", find, s, p, init)
  run("match", match, s, p, init)
  run("gmatch", collect, s, p, init)
  run("gsub", gsub, s, p, random_templates[rand(#random_templates)], rand(4) - 2 + #s)
  run("gsub f", gsub, s, p, functions[1])
end

return out
