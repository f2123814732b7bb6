-- cards/init.lua: cards as a library of the runtime - what they add to the definitions content
-- makes (the fields of cairn.ability and cairn.card) and to each pack's `cairn` module
-- (cairn.resolve, cairn.cards), registered once, when the runtime first requires "cards".
local abilities = require("cards.abilities")
local api = require("cards.api")
local define = require("lua.define")

define.set_fields("ability", abilities.FIELDS)
define.set_fields("card", abilities.CARD_FIELDS)
define.add_to_module("resolve", api.resolver)
define.add_to_module("cards", api.module)

return api
