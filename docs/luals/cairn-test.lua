---@meta
-- cairn-test.lua: lua-language-server definitions of the scenario test library, the globals
-- a test file sees besides the sandbox and `cairn`: test, scenario, use, render, game, expect
-- (see "The test library" in docs/lua-api.md). Needs cairn.lua beside it.

---Options of scenario.
---@class CairnScenarioOptions
---@field map string One character per cell; "." and " " are empty; others are glyphs: the test's
---own pack's type, else the one other loaded pack's, else the test kit's (so with base loaded
---"@" is base:player).
---@field legend? table<string, CairnTypeName|CairnTypeName[]> Character -> type(s); wins over glyphs.
---@field seed? integer The world's seed (default 1).

---Options of test.
---@class CairnTestOptions
---@field budget? integer The test's instruction budget, at most the runtime's (100,000,000).

---Declares a test: it passes when fn returns, fails when fn raises.
---@param name string
---@param fn fun()
---@param opts? CairnTestOptions
function test(name, fn, opts) end

---Makes a new world from every definition so far, filled from an ASCII map. Returns the world
---and what each character of the map meant (a full type name, or a list for a stacked legend).
---@param opts CairnScenarioOptions
---@return CairnWorld
---@return table<string, string|string[]> legend
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

---Options of game.
---@class CairnGameOptions
---@field seed? integer The world's seed (default 1).

---A game session, as game() returns it. It can stand for the `game` a bot's decide gets.
---@class CairnGameSession: CairnGameLook
---@field world CairnWorld The session's world.
---@field beats integer Beats played.
---@field floor integer The floor, from 1.
---@field seed integer
---@field ended? "won"|"died"|"lost" nil while the game goes on.
local CairnGameSession = {}

---The player's action for the next beat.
---@param action CairnActionName
---@param dir? CairnDir
function CairnGameSession:input(action, dir) end

---Commits a choice as the player's input for the next beat, as e:choose does; the log keeps
---it with its answers (undo, replays, saves). Returns true when committed, false when the
---answers dropped it.
---@param name string A cairn.choice's name, full or short.
---@param answers? CairnChoiceAnswers
---@return boolean committed
function CairnGameSession:choose(name, answers) end

---The player's choices now, as e:choices() gives them (none without a player).
---@return CairnChoiceEntry[]
function CairnGameSession:choices() end

---Asks the bot `name` for the player's action for the next beat; its memory lasts the game.
---@param name string
function CairnGameSession:bot(name) end

---Plays n beats (default 1), each followed by the game's rules; stops once the game has ended.
---@param n? integer
function CairnGameSession:step(n) end

---Takes back the last beat: true, or false and why not. Raises when a beat played again comes
---out differently (content keeps state outside e.data and w.data).
---@return boolean undone
---@return string? why
function CairnGameSession:undo() end

---The message log, oldest first, as the play screen shows it.
---@return string[]
function CairnGameSession:messages() end

---Begins travel to a cell the player remembers, as the play screen's _ does; raises why it
---cannot ("you know no way there").
---@param x integer
---@param y integer
function CairnGameSession:travel(x, y) end

---Begins auto-explore, as the play screen's o does; raises why it cannot ("not with an enemy
---in view", "nothing left to explore here").
function CairnGameSession:explore() end

---Plays the journey begun to its end: why it stopped ("you are there", "bat comes into
---view", "" when the log says it) and the beats it took.
---@return string why
---@return integer beats
function CairnGameSession:journey() end

---Starts a game session, as `cairn sim` and `cairn play` run one: a new world (the previous
---one and its handles are gone) with the first floor of the game named `name` generated.
---@param name string A cairn.game's full name, or its short one when one pack defines it.
---@param opts? CairnGameOptions
---@return CairnGameSession
function game(name, opts) end

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

---Success of what returns true, or false and why (cairn.cards.play, cairn.resolve): a failure
---says the why. `expect.ok(cairn.cards.play(h, card))`.
---@param v any
---@param why? any
---@param what? string
function expect.ok(v, why, what) end

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

---The current beat's history (w:history()) must hold each of `changes`, in that order, other
---changes between allowed. A change matches when every field given is equal: tables by
---content, `entity` and `other` as handles or a type's name (full or short). Returns the
---changes matched; fails showing the beat's history.
---@param w CairnWorld
---@param changes table[]
---@param what? string
---@return table[] matched
function expect.history(w, changes, what) end
