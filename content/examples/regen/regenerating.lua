-- regenerating.lua: a decorator defined in Lua. A decorator is a capability any entity
-- type can list in its `decorators`: it brings what it needs (requires), the per-entity
-- data it keeps (data: every entity starts with its own copy), and the code that makes it
-- work (a tick function, handlers on the entity's chains).
--
-- Keep the state in e.data, not in Lua variables: e.data is per entity and saved with the
-- world, and it holds plain values only (numbers, strings, booleans, tables of them).

cairn.decorator {
  name = "Regenerating",
  description = "heals 1 hp every regen_every beats while wounded",
  requires = { "WithHP" }, -- a type that lists Regenerating gets WithHP too
  data = {
    regen_every = 3, -- beats between heals; a type may set its own in its `data`
    regen_wait = 0,  -- beats waited so far
  },
  -- tick runs once a beat, in the beat's tick stage, for every living entity of a type
  -- with this decorator. It costs one Lua call per entity per beat.
  tick = function(e)
    local data = e.data
    if e.hp >= e.max_hp then
      data.regen_wait = 0 -- nothing to heal: the count starts with the next wound
      return
    end
    data.regen_wait = data.regen_wait + 1
    if data.regen_wait >= data.regen_every then
      e:heal(1)
      data.regen_wait = 0
    end
  end,
  handlers = {
    -- damaged (WithHP's chain) runs on the entity after it lost hp: a fresh wound
    -- restarts the count.
    damaged = function(ev) ev.target.data.regen_wait = 0 end,
  },
}
