-- The kick as the player meets it: listed with its key, chosen with e:choose, done in the
-- next beat; closed with a reason when the hero is out of stamina.

-- A status for the test: it vetoes act_check, as a stun does.
cairn.status { name = "dazed",
  handlers = { act_check = { rank = "highest", fn = function(ev) ev.propagate = false end } } }

local function listed(hero)
  local out = {}
  for _, c in ipairs(hero:choices()) do
    out[#out + 1] = c.key .. " " .. c.label .. (c.available and "" or " (" .. c.reason .. ")")
  end
  return table.concat(out, "; ")
end

test("a kick hurts and pushes what stands next to the hero", function()
  local w = scenario { map = "Ho.." }
  local hero, barrel = w:at(0, 0), w:at(1, 0)
  expect.eq(listed(hero), "K kick; B catch your breath")
  hero:choose("kick", { target = "e" })
  expect.map(w, "Ho..", "nothing happens before the beat")
  w:step()
  expect.map(w, "H.o.")
  expect.eq(barrel.hp, 2)
  expect.eq(hero.data.stamina, 1)
  local pushed = false
  for _, c in ipairs(w:history()) do
    pushed = pushed or (c.kind == "moved" and c.entity == barrel and c.phase == "players")
  end
  expect.truthy(pushed, "the push is in the beat's history, in the players phase")
end)

test("only a direction with something in it can be kicked", function()
  local w = scenario { map = "Ho.." }
  local hero = w:at(0, 0)
  expect.error(function() hero:choose("kick", { target = "s" }) end,
    "'Kick what?' takes one of the directions e")
  w:at(1, 0):kill()
  expect.error(function() hero:choose("kick", { target = "e" }) end,
    "kick: nothing to choose for 'Kick what?'")
end)

test("out of stamina, the kick is closed and says why", function()
  local w = scenario { map = "Ho.." }
  local hero = w:at(0, 0)
  hero.data.stamina = 0
  expect.eq(listed(hero), "K kick (too tired to kick); B catch your breath")
  expect.error(function() hero:choose("kick", { target = "e" }) end,
    "kick is not possible now: too tired to kick")
  hero:choose("breathe")
  w:step()
  expect.eq(hero.data.stamina, 1)
  hero:choose("kick", { target = "e" })
  w:step()
  expect.map(w, "H.o.")
end)

test("a dazed hero kicks nothing: act_check comes first", function()
  local w = scenario { map = "Ho.." }
  local hero = w:at(0, 0)
  hero:apply("dazed", 1)
  hero:choose("kick", { target = "e" })
  w:step()
  expect.map(w, "Ho..")
  expect.eq(hero.data.stamina, 2, "the kick never ran")
end)

test("the test kit's player has no stamina: the kick is not listed for it", function()
  local w = scenario { map = "@o" }
  expect.eq(#w:at(0, 0):choices(), 0)
end)
