-- luacheck's settings for cairn's Lua: the runtime's own scripts, the packs in content/, the
-- benchmark's packs in tools/bench and the tests' packs and scenarios. tools/test runs
-- `luacheck scripts content tools tests` (the CTest lint.luacheck).
std = "lua54"

-- Content runs in a sandbox whose one global beyond the safe standard library is `cairn`;
-- scenario tests also get the test kit (scripts/lua/testing.lua's library).
stds.cairn = { read_globals = { "cairn" } }
stds.cairn_tests = {
  read_globals = { "test", "scenario", "expect", "game", "use", "render" },
}

-- A handler or hook is called with all its arguments; content names them even where it
-- uses only some, so that the signature reads as documentation. Unused arguments are fine
-- there; elsewhere they are a finding like any other.
files["content"] = { std = "lua54+cairn", unused_args = false }
files["tools/bench"] = { std = "lua54+cairn", unused_args = false }
files["content/**/tests"] = { std = "lua54+cairn+cairn_tests", unused_args = false }

-- The tests' Lua is content too: packs (tests/lua/packs, tests/e2e/packs, ...) and the scenario
-- tests, which also get the test kit. Left out: the fuzzers' inputs, which are data, and the
-- packs that fail to parse on purpose, to show the error a modder gets.
files["tests"] = { std = "lua54+cairn", unused_args = false }
files["tests/scenarios"] = { std = "lua54+cairn+cairn_tests", unused_args = false }
files["tests/**/tests"] = { std = "lua54+cairn+cairn_tests", unused_args = false }
exclude_files = {
  "tests/fuzz/corpus/**",
  "tests/lua/packs/broken/syntax.lua",
  "tests/lua/packs/syntax/broken.lua",
}
