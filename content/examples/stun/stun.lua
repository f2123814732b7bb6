-- stun.lua: a status. A status is timed: e:apply("stun", beats) hooks its `handlers` onto
-- that one entity, the count goes down each beat in the tick stage, and at 0
-- the handlers are unhooked again. Nothing else needs cleaning up, so a status is just the
-- handlers it adds.

cairn.status {
  name = "stun",
  description = "the entity cannot act",
  handlers = {
    -- act_check is a check stage: it runs before the entity does anything this beat, and a
    -- handler that clears propagate vetoes the whole action (no move, no attack). Rank
    -- highest runs it before any other handler of the chain, which it stops.
    act_check = { rank = "highest", fn = function(ev) ev.propagate = false end },
  },
}
