-- schedule.lua: the beats of w:schedule (runtime/lua/schedule.c), which runs them on a copy
-- of the world and puts it back, and what they came to.
--
-- An action is played for as many beats as its target asks: one beat in a direction (or
-- none); or a walk, one beat per step, to a cell (the way w:path finds, diagonal steps too)
-- or along a list of directions. A choice ({ choice =, answers = }) is committed as a front
-- end commits it and played for one beat; what was committed for the next beat before is put
-- back. Every change of every beat goes into the timeline with its step (the beat's number,
-- from 1: the changes of a step happen in the same beat). A walk stops early at the first
-- consequence: the actor is not where the step should have taken it (something was in the
-- way), it lost hp, or it died. The outcome is the net change, one entry per entity that
-- changed, by id: its cell, facing and hp before and after, or that it died or appeared; the
-- undo is the outcome reversed.
local choices = require("choices")
local util = require("lua.util")
local schedule = {}

local DELTA = util.copy_shallow(util.DELTA) -- and "none", a beat spent where it stands
DELTA.none = { 0, 0 }

-- The beats to play: a list of directions, and whether it is a walk.
local function plan_of(w, actor, target)
  if target == nil or type(target) == "string" then
    local dir = target or "none"
    if not DELTA[dir] then error("w:schedule: '" .. dir .. "' is not a direction", 0) end
    return { dir }, false
  end
  if type(target) ~= "table" then
    error("w:schedule: the target is a direction, a cell { x =, y = } or a list of " ..
      "directions, not a " .. type(target), 0)
  end
  if target.x ~= nil or target.y ~= nil then
    if not w.path then
      error("w:schedule: a walk to a cell needs w:path, which this host has not", 0)
    end
    local way = w:path(actor.x, actor.y, target.x, target.y, { diagonal = true })
    if not way then
      error(string.format("w:schedule: no way from (%d, %d) to (%d, %d)", actor.x, actor.y,
        target.x, target.y), 0)
    end
    return way, true
  end
  for i, dir in ipairs(target) do
    if not DELTA[dir] then
      error(string.format("w:schedule: step %d: '%s' is not a direction", i, tostring(dir)), 0)
    end
  end
  return target, true
end

-- What an entity is now, for the outcome: nil when it is gone, dead or off the grid.
local function state(w, id)
  local e = w:entity(id)
  if not e or e:is_dead() or e.x == nil then return nil end
  return { x = e.x, y = e.y, facing = e.facing, type = e.type,
    hp = e:has("WithHP") and e.hp or nil }
end

-- Gives the actor its input for a beat: an action in a direction, or a choice.
local function give(actor, action, dir)
  if type(action) == "table" then
    if not choices.choose(actor, action.choice, action.answers) then
      error("w:schedule: the choice '" .. tostring(action.choice) .. "' was dropped", 0)
    end
  else
    actor:input(action, dir)
  end
end

-- The beats, on the copy; what they left of the entities they changed.
local function run(w, actor, action, target)
  if type(action) == "table" and target ~= nil then
    error("w:schedule: a choice takes its target among its answers, not as a third argument", 0)
  end
  local plan, walk = plan_of(w, actor, target)
  local me = actor.id
  local x, y = actor.x, actor.y
  local timeline, named, ids = {}, {}, {}
  local steps, stopped = 0, nil
  for i, dir in ipairs(plan) do
    give(actor, action, dir)
    w:step()
    steps = i
    for _, c in ipairs(w:history()) do
      c.step = i
      timeline[#timeline + 1] = c
      local id = c.entity and c.entity.id
      if id and not named[id] then named[id], ids[#ids + 1] = true, id end
      if id == me and c.kind == "damaged" then stopped = "hurt" end
    end
    local a = w:entity(me)
    if not a or a:is_dead() then
      stopped = "died"
      break
    end
    if walk then
      x, y = x + DELTA[dir][1], y + DELTA[dir][2]
      if a.x ~= x or a.y ~= y then stopped = stopped or "blocked" end
    end
    if stopped then break end
  end
  local after = {}
  for _, id in ipairs(ids) do after[id] = state(w, id) or false end
  table.sort(ids)
  return { timeline = timeline, ids = ids, after = after, steps = steps,
    stopped = stopped }
end

-- The copy's beats may commit choices, which are kept outside the world: what was committed
-- before is put back, whatever happened.
function schedule.run(w, actor, action, target)
  local committed = choices.save_committed()
  local ok, r = pcall(run, w, actor, action, target)
  choices.restore_committed(committed)
  if not ok then error(r, 0) end
  return r
end

local function cell(s) return { x = s.x, y = s.y } end

-- The change of one field from a to b, or nil when there is none.
local function change(a, b)
  if a == b then return nil end
  return { from = a, to = b }
end

-- One entity's net change from before to after (states, or nil), or nil when none.
local function delta(id, before, after)
  if before and after then
    local d = { entity = id, type = before.type }
    if before.x ~= after.x or before.y ~= after.y then
      d.cell = { from = cell(before), to = cell(after) }
    end
    d.facing = change(before.facing, after.facing)
    d.hp = change(before.hp, after.hp)
    if d.cell or d.facing or d.hp then return d end
    return nil
  end
  if before then
    return { entity = id, type = before.type, died = true, cell = { from = cell(before) } }
  end
  if after then
    return { entity = id, type = after.type, spawned = true, cell = { to = cell(after) } }
  end
  return nil
end

-- The undo of an outcome's entry: from and to swapped, a death a birth and the other way.
local function reversed(d)
  local r = { entity = d.entity, type = d.type, died = d.spawned, spawned = d.died }
  for _, k in ipairs({ "cell", "facing", "hp" }) do
    if d[k] then r[k] = { from = d[k].to, to = d[k].from } end
  end
  return r
end

-- Back on the world as it was: the outcome and its undo.
function schedule.finish(w, r)
  local outcome, undo = {}, {}
  for _, id in ipairs(r.ids) do
    local d = delta(id, state(w, id), r.after[id] or nil)
    if d then
      outcome[#outcome + 1] = d
      undo[#undo + 1] = reversed(d)
    end
  end
  return { timeline = r.timeline, outcome = outcome, undo = undo, steps = r.steps,
    stopped = r.stopped }
end

return schedule
