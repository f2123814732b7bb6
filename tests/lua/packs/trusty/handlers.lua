local calls = require("trusty:calls")

cairn.entity { name = "mote", glyph = "*" }

-- Every beat: three million instructions or so (more than the tests' budget of two million
-- a call), a mote where the world's generator says, and the calls other packs added.
cairn.handler {
  chain = "beat_start",
  fn = function()
    local w = cairn.world()
    local sum = 0
    for i = 1, 1500000 do sum = sum + i end
    w:spawn("mote", math.random(0, 3), math.random(0, 3))
    calls.run()
  end,
}
