-- The statuses with a magnitude (statuses.lua) and what in the base game gives them: the
-- poisoned dagger and the zombie poison, the armadillo stuns, the potion of regeneration
-- heals, the fireball burns, the cards fury and cripple strengthen and weaken; the screen
-- shows each with its magnitude and beats left, and the explorer makes use of them.

local cards = require "cards"
local consumables = require "consumables"
local explorer = require "bots.explorer"
local inventory = require "inventory"

-- A test-only target that stands still and carries statuses: 6 hp.
cairn.entity {
  name = "test_post",
  glyph = "d",
  decorators = { "Attackable", "WithHP", "Killable", "Statused" },
  stats = { hp = 6, max_hp = 6, team = 2 },
}

local POST = { d = "test_post" }

local function arm(w, p, kind)
  inventory.give(p, w:spawn(kind, p.x, p.y))
end

local function carry(w, p, kind)
  local item = w:spawn(kind, p.x, p.y)
  expect.truthy(inventory.bag_add(p, item))
  return item
end

-- hp, then the status's magnitude, after each of `beats` beats of `e`.
local function course(w, e, name, beats)
  local seen = {}
  for _ = 1, beats do
    w:step()
    seen[#seen + 1] = string.format("%d/%d", e.hp, e:magnitude(name))
  end
  return table.concat(seen, " ")
end

test("poison hurts by its magnitude each beat, then weakens by 1, until it is gone", function()
  local w = scenario { legend = POST, map = "#d#" }
  local post = w:at(1, 0)
  expect.eq(post:apply("poison", { magnitude = 3 }), 3, "all of it landed")
  expect.eq(post:status("poison") > 0, true, "it has it")
  expect.eq(course(w, post, "poison", 2), "3/2 1/1", "3, then 2")
  w:step()
  expect.eq(post:is_dead(), true, "then 1: its sixth hp")
end)

test("doses of poison add up", function()
  local w = scenario { legend = POST, map = "#d#" }
  local post = w:at(1, 0)
  post:apply("poison", { magnitude = 1 })
  post:apply("poison", { magnitude = 2 })
  expect.eq(post:magnitude("poison"), 3)
end)

test("a poisoned dagger's hit poisons its target: 2, then 1 in the beats after", function()
  local w = scenario { legend = POST, map = [[
    #####
    #@d.#
    #####
  ]] }
  local p, post = w:at(1, 1), w:at(2, 1)
  arm(w, p, "poisoned_dagger")
  p:input("attack", "e")
  expect.eq(course(w, post, "poison", 3), "5/2 3/1 2/0", "the blow's 1, then 2 and 1")
  expect.eq(post:status("poison"), 0, "worn off")
end)

test("a plain dagger's hit poisons nobody", function()
  local w = scenario { legend = POST, map = "#@d#" }
  local p, post = w:at(1, 0), w:at(2, 0)
  arm(w, p, "dagger")
  p:input("attack", "e")
  w:step()
  expect.eq(post:status("poison"), 0)
end)

test("a zombie walking into the player bites it, and the bite poisons", function()
  local w = scenario { map = [[
    #####
    #z@.#
    #####
  ]] }
  local p = w:at(2, 1)
  w:step()
  expect.eq(p.hp, 5, "bitten for 1")
  expect.eq(p:magnitude("poison"), 1, "and poisoned 1")
end)

test("burning hurts each beat while it burns; a new flame starts it afresh", function()
  local w = scenario { legend = POST, map = "#d#" }
  local post = w:at(1, 0)
  post:apply("burning", { magnitude = 1, beats = 2 })
  w:step()
  post:apply("burning", { magnitude = 1, beats = 2 })
  expect.eq(post:magnitude("burning"), 1, "refreshed, not added to")
  w:step(3)
  expect.eq(post.hp, 3, "three beats of 1")
  expect.eq(post:status("burning"), 0)
end)


test("strength adds to a weapon's blow, weakness takes from it", function()
  local w = scenario { legend = POST, map = "#@d#" }
  local p, post = w:at(1, 0), w:at(2, 0)
  arm(w, p, "dagger")
  p:apply("strength", { magnitude = 2, beats = 3 })
  p:input("attack", "e")
  w:step()
  expect.eq(post.hp, 3, "1 + 2")
  p:remove("strength")
  p:apply("weakness", { magnitude = 1, beats = 3 })
  p:input("attack", "e")
  w:step()
  expect.eq(post.hp, 3, "1 - 1: the blow does nothing")
end)

test("a skeleton weakened by 1 does nothing with its blows", function()
  local w = scenario { map = "#@s#" }
  local p, s = w:at(1, 0), w:at(2, 0)
  s:apply("weakness", { magnitude = 1, beats = 3 })
  w:step()
  expect.eq(p.hp, p.max_hp)
end)

test("a vulnerable target takes its magnitude more from each hit", function()
  local w = scenario { legend = POST, map = "#@d#" }
  local p, post = w:at(1, 0), w:at(2, 0)
  arm(w, p, "dagger")
  post:apply("vulnerable", { magnitude = 2, beats = 3 })
  p:input("attack", "e")
  w:step()
  expect.eq(post.hp, 3, "1 + 2")
end)

test("an armadillo that rolls into the player stuns it: its next beat is lost", function()
  local w = scenario { map = [[
    ########
    #@....a#
    ########
  ]] }
  local p = w:players()[1]
  for _ = 1, 6 do
    if p.hp < p.max_hp then break end
    w:step()
  end
  expect.eq(p.hp, 4, "hit for 2")
  expect.truthy(p:status("stun") > 0, "and stunned")
  local x = p.x
  p:input("move", "s")
  p:input("move", "e")
  w:step()
  expect.eq(p.x, x, "stunned: it did not step")
  expect.eq(p:status("stun"), 0, "for one beat")
end)

test("a potion of regeneration gives back 1 hp a beat for five beats", function()
  local w = scenario { map = "#@#" }
  local p = w:at(1, 0)
  p:hurt(5)
  expect.truthy(consumables.drink(p, carry(w, p, "regeneration_potion")))
  expect.eq(p:magnitude("regeneration"), 1)
  w:step(7)
  expect.eq(p.hp, 6, "1 + 5")
  expect.eq(p:status("regeneration"), 0, "and it is over")
end)

-- The cards -----------------------------------------------------------------------------------

local function hold(p, name)
  for _, c in ipairs(cairn.cards.pile(p, "hand")) do cairn.cards.move(p, c.id, "draw") end
  cairn.cards.add(p, name, "hand")
end

test("fury gives the player strength 1 for five beats", function()
  local w = scenario { map = "#@.#" }
  local p = w:players()[1]
  cards.setup(p)
  w:step()
  hold(p, "fury")
  expect.eq(p:choose("play_card", { card = 1 }), true)
  w:step()
  expect.eq(p:magnitude("strength"), 1)
  expect.eq(p.damage, 2, "its bare hands hit for 2")
end)

test("cripple weakens a foe and makes it vulnerable", function()
  local w = scenario { map = "#@.s#" }
  local p, s = w:at(1, 0), w:at(3, 0)
  cards.setup(p)
  s:apply("stun", 5)
  w:step()
  hold(p, "cripple")
  expect.eq(p:choose("play_card", { card = 1, target = s }), true)
  w:step()
  expect.eq(s:magnitude("weakness"), 1)
  expect.eq(s:magnitude("vulnerable"), 1)
  expect.eq(s.damage, 0, "its blows do nothing")
end)

test("a fireball sets what it hits burning 1 for 2 beats", function()
  local w = scenario { legend = POST, map = "#@..d.#" }
  local p, post = w:at(1, 0), w:at(4, 0)
  cards.setup(p)
  w:step()
  hold(p, "fireball")
  expect.eq(p:choose("play_card", { card = 1, target = { x = 4, y = 0 } }), true)
  w:step()
  expect.eq(post.hp, 4, "2 from the blast")
  expect.eq(post:magnitude("burning"), 1, "and burning")
  w:step(3)
  expect.eq(post.hp, 2, "1 a beat for 2 beats")
  expect.eq(post:status("burning"), 0)
end)

-- The screen ----------------------------------------------------------------------------------

-- A one-floor game of a room, the base game's player in it.
cairn.game { name = "test_statuses_room", width = 5, height = 3,
  generate = function(w)
    for y, row in ipairs({ "#####", "#@..#", "#####" }) do
      for x = 1, #row do
        local t = ({ ["@"] = "player", ["#"] = "wall" })[row:sub(x, x)]
        if t then w:spawn(t, x - 1, y - 1) end
      end
    end
  end }

test("the side panel lists the player's statuses with magnitude and beats left", function()
  local g = game("test_statuses_room")
  local p = g.world:players()[1]
  p:apply("strength", { magnitude = 2 })
  p:apply("stun", 2)
  p:apply("weakness", { magnitude = 1, beats = 4 })
  expect.eq(g:panel(), { "You are strong 2", "You are stunned (2)", "You are weakened 1 (4)" })
end)

-- What to do at the start of the next beat, inside it, so that it is in the beat's history.
local at_beat_start
cairn.handler { chain = "beat_start", fn = function()
  if at_beat_start then at_beat_start() end
  at_beat_start = nil
end }

test("the log says a status's magnitude, and when applying it again changes it", function()
  local g = game("test_statuses_room")
  local p = g.world:players()[1]
  local before = #g:messages()
  for _ = 1, 2 do
    at_beat_start = function() p:apply("strength", { magnitude = 1, beats = 3 }) end
    g:input("none")
    g:step()
  end
  local said = {}
  for i = before + 1, #g:messages() do said[#said + 1] = g:messages()[i] end
  expect.eq(said, { "You are strong 1 for 3 beats.", "You are now strong 2 for 3 beats." })
end)

-- The bot ----------------------------------------------------------------------------------

local function decide(w, p)
  return explorer.decide({ floor = 1, beat = w.beat }, w, p)
end

test("the explorer drinks regeneration when poison will bring it low", function()
  local w = scenario { map = "#@...#" }
  local p = w:players()[1]
  local potion = carry(w, p, "regeneration_potion")
  p:hurt(1)
  expect.eq(type(decide(w, p)), "string", "5 hp and no poison: no potion")
  p:apply("poison", { magnitude = 2 })
  local d = decide(w, p)
  expect.eq(d.choice, "use", "poison 2 will take 3: 2 left")
  expect.eq(d.answers.item, potion)
end)

test("the explorer takes a poisoned dagger over a spear", function()
  local w = scenario { map = "#@.#" }
  local p = w:players()[1]
  arm(w, p, "spear")
  w:spawn("poisoned_dagger", p.x, p.y)
  local d = decide(w, p)
  expect.eq(d.choice, "pick_up")
end)
