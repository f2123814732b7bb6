-- flow.lua: a game being played - its world, the floor it is on, the beats so far and how
-- it ended. `cairn sim`, `cairn play` and `cairn replay` drive it through the runtime
-- functions in prelude.lua; the game's rules are content (cairn.game), and so are bots
-- (cairn.bot).
--
-- All floors of a game share one world: going down clears the grid (w:clear lifts the players
-- off it, alive, with what they carry) and the game generates the next floor into it. So the
-- player, its statuses, its items and the world's generator carry on as they are.
--
-- The session keeps the game's history, which gives replays, undo and saves:
--   log          one entry per input (a beat, or under a turn model the beats up to the
--                player's next turn: session/turns.lua): the input - an action in a
--                direction, or a choice with its answers as text (choices/init.lua) - and
--                what the world came to (its checksum, the floor, the player's cell and
--                hp) - a replay's lines;
--   checkpoints  the whole game (world and session) every so many beats, for undo
--                (checkpoints.lua);
--   messages     what happened, in words, for a front end's log (narration.lua).
-- This file is the flow of a game: starting, inputs, beats, floors and endings. What a save
-- keeps and how a game resumes is save/init.lua.
local checkpoints = require("session.checkpoints")
local choices = require("choices")
local compile = require("lua.compile")
local define = require("lua.define")
local host = require("cairn.host")
local narration = require("session.narration")
local saves = require("save")
local seats = require("session.seats")
local turns = require("session.turns")
local util = require("lua.util")
local find = define.find
local session = {}

local current -- the session under way, or nil

-- Extension points: what a library (scripts/cards) runs at the points of each beat the
-- session plays, and who asks the questions of a beat.
local beat_parts = {}
local questions = nil

-- part.before(frames) before each beat (frames: a list the library fills with what the beat
-- shows a person, in session.frames' shape; nil when no one watches); part.after() once it
-- ran, or raised; part.abort() when the beat is given up half way (session.lua puts the
-- world back; the library drops what the half beat left it). In the order added.
function session.add_beat_part(part)
  beat_parts[#beat_parts + 1] = part
end

-- The one library whose prompts come up inside a beat (a card's trigger, an enemy's
-- ability). q.begin(answerer) before each beat: who answers them (a function(prompt) ->
-- answer, a bot's; the text a log entry recorded, to give back in order; { ask =
-- function(prompt) -> text }, a person's; or nil: the default); q.finish() after it: the
-- answers given, as text for the log ("name=value;..."), or nil; q.default_text(prompt):
-- the default's answer as text; q.auto_pass(on): whether a question with nothing to answer
-- but declining is left unasked.
function session.set_questions(q)
  questions = q
end

local function world()
  return host.world()
end

-- The player whose turn it is under a turn model, else the first player on the grid, or nil
-- when there is none (it died and was reaped).
local function player()
  local active = turns.active()
  if active and active:has("PlayerControl") then return active end
  return world():players()[1]
end

-- The player a front end shows and asks: the one whose turn it is, else the first.
function session.player()
  return player()
end

-- Under a turn model only the seat of the player whose turn it is gives an input (the
-- others' turns need none); in the beats model every seat does.
seats.set_asked(function(_, e)
  if turns.model() == "beats" then return true end
  local p = player()
  return p ~= nil and p.id == e.id
end)

local function need()
  if not current then error("no game has been started", 0) end
  return current
end

-- Starting ------------------------------------------------------------------------------------

local function generate(s)
  local def = s.game.def
  local w = world()
  local lifted = s.floor > 1 and w:clear() or {}
  def.generate(w, s.floor, s.floors, lifted)
  if not world():players()[1] then
    error(string.format("%s: generate put no player on floor %d (spawn one, or place the " ..
      "players it was given)", s.game.where, s.floor), 0)
  end
  seats.fix(s)
  if s.floor > 1 then turns.new_floor() end
end

local function fresh(game, seed)
  return { game = game, seed = seed, floor = 1, floors = game.def.floors or 1, beats = 0,
    log = {}, checkpoints = {}, messages = {}, seen = {}, pending = {}, resolving = {},
    bots = {}, by_bot = {} }
end

-- Starts the game `name`; make_world(width, height, seed) makes its world
-- (compile.make_world unless given).
function session.start(name, seed, make_world)
  local game = find("game", name)
  current = nil
  make_world = make_world or compile.make_world
  make_world(game.def.width, game.def.height, seed)
  local s = fresh(game, seed)
  current = s
  generate(s)
  turns.attach(game.def, true)
  narration.note(s, string.format("Floor 1 of %d.", s.floors))
  checkpoints.add(s)
end

-- Inputs and beats ----------------------------------------------------------------------------

-- Each seat gives its own input (session/seats.lua): s.pending holds them by seat until the
-- beat, s.resolving the choice each seat is committing a prompt at a time, s.bots the bot
-- that plays each seat ({ bot = its definition, name =, memory = }) and s.by_bot the seats
-- a bot has played since the game started or resumed (a person is asked about the others'
-- characters inside a beat, when one plays: session.interactive). A call without a seat
-- is for the seat the game waits for (session.turn), else the first.
local NONE = { action = "none", dir = false }

-- The seat the game waits for: the one a question inside a beat is about, or the first seat
-- asked that has given no input yet; nil when none waits (the beat can be played).
local function turn(s)
  if s.question then return s.question.seat or 1 end
  if s.held or s.ended then return nil end
  return seats.waiting(s, s.pending)
end

local function seat_of(s, seat)
  return seat or turn(s) or 1
end

-- A mistake in an input is the caller's, told without the runtime's own place; `who` (a
-- bot's definition) is blamed instead when given.
local function blame(err, who, what)
  err = util.unplace(tostring(err))
  if who then
    err = string.format("%s: bot '%s' gave the player a bad %s: %s", who.where, who.def.name,
      what, err)
  end
  error(err, 0)
end

-- Gives seat i's character p its action for the next beat.
local function input(s, i, p, action, dir, who)
  local ok, err = pcall(p.input, p, action, dir)
  if not ok then blame(err, who, "action") end
  s.pending[i] = { action = action, dir = dir }
end

-- A seat's action for the next beat, in a direction or none (nil or "").
function session.input(action, dir, seat)
  if dir == "" then dir = nil end
  local s = need()
  local i = seat_of(s, seat)
  local p = seats.entity(s, i)
  if p then input(s, i, p, action, dir) end
end

-- A resolved choice (choices/init.lua) becomes seat i's input for the next beat; the log
-- keeps its answers as text.
local function commit(s, i, r)
  choices.commit(r)
  s.pending[i] = { choice = r.entry.name, answers = choices.text(r) }
end

-- Commits choice `name` with every prompt answered from `answers` (a table by prompt name,
-- or a decider function; `is_text`: the text the log keeps). Returns false when the answers
-- dropped it (a cancel, a "no" to an optional choice): no input is given.
local function choose(s, i, p, name, answers, is_text, who)
  local ok, r = pcall(function()
    return choices.resolve(p, choices.find(name), answers, is_text)
  end)
  if not ok then blame(r, who, "choice") end
  if r then commit(s, i, r) end
  return r ~= nil
end

function session.choose(name, answers, seat)
  local s = need()
  local i = seat_of(s, seat)
  local p = seats.entity(s, i)
  return p and choose(s, i, p, name, answers) or false
end

-- A seat's choices now (choices.list), or none when its character is gone.
function session.choices(seat)
  local s = need()
  local p = seats.entity(s, seat_of(s, seat))
  return p and choices.list(p) or {}
end

-- A front end commits a choice a prompt at a time: begin, then prompt and answer (or
-- cancel) until no prompt waits. The choice seat i has under way is s.resolving[i].
local function advance(s, i)
  local r = s.resolving[i]
  if not r then return end
  local ok, err = pcall(choices.prompt, r) -- works the next prompt out: it may end the choice
  if not ok or choices.done(r) then
    s.resolving[i] = nil
    if ok and not r.dropped then commit(s, i, r) end
    if not ok then error(err, 0) end
  end
end

function session.begin(name, seat)
  local s = need()
  local i = seat_of(s, seat)
  local p = seats.entity(s, i)
  if not p then error("there is no player to choose", 0) end
  -- What the seat gave before goes: should this choice be dropped, nothing is.
  s.resolving[i], s.pending[i] = nil, nil
  p:input("none")
  s.resolving[i] = choices.begin(p, choices.find(name))
  advance(s, i)
end

-- Whether the beat's inputs are all given: no seat waits, and one gave an input (or a beat a
-- question gave up holds them).
local function ready(s)
  return turn(s) == nil and (next(s.pending) ~= nil or s.held ~= nil)
end

-- The prompt waiting (choices.prompt's shape) - a question inside a beat, or the choice the
-- seat is committing - or nil and whether the beat's inputs are committed (the seat's
-- own, when a seat is named).
function session.prompt(seat)
  local s = need()
  if s.question then return s.question end
  local i = seat_of(s, seat)
  if s.resolving[i] then return choices.prompt(s.resolving[i]) end
  if seat then return nil, s.pending[seat] ~= nil or s.held ~= nil end
  return nil, ready(s)
end

-- The waiting prompt as front ends read it (cairn_prompt): the options' labels, and the
-- candidates' cells as one list x1, y1, x2, y2, ...; or nil and whether a choice is committed.
function session.front_end_prompt(seat)
  local m, committed = session.prompt(seat)
  if not m then return nil, committed end
  local s = need()
  local out = { kind = m.kind, choice = m.label, name = m.name, text = m.text, min = m.min,
    max = m.max, among = m.among, x = m.x, y = m.y, range = m.range, area = m.area,
    cancel_costs = m.cancel_costs, options = {}, cells = {},
    seat = s.question and s.question.seat or seat_of(s, seat) }
  for i, o in ipairs(m.options or {}) do out.options[i] = o.label end
  for _, c in ipairs(m.cells or {}) do
    out.cells[#out.cells + 1], out.cells[#out.cells + 2] = c[1], c[2]
  end
  return out
end

-- An answer as text (choices/init.lua): a mistake leaves the prompt waiting.
function session.answer(text, seat)
  local s = need()
  local q = s.question
  if q then
    local said, takes = choices.take_text(q, text)
    if not said then error(string.format("%s: '%s' takes %s", q.label, q.text, takes), 0) end
    s.answered[#s.answered + 1], s.question = said, nil
    return
  end
  local i = seat_of(s, seat)
  if not s.resolving[i] then error("no prompt is waiting", 0) end
  choices.answer(s.resolving[i], text, true)
  advance(s, i)
end

-- Returns whether the cancel committed the choice (its cancel effect is due next beat).
function session.cancel(seat)
  local s = need()
  local q = s.question
  if q then -- the beat is committed: a cancel declines what asks (a pick: its decline)
    s.answered[#s.answered + 1], s.question = q.decline and tostring(q.decline) or "!", nil
    return true
  end
  local i = seat_of(s, seat)
  if not s.resolving[i] then return false end
  local committed = choices.cancel(s.resolving[i])
  advance(s, i)
  return committed
end

-- Gives seat i's character p an input as the log keeps it ("none" is the character's input
-- after every beat already: it is only noted as given).
local function give_seat(s, i, p, given)
  if given.choice then
    choose(s, i, p, given.choice, choices.recorded(given.answers), true)
  elseif given.action ~= "none" then
    input(s, i, p, given.action, given.dir or nil)
  else
    s.pending[i] = { action = "none", dir = false }
  end
end

-- Gives a log entry's inputs again (undo, replays), and the answers given inside its beat:
-- the entry's own input is the first seat's, and `seats` has every seat's (false for none)
-- in a game of several. before(i), when given, runs before seat i's input is given.
local function give(s, entry, before)
  s.pending_mid = entry.mid or false
  for i, given in ipairs(entry.seats or { entry }) do
    local p = seats.entity(s, i)
    if p and before then before(i, p) end
    if given and p then give_seat(s, i, p, given) end
  end
end

function session.give(entry)
  give(need(), entry)
end

-- Asks seat i's bot for its character p's next action. The bot keeps what it learns in
-- `memory`, a table of its own for the whole session, which it is given each time with the
-- floor and beat.
local function consult(s, i, p)
  local b = s.bots[i]
  b.memory.floor, b.memory.beat = s.floor, s.beats
  s.consulting = i
  local action, dir = b.bot.def.decide(b.memory, world(), p, session.api)
  s.consulting = nil
  return action, dir
end

-- A bot plays a seat: it returns an action and a direction, or { choice = name, answers =
-- ... }. A seat the game does not wait for (its character is gone, or the turn model asks
-- another) is not asked.
function session.bot(name, seat)
  local s = need()
  local i = seat_of(s, seat)
  local b = s.bots[i]
  if not b or b.name ~= name then
    b = { bot = find("bot", name), name = name, memory = {} }
    s.bots[i] = b
  end
  s.by_bot[i] = true
  local p = seats.entity(s, i)
  if not p or s.ended or not seats.asked(s, i) then return end
  local action, dir = consult(s, i, p)
  if p:is_dead() then return end
  if type(action) == "table" then
    choose(s, i, p, action.choice, action.answers, false, b.bot)
  else
    input(s, i, p, action or "none", dir, b.bot)
  end
end

-- The beat's inputs, as the log keeps them: the first seat's input (nil for none), and in a
-- game of several seats every seat's in `seats` (false for a seat that gave none).
local function gathered(s)
  if #s.seats <= 1 then return s.pending[1] end
  local list, any = {}, false
  for i = 1, #s.seats do
    list[i] = s.pending[i] or false
    any = any or list[i] ~= false
  end
  if not any then return nil end
  local given = util.copy_shallow(list[1] or NONE)
  given.seats = list
  return given
end

-- What the log keeps of a beat: the inputs, and what the world came to.
local function log_entry(s, given)
  local p, w = player(), world()
  local e = { sum = w:checksum(), floor = s.floor, x = p and p.x or false,
    y = p and p.y or false, hp = p and p.hp or 0 }
  if given and given.choice then
    e.choice, e.answers = given.choice, given.answers
  else
    e.action, e.dir = given and given.action or "none", given and given.dir or false
  end
  e.seats = given and given.seats or nil
  e.mid = given and given.mid or nil
  return e
end

-- Prompts inside a beat, asked of a person (session.interactive): a beat cannot wait half
-- way for an answer, so the beat is given up at the question, the world is put back as it
-- was before it (checkpoints.back_to), and the question waits as a prompt (s.question). Each
-- answer is kept (s.answered); the beat is played again with them, from the start, until
-- it asks nothing more. Prompts of others' abilities (enemies', and the characters of seats
-- a bot plays) take the default.
local QUESTION = "cairn: a question for the player"

-- A prompt as a question kept across the beat given up, and in a save: plain data, its
-- options by number, its candidates by id or cell (handles would not outlive the beat).
local function question_of(m)
  local q = { choice = m.choice, label = m.label, name = m.name, kind = m.kind, text = m.text,
    cancel_costs = true, min = m.min, max = m.max, among = m.among, range = m.range,
    area = m.area, x = m.x, y = m.y, decline = m.decline }
  if m.options then
    q.options = {}
    for i, o in ipairs(m.options) do q.options[i] = { value = i, label = o.label } end
  end
  if m.candidates then
    q.candidates, q.cells = {}, {}
    for i, c in ipairs(m.candidates) do
      q.candidates[i] = type(c) == "userdata" and { id = c.id } or
        type(c) == "table" and { x = c.x, y = c.y } or c
      q.cells[i] = { m.cells[i][1], m.cells[i][2] }
    end
  elseif m.cells then -- a pick's cells: what the blow it answers covers
    q.cells = {}
    for i, c in ipairs(m.cells) do q.cells[i] = { c[1], c[2] } end
  end
  return q
end

local function ask(s, m)
  local i = seats.of(s, m.actor)
  if not (i and seats.entity(s, i)) or s.by_bot[i] then return questions.default_text(m) end
  s.asked = s.asked + 1
  local text = s.answered[s.asked]
  if text then return text end
  s.question = question_of(m)
  s.question.seat = i
  error(QUESTION, 0)
end

-- The bots' answers inside a beat: a prompt about a seat's character goes to that seat's
-- bot, any other (an enemy's ability) to the first seat's bot that answers; nil when no bot
-- answers.
local function bots_answer(s)
  local first
  for i = 1, #s.seats do
    local b = s.bots[i]
    if b and b.bot.def.answer then first = first or b end
  end
  if not first then return nil end
  return function(prompt)
    local b = s.bots[seats.of(s, prompt.actor) or 0]
    if not (b and b.bot.def.answer) then b = first end
    return b.bot.def.answer(b.memory, world(), prompt)
  end
end

-- Who answers the prompts asked inside the beat (cards/abilities.lua: triggers, enemies'
-- abilities): the answers recorded in the log entry given again (`mid`: its text, or false
-- for none), else the person playing (session.interactive), else the bots' `answer`
-- functions, else the runtime's default.
local function mid_beat(s, mid)
  if mid ~= nil then return mid or nil end
  if s.interactive then
    s.asked, s.answered = 0, s.answered or {}
    return { ask = function(m) return ask(s, m) end }
  end
  return bots_answer(s)
end

-- A log entry's beat played again (undo, a question's beat given up): each seat's bot, if
-- any, is asked again so that its memory comes to what it was, but the log's input is taken.
local function play_again(s, entry)
  give(s, entry, function(i, p)
    if s.bots[i] and seats.asked(s, i) then consult(s, i, p) end
  end)
  session.step()
end

-- The beat that asked s.question is given up: the world as it was before it. The inputs
-- given for it are held (s.held), to be given again when the beat is played again. Returns
-- "asking".
local function hold_question(s, given)
  for _, part in ipairs(beat_parts) do part.abort() end
  local question, answered = s.question, s.answered
  s.question, s.answered = nil, nil
  checkpoints.back_to(s, s.beats, function(entry) play_again(s, entry) end)
  s.held = given or util.copy_shallow(NONE)
  s.question, s.answered = question, answered
  return "asking"
end

local outcomes = { descend = true, won = true, lost = true }

-- The game's verdict after a beat: nil (on it goes), "descend", "won" or "lost".
local function verdict_of(s, w)
  local def = s.game.def
  local verdict = def.outcome and def.outcome(w, s.floor, s.floors)
  if verdict ~= nil and not outcomes[verdict] then
    error(string.format("%s: a game's outcome returns nil, 'descend', 'won' or 'lost', " ..
      "not %s", s.game.where, tostring(verdict)), 0)
  end
  if verdict == "descend" and s.floor >= s.floors then verdict = "won" end
  return verdict
end

-- One beat of the world, with the beat parts round it; its frames go on the end of `frames`.
local function one_beat(w, frames)
  local list = frames and {} or nil
  for _, part in ipairs(beat_parts) do part.before(list) end
  local stepped, err = pcall(w.step, w)
  for _, part in ipairs(beat_parts) do part.after() end
  if list then
    for _, f in ipairs(list) do frames[#frames + 1] = f end
  end
  return stepped, err
end

-- The beats of one input: under a turn model, the beats until a player has had its beat
-- and a player's turn has come again (the others' turns between need no input); else one
-- beat. Returns whether they ran (else the error), the verdict, and what killed the player
-- when it died.
local function beats(s, w, frames, you)
  local acted, killer = false, nil
  for _ = 1, turns.MAX_BEATS do
    acted = acted or turns.players_turn()
    local stepped, err = one_beat(w, frames)
    if not stepped or s.question then return false, err end
    turns.after_beat()
    killer = narration.describe(s, w:history(), you and you.id) or killer
    if not player() then return true, nil, killer end
    local verdict = verdict_of(s, w)
    if verdict or (acted and turns.players_turn()) then return true, verdict, killer end
  end
  return false, string.format("%s: no player's turn came in %d beats (has any player " ..
    "action points?)", s.game.where, turns.MAX_BEATS)
end

-- One input's beats (one, or under a turn model those up to the player's next turn), then
-- the game's verdict: on it goes, down a floor, won or lost. Returns how the game stands
-- ("playing", "won", "died", "lost"), or nil without a beat when it was over.
function session.step()
  local s = need()
  if s.ended then return nil end
  local given
  if s.held then -- the beat a question gave up, played again
    given = s.held
    s.held = nil
    session.give(given)
    s.pending_mid = nil
  else
    given = gathered(s)
  end
  if not s.interactive then s.question, s.answered = nil, nil end
  local mid = s.pending_mid
  s.pending, s.resolving, s.pending_mid = {}, {}, nil
  local w = world()
  local you = player()
  -- for the header once the player is gone (a player without WithHP has none)
  local has_hp, max_hp = pcall(function() return you and you.max_hp end)
  if not has_hp then max_hp = nil end
  local frames = s.interactive and {} or nil
  if questions then questions.begin(mid_beat(s, mid)) end
  local called, ran, verdict, killer = pcall(beats, s, w, frames, you)
  if not called then ran, verdict = false, ran end
  -- The answers given inside the beat: asked now, or recorded (a beat played again keeps its
  -- record in the log, for the next time it is played again).
  local answered = questions and questions.finish() or mid or nil
  if s.question then return hold_question(s, given) end
  if not ran then error(verdict, 0) end
  s.answered, s.frames = nil, frames
  if answered then
    given = given and util.copy_shallow(given) or {}
    given.mid = answered
  end
  s.beats = s.beats + 1
  if not player() then
    s.ended = "died"
    s.death = { max_hp = max_hp, by = killer }
  else
    if verdict == "descend" then
      s.floor = s.floor + 1
      generate(s)
      narration.note(s, string.format("You go down the stairs to floor %d of %d.", s.floor,
        s.floors))
    elseif verdict then
      s.ended = verdict
    end
  end
  if s.ended == "won" then narration.note(s, "You have won.") end
  s.log[s.beats] = log_entry(s, given)
  if checkpoints.due(s) then checkpoints.add(s) end
  return s.ended or "playing"
end

-- Undo: the last beat taken back (checkpoints.undo). Each beat is played again from the log:
-- a bot is asked again, so that its memory comes to what it was, but what it says is not
-- taken: the log's input is. The inputs given for the next beat go too: every seat is asked
-- again. Returns true, or false and why not (with no beat to take back, changing nothing).
function session.undo()
  local s = need()
  local ok, why = checkpoints.can_undo(s)
  if not ok then return false, why end
  s.pending, s.resolving, s.question, s.answered = {}, {}, nil, nil
  choices.reset()
  return checkpoints.undo(s, function(entry) play_again(s, entry) end)
end

-- A person answers prompts inside beats (a front end: `cairn play`), and sees the last
-- beat's resolutions (session.frames); else the bot or the defaults answer.
function session.set_interactive(on)
  need().interactive = on and true or false
end

-- Whether the player passes by itself when an action gives it a window to react in and it
-- has no legal reaction (the default), or is asked all the same, with only "pass".
function session.set_auto_pass(on)
  need()
  if questions then questions.auto_pass(on and true or false) end
end

-- What the last beat's resolutions showed, effect by effect (the beat parts' frames, with the
-- cells as one list x1, y1, x2, y2, ...), while the session is interactive; else none.
function session.frames()
  local list = {}
  for i, f in ipairs(need().frames or {}) do
    local cells = {}
    for _, c in ipairs(f.cells) do cells[#cells + 1], cells[#cells + 2] = c[1], c[2] end
    list[i] = { label = f.label, effect = f.effect, timed = f.timed, cells = cells,
      waiting = f.waiting, changes = f.changes }
  end
  return list
end

-- Preview: the next beat as it would be with this input for a seat's character (the seat of
-- the bot asking, else the seat the game waits for) - an action and a direction, or
-- { choice = name, answers = ... } - on the world put back after.
function session.preview(action, dir, seat)
  local s = need()
  local p = seats.entity(s, seat or s.consulting or seat_of(s))
  local committed = choices.save_committed()
  local changes = world():preview(function()
    if not p then return end
    if type(action) == "table" then
      choices.choose(p, action.choice, action.answers)
    elseif action and action ~= "none" then
      p:input(action, dir)
    end
  end)
  choices.restore_committed(committed)
  return changes
end

-- What bots get as decide's fourth argument: previews of the beat to come.
session.api = {
  preview = function(_, action, dir) return session.preview(action, dir) end,
}

-- Seats -----------------------------------------------------------------------------------------

-- How many seats the game has.
function session.seats()
  return seats.count(need())
end

-- How long a seat may take over a question, in ms: the game's answer_seconds (30 unless it
-- says). The session keeps no clock: whoever asks (a server) waits that long, then answers with
-- the default (session.cancel).
local ANSWER_SECONDS = 30

function session.answer_ms()
  return math.floor((need().game.def.answer_seconds or ANSWER_SECONDS) * 1000)
end

-- The seat the game waits for (a question's, or the next to give its input), or 0 when none
-- does: the beat can be played.
function session.turn()
  return turn(need()) or 0
end

-- The character a front end shows the game from and its seat: the seat the game waits for,
-- else the player whose turn it is (the first, in the beats model); nil when none is left.
function session.viewer()
  local s = need()
  local i = turn(s)
  local p = i and seats.entity(s, i) or player()
  return p, seats.of(s, p)
end

-- Saving and resuming -------------------------------------------------------------------------

-- What waits for seat i: a choice half answered, or the input committed for the next beat
-- (as the log keeps an input); false for nothing.
local function seat_waiting(s, i)
  local r = s.resolving[i]
  if r then return { choice = r.entry.name, given = r.given } end
  if s.pending[i] then return { committed = s.pending[i] } end
  return false
end

-- What waits for the players, for a save to keep: a question of a beat given up (with the
-- inputs held and the answers so far), else what waits for the first seat (seat_waiting), or
-- in a game of several seats what waits for each, in `seats`; false for nothing.
local function waiting(s)
  if s.question then
    return { held = s.held, answered = s.answered, question = s.question }
  end
  if #s.seats <= 1 then return seat_waiting(s, 1) end
  local list, any = {}, false
  for i = 1, #s.seats do
    list[i] = seat_waiting(s, i)
    any = any or list[i] ~= false
  end
  return any and { seats = list } or false
end

-- A save holds the world as the last beat left it, whose checksum the log has: an input
-- committed for the next beat is taken out of the world while it is saved, and kept in the
-- save's `waiting` instead, to be given again (here, and when the save resumes).
function session.save_state()
  local s = need()
  local committed = {}
  for i = 1, #s.seats do
    local p = seats.entity(s, i)
    if s.pending[i] and p then
      committed[i] = p
      p:input("none")
    end
  end
  local ok, state = pcall(saves.state, s, waiting(s))
  for i = 1, #s.seats do
    if committed[i] then give_seat(s, i, committed[i], s.pending[i]) end
  end
  if not ok then error(state, 0) end
  return state
end

-- Puts back what waited for seat i when the game was saved.
local function wait_seat(s, i, w)
  if w.committed then
    local p = seats.entity(s, i)
    if p then give_seat(s, i, p, w.committed) end
    return
  end
  session.begin(w.choice, i)
  for _, given in ipairs(w.given) do session.answer(given:match("^[^=]*=(.*)$"), i) end
end

-- Puts back what waited for the players when the game was saved.
local function wait_again(s, w)
  if not w then return end
  if w.question then
    s.held, s.answered, s.question = w.held, w.answered, w.question
    return
  end
  for i, each in ipairs(w.seats or { w }) do
    if each then wait_seat(s, i, each) end
  end
end

-- A save that is refused before its world is made leaves the game under way as it was.
-- make_world as session.start's.
function session.resume(saved, make_world)
  make_world = make_world or compile.make_world
  local s, w = saves.resume(saved, function(...)
    current = nil
    make_world(...)
  end, fresh)
  seats.fix(s)
  current = s
  turns.attach(s.game.def, false)
  wait_again(s, w)
end

-- Reading the game ----------------------------------------------------------------------------

function session.current()
  return current
end

-- How the game stands: "playing", or how it ended.
function session.standing()
  return need().ended or "playing"
end

-- The session's summary, as { { key, value }, ... } in a fixed order: the runtime's lines,
-- then the game's report (sorted by key). `unfinished` is what "ended" says while the game
-- goes on.
local function summary(unfinished)
  local s = need()
  local p = player()
  local lines = {
    { "game", s.game.pack.id .. ":" .. s.game.def.name },
    { "seed", tostring(s.seed) },
    { "ended", s.ended or unfinished },
    { "floor", string.format("%d of %d", s.floor, s.floors) },
    { "beats", tostring(s.beats) },
    { "hp", p and string.format("%d of %d", p.hp or 0, p.max_hp or 0) or "0" },
  }
  if s.ended == "died" and s.death then -- the player is gone from the world; its hp with it
    table.insert(lines, 4, { "killed by", s.death.by })
    lines[#lines][2] = string.format("0 of %d", s.death.max_hp or 0)
  end
  if #s.seats > 1 then -- each seat's character, after the first player's hp
    for i = 1, #s.seats do
      local e = seats.entity(s, i)
      lines[#lines + 1] = { "seat " .. i, e and string.format("%d of %d hp", e.hp or 0,
        e.max_hp or 0) or "dead" }
    end
  end
  local report = s.game.def.report and s.game.def.report(world()) or {}
  local keys = {}
  for k in pairs(report) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do lines[#lines + 1] = { k, tostring(report[k]) } end
  lines[#lines + 1] = { "checksum", world():checksum() }
  return lines
end

-- The summary as lines "key: value", the keys padded to one width.
function session.summary(unfinished)
  local lines, width = summary(unfinished), 0
  for _, l in ipairs(lines) do width = math.max(width, #l[1]) end
  local out = {}
  for i, l in ipairs(lines) do
    out[i] = string.format("%-" .. (width + 1) .. "s %s", l[1] .. ":", l[2])
  end
  return table.concat(out, "\n") .. "\n"
end

return session
