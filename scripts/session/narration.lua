-- narration.lua: a game's messages - what happened, in words, for a front end's log. Each beat's
-- history is told from the player's side; content's own kinds of change (cairn.change) tell
-- themselves through their `describe`.
local define = require("lua.define")
local util = require("lua.util")
local narration = {}

-- Extension points: the words of what a library (scripts/cards) adds to the world.
local tellers = {}        -- a kind of change -> function(change) -> a sentence or nil
local library_statuses = {} -- { name =, adjective =, amount = }, in the order added

-- How the log tells a kind of change a library records (its `core.change`): tell(c) gives
-- the sentence for change c, or nil for none. Content's own kinds tell themselves (a
-- cairn.change's describe).
function narration.add_teller(kind, tell)
  tellers[kind] = tell
end

-- A status a library registers itself (not a content definition): the log and the status
-- line call one in it `adjective`, and amount(e), when given, is the number shown after it
-- ("blocking 3 (4)"). Shown after content's statuses, in the order added.
function narration.add_status(name, adjective, amount)
  library_statuses[#library_statuses + 1] = { name = name, adjective = adjective,
    amount = amount }
end

local MESSAGES_KEPT = 200

-- Adds a message to the session's log, at its current beat (while a step plays its beats, the
-- beat it is playing: s.telling); the oldest go past MESSAGES_KEPT.
-- `place` says where it happened, so that only the seats that could see it read it
-- (session/view.lua): { at = { x1, y1, x2, y2, ... }, about = { entity ids } }; nil for a
-- message of the whole game (a floor, the end). Each seat's screen notes in the message's
-- `told`, by seat, whether it shows it.
function narration.note(s, text, place)
  local m = s.messages
  m[#m + 1] = { beat = s.telling or s.beats, text = text, at = place and place.at,
    about = place and place.about }
  if #m > MESSAGES_KEPT then table.remove(m, 1) end
end
local note = narration.note

local short = util.spoken

-- How the log says that one is in a status: its definition's adjective ("stunned"), a
-- library's (narration.add_status), else the status's name.
local function state(status)
  local d = define.by_name.status[status]
  if d and d.def.adjective then return d.def.adjective end
  for _, l in ipairs(library_statuses) do
    if l.name == status then return l.adjective end
  end
  return short(status)
end
narration.state = state

-- A status applied with no beats lasts: its count is this (the core's CAIRN_STATUS_LASTING),
-- which the words leave out.
local LASTING = 1000000

-- Whether a status's magnitude is worth saying: one whose definition gives it a meaning
-- (it stacks, is capped, decays, acts each beat or changes a stat), or any but 1.
local function has_magnitude(status, magnitude)
  if magnitude ~= 1 then return true end
  local d = define.by_name.status[status]
  local def = d and d.def or {}
  return def.stacking ~= nil or def.max ~= nil or def.decay ~= nil or def.each ~= nil
    or def.modifies ~= nil
end

-- A status's state, with its magnitude when worth saying ("poisoned 3", "stunned").
local function state_of(status, magnitude)
  local words = state(status)
  if has_magnitude(status, magnitude) then words = words .. " " .. tostring(magnitude) end
  return words
end

-- A status in words, as the header and the side panel show it: its state, then the beats it
-- has left unless it lasts ("poisoned 3 (2)", "strong 2", "stunned (1)").
local function status_words(status, magnitude, left)
  local words = state_of(status, magnitude)
  if left < LASTING then words = string.format("%s (%d)", words, left) end
  return words
end

-- The statuses e is in, as the header shows them: each one's words (status_words), in the
-- order they were applied (an instance of its own on a line of its own), then a library's
-- with its amount ("blocking 3 (4)").
function narration.statuses(e)
  local shown, library = {}, {}
  for _, l in ipairs(library_statuses) do library[l.name] = true end
  for _, row in ipairs(e:statuses()) do
    if not library[row.name] then
      local left = row.lasting and LASTING or row.beats
      shown[#shown + 1] = status_words(row.name, row.magnitude, left)
    end
  end
  for _, l in ipairs(library_statuses) do
    local left = e:status(l.name)
    if left > 0 then
      local text = l.amount and l.adjective .. " " .. tostring(l.amount(e)) or l.adjective
      shown[#shown + 1] = string.format("%s (%d)", text, left)
    end
  end
  return shown
end

local function beats(n)
  return n == 1 and "1 beat" or string.format("%d beats", n)
end

-- A status put on or changed, in the log's words: its state, then for how long unless it
-- lasts ("poisoned 2", "stunned for 1 beat").
local function status_told(c)
  local words = state_of(c.status, c.magnitude or 1)
  if c.amount < LASTING then words = words .. " for " .. beats(c.amount) end
  return words
end

-- The runtime's kinds of change the log tells; the others go without words.
local TOLD = { attacked = true, died = true, status_on = true, status_changed = true,
  status_off = true, pushed = true, dug = true, healed = true }

-- The cells a change names as its place: `to` (and `from`, for a push) of the runtime's kinds
-- that have one; those a library's or content's kind was given (w:record), where it was given
-- any (it is { 0, 0 } when not).
local function cells_of(c)
  if c.kind == "pushed" then return c.from, c.to end
  if c.kind == "died" or c.kind == "dug" then return c.to end
  if TOLD[c.kind] then return end
  local function given(cell)
    if cell and (cell.x ~= 0 or cell.y ~= 0) then return cell end
  end
  return given(c.from), given(c.to)
end

-- The beat's history in words, from the side of the player (`you`, its id before the beat).
-- Returns what killed the player, in words ("the skeleton", "yourself"), when it died.
function narration.describe(s, history, you)
  local gone = {} -- id -> type, for entities reaped this beat (their handles are gone)
  local fell = {} -- id -> the cell it died on, { x =, y = }
  -- Deaths that need no words: walls dug away (the dig is told), items used up or destroyed
  -- (what used them says so, if anything), projectiles at the end of their flight.
  local untold = {}
  for _, c in ipairs(history) do
    if c.kind == "died" then
      gone[c.entity.id], fell[c.entity.id] = c.type, c.to
      local t = define.by_name.entity[c.type]
      local layer = t and t.def.layer
      if layer == "item" or layer == "projectile" then untold[c.entity.id] = true end
    end
    if c.kind == "dug" then untold[c.entity.id] = true end
  end
  local function name(e)
    if not e then return "something" end
    if e.id == you then return "you" end
    local t = gone[e.id] or (not e:is_dead() and e.type)
    return t and "the " .. short(t) or "something"
  end
  -- Where change c happened: the cells of its entities at the end of the beat (where one
  -- died, for one reaped), and the cells it names (cells_of); nil when it names neither an
  -- entity nor a cell.
  local function place_of(c)
    local at, about = {}, {}
    local function add(cell)
      if cell then at[#at + 1], at[#at + 2] = cell.x, cell.y end
    end
    for _, e in ipairs({ c.entity or false, c.other or false }) do
      if e then
        about[#about + 1] = e.id
        if fell[e.id] then
          add(fell[e.id])
        elseif not e:is_dead() and e.x then
          add({ x = e.x, y = e.y })
        end
      end
    end
    local from, to = cells_of(c)
    add(from)
    add(to)
    if #at == 0 and #about == 0 then return nil end
    return { at = at, about = about }
  end
  local c -- the change being told
  local function sentence(text)
    note(s, (text:gsub("^%l", string.upper)), place_of(c))
  end
  local kinds = define.by_name.change
  local killer
  for _, change in ipairs(history) do
    c = change
    local own = kinds[c.kind] -- a kind content defined: its describe has the words, if any
    if own then
      local text = own.def.describe and own.def.describe(c, name)
      if text ~= nil and type(text) ~= "string" then
        error(string.format("%s: describe of cairn.change '%s' returns a sentence or nil, " ..
          "not a %s", own.where, c.kind, type(text)), 0)
      end
      if text and text ~= "" then sentence(text) end
      goto next
    end
    local tell = tellers[c.kind]
    if tell then -- a library's kind
      local text = tell(c)
      if text then sentence(text) end
      goto next
    end
    if not TOLD[c.kind] then goto next end -- moves, turns, steps and stats go without words
    local who, by = name(c.entity), name(c.other)
    local is = who == "you" and "are" or "is"
    if c.kind == "attacked" then
      local hit = by == "you" and "hit" or "hits"
      if c.amount > 0 then
        sentence(string.format("%s %s %s for %d.", by, hit, who, c.amount))
      else
        sentence(string.format("%s %s %s, to no effect.", by, hit, who))
      end
    elseif c.kind == "died" and not untold[c.entity.id] then
      if who == "you" then
        killer = by == "you" and "yourself" or by
        if by == "something" then
          sentence("you die.")
        elseif by == "you" then
          sentence("you kill yourself.")
        else
          sentence(string.format("%s kills you.", by))
        end
      elseif by == "you" then
        sentence(string.format("you kill %s.", who))
      else
        sentence(string.format("%s dies.", who))
      end
    elseif c.kind == "status_on" or c.kind == "status_changed" then
      sentence(string.format("%s %s %s%s.", who, is, c.kind == "status_changed" and "now " or "",
        status_told(c)))
    elseif c.kind == "status_off" then
      sentence(string.format("%s %s no longer %s.", who, is, state(c.status)))
    elseif c.kind == "pushed" then
      sentence(string.format("%s %s pushed back.", who, is))
    elseif c.kind == "dug" and by == "you" then
      sentence(string.format("you dig through %s.", who))
    elseif c.kind == "healed" then
      sentence(string.format("%s %s %d hp back.", who, who == "you" and "get" or "gets",
        c.amount))
    end
    ::next::
  end
  return killer
end

return narration
