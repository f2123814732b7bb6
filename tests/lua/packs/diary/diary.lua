-- At the end of each beat every monster writes in its e.data: how many beats it has seen, where
-- it was the last three beats and a mood that is not a whole number; the world counts beats
-- in w.data. A save must keep all of it, and a resumed game must go on writing the same.
cairn.handler {
  chain = "beat_end",
  fn = function()
    local w = cairn.world()
    w.data.diary_beats = (w.data.diary_beats or 0) + 1
    for _, e in ipairs(w:entities()) do
      if e.layer == "real" and not e:has("PlayerControl") and e:has("WithHP") then
        local d = e.data.diary or { beats = 0, trail = {} }
        d.beats = d.beats + 1
        table.insert(d.trail, 1, { x = e.x, y = e.y })
        if #d.trail > 3 then table.remove(d.trail) end
        d.mood = (d.mood or 0.5) * 1.25 + e.hp / 3
        d.named = d.named or ("monster " .. e.id)
        e.data.diary = d
      end
    end
  end,
}
