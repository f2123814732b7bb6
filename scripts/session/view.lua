-- view.lua: what a front end shows of a game under way - the map as the player sees it, the
-- enemies' intents, a header and the message log - as plain rows of text that the
-- terminal front end (runtime/app/play.c) draws without knowing anything of the game.
--
-- The map: each cell shows the topmost entity on it (real, projectile, trap, item, wall,
-- floor, misc) with its type's glyph and colour. What the player sees now comes from its
-- view (w:view, everything when the host has none), drawn round the player as the view lays
-- it out: past a portal the map shows what lies beyond it, and a cell the view holds twice
-- is drawn twice. What it saw before on this floor is remembered - without the monsters -
-- and shown dimmed where it lies. Intents come from a preview of the
-- next beat with the player waiting: the cells enemies will move into and the cells they
-- will strike, and, in the panel, the hits and statuses the player will take.
local compile = require("lua.compile")
local host = require("cairn.host")
local narration = require("session.narration")
local seats = require("session.seats")
local session = require("session.flow")
local turns = require("session.turns")
local util = require("lua.util")
local view = {}

local SIGHT = 8 -- the default radius of sight; a game may set its own (cairn.game `sight`)
local MAX_VIEW = 64 -- the largest view w:view makes

-- Colour names to one character each: '0'-'7' the eight colours, '8'-'f' their bright kinds.
local COLORS = {}
for i, name in ipairs({ "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white" }) do
  COLORS[name] = string.format("%x", i - 1)
  COLORS["bright_" .. name] = string.format("%x", i + 7)
end

-- The glyph and colour character of a type, for the maps of traces (runtime/lua/trace.c).
function view.type_look(name)
  local info = compile.type_info(name) or {}
  return info.glyph or "?", COLORS[info.color] or "."
end

-- The game under way and its world.
local function game()
  local s = session.current()
  if not s then error("no game has been started", 0) end
  return s, host.world()
end

-- A trap shows over an item lying on it: the item must not hide what springs on whoever
-- steps there to pick it up.
local TOP_FIRST = { "real", "projectile", "trap", "item", "wall", "floor", "misc" }
local KEPT_FIRST = { "trap", "item", "wall", "floor", "misc" } -- what memory keeps: no monsters

-- The glyph and colour character of the topmost entity of a cell among layers, or nil.
local function look(w, x, y, layers)
  for _, layer in ipairs(layers) do
    local e = w:at(x, y, layer)
    if e then
      local info = compile.type_info(e.type) or {}
      return info.glyph or "?", COLORS[info.color] or "."
    end
  end
end

-- What a change of the next beat does to the player by another's hand, as the panel says it
-- ("goblin will hit you: 3", "goblin will leave you poisoned: 2"), or nil.
local function threat(c, you)
  local by = c.other
  if c.entity.id ~= you or not by or by.id == you then return nil end
  local ok, type = pcall(function() return by.type end) -- one the beat made is gone again
  if not ok then return nil end
  if c.kind == "attacked" and c.amount > 0 then
    return string.format("%s will hit you: %d", util.spoken(type), c.amount)
  elseif c.kind == "status_on" or c.kind == "status_changed" then
    return string.format("%s will leave you %s: %d", util.spoken(type),
      narration.state(c.status), c.magnitude or c.amount)
  end
end

-- Whether e is a player's character: what a seat has committed for it is that seat's to
-- know, not an intent to show the others.
local function is_player(e)
  local ok, yes = pcall(function() return e:has("PlayerControl") end)
  return ok and yes
end

-- The preview of the next beat the intents come from. A front end that builds the screens of
-- several audiences at one moment shares one between them (view.share_preview): the preview
-- is of the world and the inputs committed, the same for each; it is most of a screen's cost.
local shared -- nil: each screen previews; else { ok, history } once one has
function view.share_preview(on)
  shared = on and {} or nil
end

local function next_beat()
  if shared and shared.history ~= nil then return shared.ok, shared.history end
  local ok, history = pcall(session.preview, "none")
  if shared then shared.ok, shared.history = ok, history end
  return ok, history
end

-- The cells the next beat's enemies will move into ("m") and strike ("a"), by index, and what
-- it does to the player `you` (threat; none for nil), in order. A strike outranks a move into
-- the same cell. A preview that fails shows no intents: the beat itself will say what failed.
local function intents(w, you)
  local marks, threats = {}, {}
  local ok, history = next_beat()
  if not ok then return marks, threats end
  local function mark(x, y, m)
    local i = y * w.width + x
    if marks[i] ~= "a" then marks[i] = m end
  end
  for _, c in ipairs(history) do
    if c.kind == "moved" and c.entity.id ~= you and not is_player(c.entity) then
      mark(c.to.x, c.to.y, "m")
    elseif c.kind == "attacked" and c.other and c.other.id ~= you and not is_player(c.other) then
      local victim = c.entity
      if not victim:is_dead() and victim.x then mark(victim.x, victim.y, "a") end
    elseif c.kind == "spawned" and (compile.type_info(c.type) or {}).layer == "projectile" then
      mark(c.to.x, c.to.y, "a")
    end
    threats[#threats + 1] = threat(c, you)
  end
  return marks, threats
end

-- The map cells a character's view shows (w:view round p, as far as the game's `sight`),
-- added to `shown` (map index -> the view's cell, which names the level cell seen there) where
-- it has none yet.
local function add_view(s, w, p, shown)
  -- a sight of 0 is w:fov's "no limit": the largest view, all of it
  local sight = math.max(0, math.floor(s.game.def.sight or SIGHT))
  local radius = (sight == 0 or sight > MAX_VIEW) and MAX_VIEW or sight
  for _, c in ipairs(w:view(p, radius, math.min(sight, radius)):cells()) do
    local x, y = p.x + c.dx, p.y + c.dy
    local i = y * w.width + x
    if c.seen and x >= 0 and y >= 0 and x < w.width and y < w.height and not shown[i] then
      shown[i] = c
    end
  end
end

local function sees_all(x, y) return x, y end
local function sees_nothing() end

local function sees_shown(w, shown)
  return function(x, y)
    local c = shown[y * w.width + x]
    if c then return c.x, c.y end
  end
end

-- What player p sees now: a function of map cell (x, y) giving the level cell seen there (x,
-- y themselves but past a portal), or nil.
local function sight_of(s, w, p)
  -- a dead player sees nothing: the floor is shown as remembered
  if not (p and p.x) then return sees_nothing end
  if not w.view then return sees_all end
  local shown = {}
  add_view(s, w, p, shown)
  return sees_shown(w, shown)
end

-- What a spectator sees now, as the game's `spectate` says: what the seats' characters see
-- ("seats", the default: where two see a map cell, the first seat's view of it), the whole
-- floor ("all") or nothing of it ("none").
local function spectator_sight(s, w)
  local spectate = s.game.def.spectate or "seats"
  if spectate == "none" then return sees_nothing end
  if spectate == "all" or not w.view then return sees_all end
  local shown = {}
  for i = 1, seats.count(s) do
    local p = seats.entity(s, i)
    if p and p.x then add_view(s, w, p, shown) end
  end
  return sees_shown(w, shown)
end

-- The cells the player sees now, { x =, y = } by row then column: what w:fov gives, or every
-- cell when the host has no field of view.
function view.visible(s, w, p)
  if w.fov then return w:fov(p.x, p.y, s.game.def.sight or SIGHT):cells() end
  local cells = {}
  for y = 0, w.height - 1 do
    for x = 0, w.width - 1 do cells[#cells + 1] = { x = x, y = y } end
  end
  return cells
end

-- The level's cell that the map's cell (x, y), on the grid, shows: past a portal, the cell the
-- player sees there now; else (x, y) itself.
function view.cell_at(s, w, x, y)
  local lx, ly = sight_of(s, w, (session.viewer()))(x, y)
  if lx then return lx, ly end
  return x, y
end

-- The layer whose entity a remembered look shows, of those that matter to a traveller: look
-- (glyph and colour, as memory keeps them) -> "floor" (what is set in the floor: stairs, a
-- door) or "item". A look two types share is the floor's when one of them is on it.
function view.remembered_kinds()
  local kinds = {}
  for _, info in compile.each_type() do
    local layer = info.layer
    if layer == "floor" or layer == "item" then
      local kept = (info.glyph or "?") .. (COLORS[info.color] or ".")
      if kinds[kept] ~= "floor" then kinds[kept] = layer end
    end
  end
  return kinds
end

-- What memory keeps of a cell seen now.
local function kept_look(w, x, y)
  local kept, kept_color = look(w, x, y, KEPT_FIRST)
  return (kept or ".") .. (kept_color or ".")
end

-- Player p remembers what it sees now, in its seat's memory, as view.build does, without
-- building a view: for a journey's steps, and a game played again (replay.rerun_step), whose
-- beats no front end looked at.
function view.remember(s, w, p)
  local sees, seen = sight_of(s, w, p), seats.memory(s, seats.of(s, p))
  for y = 0, w.height - 1 do
    for x = 0, w.width - 1 do
      local lx, ly = sees(x, y)
      if lx then seen[ly * w.width + lx] = kept_look(w, lx, ly) end
    end
  end
end

-- Under a turn model, the side panel's first lines: whose turn it is in which round, then the
-- round's order, a line a character with its points left, the active one marked with '>'
-- and the spent ones dimmed.
local function turn_lines(p)
  if turns.model() == "beats" then return {} end
  local function name(e) return e == p and "you" or util.spoken(e.type) end
  local active = turns.active()
  local whose = not active and "no one's" or active == p and "your" or name(active) .. "'s"
  local lines = { string.format("Round %d: %s turn", turns.round(), whose) }
  for _, o in ipairs(turns.order()) do
    lines[#lines + 1] = { text = string.format("%s %s (%d)", o.active and ">" or " ",
      name(o.entity), o.points), dim = o.points == 0 }
  end
  return lines
end

-- The side panel's lines of the player's statuses, one a line, each with its magnitude and
-- the beats it has left ("poisoned 3 (2)"; one that lasts, without a count).
local function status_lines(p)
  local lines = {}
  for _, words in ipairs(narration.statuses(p)) do lines[#lines + 1] = "You are " .. words end
  return lines
end

-- The header (the screen's first line): in a game of several seats the seat shown first,
-- then the character's hp, statuses (right after its hp, so that a long line cuts the items
-- first), the floor, the beat, the seed (when `seed` is shown) and its items; a spectator's
-- begins "Watching" and has no character's parts.
local function header_of(s, w, p, seat, seed)
  local count = seats.count(s)
  local where = string.format("Floor %d/%d  Beat %d%s", s.floor, s.floors, s.beats,
    seed and ("  Seed " .. tostring(s.seed)) or "")
  if seat == 0 then return "Watching  " .. where end
  local items = p and s.game.def.items and s.game.def.items(w, p) or {}
  local max_hp = p and p.max_hp or (s.death and s.death.max_hp) or 0
  local statuses = p and narration.statuses(p) or {}
  return string.format("%sHP %d/%d%s  %s%s",
    count > 1 and string.format("Seat %d/%d  ", seat or 1, count) or "",
    p and p.hp or 0, max_hp,
    #statuses > 0 and ("  " .. table.concat(statuses, ", ")) or "", where,
    #items > 0 and ("  " .. table.concat(items, ", ")) or "")
end

-- The side panel's lines and a byte a line, 'd' for a dimmed one: whose turn it is under a
-- turn model, then the character's statuses, the game's lines (its hand) and what the next
-- beat does to it (threats); a spectator has the turns' only.
local function panel_of(s, w, p, threats)
  local panel, dim = {}, {}
  local lines = s.ended and {} or turn_lines(p)
  for _, line in ipairs(p and not s.ended and status_lines(p) or {}) do
    lines[#lines + 1] = line
  end
  for _, line in ipairs(p and not s.ended and s.game.def.panel and s.game.def.panel(w, p) or {}) do
    lines[#lines + 1] = line
  end
  for _, line in ipairs(threats) do lines[#lines + 1] = line end
  for i, line in ipairs(lines) do
    if type(line) == "table" then
      panel[i], dim[i] = tostring(line.text or ""), line.dim and "d" or " "
    else
      panel[i], dim[i] = tostring(line), " "
    end
  end
  return panel, table.concat(dim)
end

-- The view of seat `seat` (0: a spectator's), whose character is p (nil when it is gone, and
-- for a spectator) and which sees as `sees` does (sight_of), as a table: width, height,
-- glyphs/colors/marks (one string per row), header, messages (oldest first), fresh (how
-- many of the last messages are this beat's), ended, panel (panel_of) and panel_dim, seat
-- and seats. Marks: ' ' never seen, 'v' seen now, 'r' remembered, 'm' an enemy moves here
-- next beat, 'a' an enemy strikes here next beat. Returns too the level cells seen now, by
-- index. `seed`: whether the header shows the seed.
local function build(s, w, p, seat, sees, seed)
  local width, height = w.width, w.height
  local seen = seats.memory(s, seat)
  local marks, threats = {}, {}
  local looks = seat == 0 and sees ~= sees_nothing or (p and p.x)
  if looks and not s.ended then marks, threats = intents(w, p and p.id) end
  local glyphs, colors, states, visible = {}, {}, {}, {}
  for y = 0, height - 1 do
    local g, c, m = {}, {}, {}
    for x = 0, width - 1 do
      local i = y * width + x
      local glyph, color, state = " ", ".", " "
      local lx, ly = sees(x, y)
      if lx then
        local at = ly * width + lx
        seen[at], visible[at] = kept_look(w, lx, ly), true
        glyph, color = look(w, lx, ly, TOP_FIRST)
        glyph, color = glyph or ".", color or "."
        state = marks[at] or "v"
      elseif seen[i] then
        glyph, color = seen[i]:sub(1, -2), seen[i]:sub(-1)
        state = "r"
      end
      g[#g + 1], c[#c + 1], m[#m + 1] = glyph, color, state
    end
    glyphs[y + 1], colors[y + 1], states[y + 1] = table.concat(g), table.concat(c),
      table.concat(m)
  end
  local panel, dim = panel_of(s, w, p, threats)
  local messages, fresh = {}, 0
  for i, m in ipairs(s.messages) do
    messages[i] = m.text
    if m.beat == s.beats and s.beats > 0 then fresh = fresh + 1 end
  end
  return { width = width, height = height, glyphs = glyphs, colors = colors, marks = states,
    header = header_of(s, w, p, seat, seed), messages = messages, fresh = fresh,
    ended = s.ended or false, panel = panel, panel_dim = dim, seat = seat or 0,
    seats = seats.count(s) }, visible
end

-- The view of the seat the game waits for (session.viewer), as build makes it.
function view.build()
  local s, w = game()
  local p, seat = session.viewer()
  return (build(s, w, p, seat, sight_of(s, w, p), true))
end

-- What the player knows of a cell, in a line, for targeting: what stands there now when it
-- is in sight (topmost first, with hp), else what it remembers.
local function name_of(e)
  return util.spoken(e.type)
end

-- Under the sides model, on the player's turn: what walking to the cell would cost, which the
-- cursor shows as it plans a walk.
local function walk_cost(p, x, y)
  if turns.model() ~= "sides" or not p or turns.active() ~= p then return "" end
  local cost = turns.walk_cost(p, x, y)
  if not cost or cost == 0 then return "" end
  return string.format(" - a walk of %d point%s, %d left", cost, cost == 1 and "" or "s",
    turns.points(p))
end

function view.describe(x, y)
  local s, w = game()
  local p, seat = session.viewer()
  if not (x >= 0 and y >= 0 and x < w.width and y < w.height) then return "off the map" end
  local lx, ly = sight_of(s, w, p)(x, y)
  if not lx then
    local seen = seats.memory(s, seat)[y * w.width + x]
    return seen and "a place you remember, out of sight" or "a place you have not seen"
  end
  x, y = lx, ly
  local parts = {}
  for _, layer in ipairs(TOP_FIRST) do
    local e = w:at(x, y, layer)
    if e and not e:is_dead() then
      local ok, hp = pcall(function() return e.hp end)
      local ok_max, max = pcall(function() return e.max_hp end)
      parts[#parts + 1] = (e == p and "you" or name_of(e)) ..
        ((ok and ok_max and hp and max and layer == "real") and
          string.format(" (%d of %d hp)", hp, max) or "")
    end
  end
  return (#parts > 0 and table.concat(parts, ", ") or "nothing") .. walk_cost(p, x, y)
end

-- The whole screen after a key in one call (cairn_session_screen): the last beat's frames,
-- the waiting prompt (or whether a choice is committed), the view, and the summary once the
-- game has ended, else the player's choices; each as its own call gives it.
function view.screen()
  local prompt, committed = session.front_end_prompt()
  local out = { frames = session.frames(), prompt = prompt, committed = committed,
    view = view.build() }
  if out.view.ended then
    out.summary = session.summary("playing")
  else
    out.choices = session.choices()
  end
  return out
end

-- The frames of the last beat that touched a cell seen now (`visible`: level cells by index;
-- nil, every frame), each with only the cells seen.
local function frames_seen(w, visible)
  local frames = session.frames()
  if not visible then return frames end
  local kept = {}
  for _, f in ipairs(frames) do
    local cells = {}
    for k = 1, #f.cells, 2 do
      local x, y = f.cells[k], f.cells[k + 1]
      if visible[y * w.width + x] then cells[#cells + 1], cells[#cells + 2] = x, y end
    end
    if #cells > 0 then
      f.cells = cells
      kept[#kept + 1] = f
    end
  end
  return kept
end

-- Seat i's prompt: its question inside a beat, or the choice it is committing; a question
-- about another seat is that seat's alone (the beat waits for it: seat i's input is held).
local function own_prompt(s, i)
  if s.question and (s.question.seat or 1) ~= i then
    return nil, s.pending[i] ~= nil or s.held ~= nil
  end
  return session.front_end_prompt(i)
end

-- The screen of seat i (cairn_session_seat_screen): what its character may know - its view,
-- its own memory of the floor, its panel (hand and deck), its prompt, its choices, the frames
-- it sees - and nothing of the other seats'; the header has no seed (with it and the inputs
-- the game could be played through, every hand read). Seat 0 is a spectator: the map as the
-- game's `spectate` allows, no panel but the turns', no prompt, no choices.
function view.seat_screen(i)
  local s, w = game()
  local count = seats.count(s)
  if math.type(i) ~= "integer" or i < 0 or i > count then
    error(string.format("there is no seat %s: the game has %d", tostring(i), count), 0)
  end
  local p = i > 0 and seats.entity(s, i) or nil
  local sees = i > 0 and sight_of(s, w, p) or spectator_sight(s, w)
  local v, visible = build(s, w, p, i, sees, false)
  local all = i == 0 and sees == sees_all
  local out = { frames = frames_seen(w, not all and visible or nil), view = v }
  if i > 0 then out.prompt, out.committed = own_prompt(s, i) end
  if v.ended then
    out.summary = session.summary("playing")
  elseif i > 0 then
    out.choices = session.choices(i)
  end
  return out
end

return view
