-- cards/init.lua: cards and reactions, a library of the runtime. It loads its modules and
-- registers them through the extension points the runtime's scripts declare
-- (docs/cards.md, "How cards plug into the runtime"); no runtime script names a module of
-- it. Its modules: piles.lua (decks and energy), stack.lua (the stack, values, targets),
-- effects.lua (the built-in effects), abilities.lua (abilities, cards, triggers, turns),
-- lifecycle.lua (declared actions, reactions, points, pulses), api.lua (what a pack sees).
-- The runtime's entry (prelude.lua) requires it once, and it registers then.
local abilities = require("cards.abilities")
local api = require("cards.api")
local effects = require("cards.effects")
local host = require("cairn.host")
local lifecycle = require("cards.lifecycle")
local stack = require("cards.stack")
local cards = {}

-- The definition kinds, in the order they compile (a card names its effects and validators).
local KINDS = {
  { "effect", { fields = { name = "string", params = "table", run = "function",
    instant = "boolean", target = "string", each = "boolean", reach = "function",
    description = "string" },
    required = { "run" } } },
  { "validator", { fields = { name = "string", check = "function", description = "string" },
    required = { "check" } } },
  { "ability", { fields = abilities.FIELDS, required = {},
    renamed = { ticks = "pulses" } } },
  { "card", { fields = abilities.CARD_FIELDS, required = { "effect" },
    renamed = { ticks = "pulses" } } },
}

-- Whether the packs define anything of cards: only then does a world get what cards bring.
local function used(define)
  for _, k in ipairs(KINDS) do
    if #define.record[k[1]] > 0 then return true end
  end
  return false
end

-- Whether a table holds the key `key` anywhere inside it (a payload's effect type, nested in
-- meta effects and options). `seen` guards against a table met twice.
local function holds(t, key, seen)
  if seen[t] then return false end
  seen[t] = true
  if t[key] ~= nil then return true end
  for _, v in pairs(t) do
    if type(v) == "table" and holds(v, key, seen) then return true end
  end
  return false
end

-- What of the optional parts the packs use, so that a world registers only those (a save of
-- a world that had none of them keeps loading): an event room (a type listing EventRoom), a
-- primed act (a payload naming prime).
local function wanted(define)
  local out = {}
  for _, e in ipairs(define.record.entity) do
    for _, d in ipairs(e.def.decorators or {}) do
      if d == "EventRoom" then out.event_room = true end
    end
  end
  local seen = {}
  for _, kind in ipairs({ "ability", "card" }) do
    for _, e in ipairs(define.record[kind]) do
      if holds(e.def, "prime", seen) then out.prime = true end
    end
  end
  return out
end

-- A frame as the session gives it to front ends: the abilities by their labels.
local function shown(f)
  local waiting = {}
  for k = 1, #f.waiting, 2 do
    waiting[#waiting + 1] = abilities.label(f.waiting[k]) .. ": " .. f.waiting[k + 1]
  end
  return { label = abilities.label(f.ability), effect = f.effect, timed = f.timed,
    cells = f.cells, waiting = waiting, changes = f.changes or {} }
end

-- For `cairn sim --log`: a watcher of actions (cairn.cards.on_state's) that notes each card
-- played and ability cast as it is declared, with its targets.
local function log_played(note)
  local name = require("session.beat_log").name
  return function(a, state)
    if state ~= "declared" then return end
    local at = {}
    for i, t in ipairs(a.targets) do at[i] = name(t) end
    if #at == 0 and a.cell then at[1] = a.cell.x .. "," .. a.cell.y end
    note(string.format("%s %s %s%s%s", name(a.source), a.card and "plays" or "casts",
      a.card or a.ability, #at > 0 and " at " .. table.concat(at, ", ") or "",
      a.trigger and " (a reaction)" or ""))
  end
end

-- Registers cards with the runtime's extension points: those of lua.define, lua.compile,
-- session.flow, session.narration, session.beat_log and session.turns.
local function register()
  local define, compile = require("lua.define"), require("lua.compile")
  local session, narration = require("session.flow"), require("session.narration")
  local beat_log, turns = require("session.beat_log"), require("session.turns")
  for _, k in ipairs(KINDS) do
    define.add_kind(k[1], k[2])
    compile.add_kind(k[1], api.compile[k[1]])
  end
  define.add_extra("resolve", api.resolver)
  define.add_extra("cards", api.module)

  compile.on_world(function()
    abilities.reset()
    api.set_stats(host.stats) -- a value is looked up among the actor's stats first
    -- Registered before content's definitions compile, so that its types may list Casting.
    if used(define) then abilities.register(effects, wanted(define)) end
  end)

  -- The beat: what it shows a person (stack.record_frames), and what a beat given up half
  -- way left.
  local frames = nil
  session.add_beat_part({
    before = function(list)
      frames = list
      stack.record_frames(list)
    end,
    after = function()
      stack.record_frames(nil)
      local list = frames
      frames = nil
      for i = 1, list and #list or 0 do list[i] = shown(list[i]) end
    end,
    abort = function()
      stack.clear()
      lifecycle.clear()
    end,
  })
  session.set_questions({
    begin = abilities.begin_beat,
    finish = abilities.end_beat,
    default_text = abilities.default_text,
    auto_pass = lifecycle.set_auto_pass,
  })

  turns.add_round_part(abilities.next_turn)
  narration.add_teller(abilities.SAID, abilities.tell)
  beat_log.add_source({ start = function(note) lifecycle.on_state(log_played(note)) end })
  narration.add_status(effects.BLOCK, "blocking", function(e) return e.data.block or 0 end)
end

register()

return cards
