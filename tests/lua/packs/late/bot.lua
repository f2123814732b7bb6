-- Uses a decorator that the pack defines later, and that fails to define.
cairn.entity { name = "bot", glyph = "b", decorators = { "Charging", "Moving" } }
