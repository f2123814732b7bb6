-- enemies/casters.lua: what the enemies that cast from next to the player share (the brute,
-- the knight). A module (require "enemies.casters"), not a load file.
local casters = {}

-- An enemy of the base pack (skeleton.lua says which does what) that also casts.
casters.DECORATORS = {
  "Casting", "Attacking", "Attackable", "Moving", "Displaceable", "WithHP", "Killable",
  "Statused",
}

function casters.next_to_player(e)
  local p = cairn.world():players()[1]
  return p ~= nil and p.x ~= nil and e.x ~= nil
    and math.max(math.abs(p.x - e.x), math.abs(p.y - e.y)) <= 1
end

-- Step 1 of their sequences: a step closer; next to the player, on to step 2 (the cast, or
-- its wind-up).
function casters.approach()
  return { action = "move", movs = "basic", decide = function(e)
    if casters.next_to_player(e) then return 2 end
    return 1
  end }
end

return casters
