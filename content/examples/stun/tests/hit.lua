-- The brute's be_hit handler stuns it for 1 beat. The hit lands in the players phase,
-- before the brute's turn, so the stun costs it the rest of that beat and the next.

test("a hit stuns the brute: it loses this turn and the next", function()
  local w = scenario { map = [[
    #####
    #@B.#
    #####
  ]] }
  local player, brute = w:at(1, 1), w:at(2, 1)
  player:input("attack", "e")
  w:step()
  expect.eq(brute.hp, 4)
  expect.eq(player.hp, 10, "stunned the moment it was hit")
  w:step()
  expect.eq(player.hp, 10, "still stunned")
  w:step()
  expect.eq(player.hp, 7, "it hits back for 3")
end)

test("hit it every beat and it never hits back", function()
  local w = scenario { map = [[
    #####
    #@B.#
    #####
  ]] }
  local player = w:at(1, 1)
  for _ = 1, 5 do
    player:input("attack", "e")
    w:step()
  end
  expect.eq(player.hp, 10)
  expect.map(w, [[
    #####
    #@..#
    #####
  ]], "five hits of 1 killed it")
end)
