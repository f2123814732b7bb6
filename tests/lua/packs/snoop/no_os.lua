-- No os at load: nothing to run, no clock.
local started = os.time()
cairn.entity { name = "clock", glyph = "c", data = { started = started } }
