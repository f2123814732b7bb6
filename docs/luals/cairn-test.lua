---@meta
-- cairn-test.lua: lua-language-server definitions of the scenario test library, the globals
-- a test file sees besides the sandbox and `cairn`: test, scenario, use, render, expect (see
-- "The test library" in docs/lua-api.md). Needs cairn.lua beside it.

---Options of scenario.
---@class CairnScenarioOptions
---@field map string One character per cell; "." and " " are empty; others are glyphs.
---@field legend? table<string, CairnTypeName|CairnTypeName[]> Character -> type(s); wins over glyphs.
---@field seed? integer The world's seed (default 1).

---Declares a test: it passes when fn returns, fails when fn raises.
---@param name string
---@param fn fun()
function test(name, fn) end

---Makes a new world from every definition so far, filled from an ASCII map.
---@param opts CairnScenarioOptions
---@return CairnWorld
function scenario(opts) end

---Loads a pack (and its dependencies) by id, for a loose test file to test it: looked up in
---the test file's folder, on the pack path, then in content/ and content/examples/. Call it at
---the top of the file; its types then need their full names ("stun:brute") in Lua.
---@param id string
function use(id) end

---The world as a map, one glyph per cell ("." empty, "?" a type without a glyph).
---@param w CairnWorld
---@return string
function render(w) end

---Assertions; each raises at the caller's line when it fails. `what` names the check.
---@class CairnExpect
expect = {}

---Equal values; tables (and e.data views) compared by content.
---@param actual any
---@param expected any
---@param what? string
function expect.eq(actual, expected, what) end

---A value other than false and nil.
---@param v any
---@param what? string
function expect.truthy(v, what) end

---false or nil.
---@param v any
---@param what? string
function expect.falsy(v, what) end

---fn must raise an error containing text (plain); returns the message.
---@param fn fun()
---@param text? string
---@param what? string
---@return string message
function expect.error(fn, text, what) end

---fn must overrun the instruction budget or the memory ceiling (an ordinary error fails the
---check); the test goes on with fresh limits. Returns the overrun's message, which must
---contain text when given. At most 8 per test file.
---@param fn fun()
---@param text? string
---@param what? string
---@return string message
function expect.limit(fn, text, what) end

---The world must look like the map (trailing "." of a row do not matter).
---@param w CairnWorld
---@param map string
---@param what? string
function expect.map(w, map, what) end
