---@meta
-- cairn.lua: lua-language-server definitions of what a cairn content pack sees: the `cairn`
-- module, its definition tables, the world, entity and event handles, and the sandbox's own
-- `require`. Nothing here runs; docs/lua-api.md is the reference these annotations follow.
-- See docs/luals/README.md for how to point an editor at this folder.

-- ---------------------------------------------------------------------------------------
-- Names

---A direction: the eight compass points, clockwise from north, and "none". y grows south.
---@alias CairnDir "n"|"ne"|"e"|"se"|"s"|"sw"|"w"|"nw"|"none"

---A handler's rank: handlers run highest first; within a rank, in the order added.
---@alias CairnRank "highest"|"high"|"medium"|"low"|"lowest"

---A grid layer: a cell holds at most one entity per layer.
---@alias CairnLayer "floor"|"trap"|"item"|"wall"|"real"|"projectile"|"misc"

---An entity type's colour in `cairn play`: eight colours and their bright kinds.
---@alias CairnColor "black"|"red"|"green"|"yellow"|"blue"|"magenta"|"cyan"|"white"|"bright_black"|"bright_red"|"bright_green"|"bright_yellow"|"bright_blue"|"bright_magenta"|"bright_cyan"|"bright_white"

---The chains the runtime passes itself.
---@alias CairnBuiltinChain
---| "beat_start"     # world; beat event
---| "beat_end"       # world; beat event
---| "entity_spawned" # world; entity event
---| "entity_died"    # world; entity event
---| "act_check"      # actor; enclosing event; check
---| "act_success"    # actor; enclosing event
---| "act_failure"    # actor; enclosing event
---| "attack_check"   # attacker; attack result event; check
---| "attack_get"     # attacker; attack result event; check; change the attack, add targets
---| "attack_do"      # attacker; attack result event
---| "attack_success" # attacker; attack result event
---| "attack_failure" # attacker; attack result event
---| "defence"        # target; hit event; check; a veto blocks the hit
---| "be_hit"         # target; hit event
---| "move_check"     # mover; move result event; check
---| "move_get"       # mover; move result event; check; change `to`
---| "move_do"        # mover; move result event
---| "move_success"   # mover; move result event
---| "move_failure"   # mover; move result event
---| "displace_check" # Displaceable entity; displace event; check
---| "displaced"      # Displaceable entity; displace event
---| "push_check"     # Pushable target; push event; check
---| "be_pushed"      # Pushable target; push event
---| "dig_check"      # digger; dig result event; check
---| "dig_get"        # digger; dig result event; check; change power, damage, target
---| "dig_do"         # digger; dig result event
---| "dig_success"    # digger; dig result event
---| "dig_failure"    # digger; dig result event
---| "be_dug_check"   # Diggable wall; dig result event; check
---| "be_dug"         # Diggable wall; dig result event
---| "damaged"        # entity hurt; damage event
---| "die_check"      # dying Killable; damage event; check; a veto keeps it alive
---| "tick"           # Ticking entity; entity event

---A chain's name: a built-in one, status_give or status_receive (a status given; status event;
---check; a world has them when content hooks one), or one a Lua decorator declared (`chains`).
---@alias CairnChainName CairnBuiltinChain|string

---@alias CairnBuiltinDecorator
---| "Acting"        # acts once per beat through its algorithm; stats algo, priority
---| "Attacking"     # action component: attacks the next cell
---| "Attackable"    # can be attacked; stats team, armor, pierce_resistance, resistance
---| "Moving"        # action component: moves; stat move_distance
---| "Displaceable"  # its changes of cell pass displace_check, displaced
---| "Pushable"      # can be pushed; stat push_resistance
---| "Digging"       # action component: digs the next cell's wall; stat dig_power
---| "Diggable"      # can be dug; stat dig_resistance
---| "WithHP"        # has hp, max_hp
---| "Killable"      # dies at 0 hp (requires WithHP)
---| "Ticking"       # passes `tick` once per beat
---| "Statused"      # carries statuses
---| "Sequential"    # follows a sequence (requires Acting); stats sequence, step
---| "PlayerControl" # takes its action from e:input (requires Acting)

---A decorator's name: a built-in one, or a Lua decorator's ("Shouting", "crypt:Shouting").
---@alias CairnDecoratorName CairnBuiltinDecorator|string

---@alias CairnBuiltinAction
---| "none"            # does nothing; always succeeds
---| "move"            # Moving
---| "attack"          # Attacking
---| "dig"             # Digging
---| "attack_move"     # attack, else move
---| "attack_dig_move" # attack, else dig, else move
---| "perform" # a player's choice, performed (cairn.choice)

---@alias CairnActionName CairnBuiltinAction|string

---@alias CairnBuiltinMovs
---| "none"     # no direction
---| "basic"    # orthogonal, towards the closest player, the way it faces, across, then behind
---| "adjacent" # the diagonal that closes in, then basic's
---| "diagonal" # diagonals towards the closest player
---| "straight" # the way the entity faces

---@alias CairnMovsName CairnBuiltinMovs|string

---@alias CairnBuiltinAlgo
---| "simple"  # once, in the action's own direction (Acting's default)
---| "general" # the action's direction, else the movs's in turn; blockers go first

---@alias CairnAlgoName CairnBuiltinAlgo|string

---An entity type's name: "ghoul" (this pack's) or "crypt:ghoul"; "test:player" in tests.
---@alias CairnTypeName string
---@alias CairnStatusName string
---@alias CairnSequenceName string
---An attack source: "basic" or one defined with cairn.source (never pack-prefixed).
---@alias CairnSourceName "basic"|string

---@alias CairnStatName
---| "algo"              # Acting: algorithm name (an entity's `algo` field, not stats)
---| "armor"             # Attackable
---| "damage"            # Attacking
---| "dig_power"         # Digging
---| "dig_resistance"    # Diggable
---| "hp"                # WithHP
---| "inflict_beats"     # Attacking: beats of the status its hits land (0: lasting)
---| "inflict_magnitude" # Attacking: magnitude of the status its hits land (1)
---| "inflicts"          # Attacking: the status its hits land, or nil
---| "max_hp"            # WithHP
---| "move_distance"     # Moving
---| "pierce"            # Attacking
---| "pierce_resistance" # Attackable
---| "power"             # Attacking
---| "priority"          # Acting: read once, when the entity is made
---| "push_distance"     # Attacking
---| "push_power"        # Attacking
---| "push_resistance"   # Pushable
---| "resistance"        # Attackable: { [source] = integer }
---| "sequence"          # Sequential: sequence name; setting it restarts at step 1 (not in stats)
---| "source"            # Attacking: attack source name
---| "step"              # Sequential: 1-based current step, up to the sequence's length (not in stats)
---| "targets"           # Attacking: list of teams (0 to 31)
---| "team"              # Attackable: 0 to 31

---@alias CairnPhase "outside"|"start"|"compute"|"players"|"reals"|"projectiles"|"traps"|"floors"|"others"|"tick"|"reap"|"end"

---@alias CairnEventKind "plain"|"beat"|"entity"|"enclosing"|"algo"|"result"|"hit"|"push"|"displace"|"damage"|"status"

---@alias CairnChangeKind "spawned"|"moved"|"attacked"|"pushed"|"damaged"|"healed"|"dug"|"died"|"status_on"|"status_changed"|"status_off"|"step"|"turned"|"stat"|string # a string: a kind defined with cairn.change, by its full name

---A cell, as events and the history give it (a new table each time).
---@class CairnCell
---@field x integer
---@field y integer

-- ---------------------------------------------------------------------------------------
-- Definition tables

---A handler with a rank; a bare function has rank "medium".
---@class CairnHandlerSpec
---@field fn fun(ev: CairnEvent)
---@field rank? CairnRank

---What a chain maps to in a handlers table: a function, `{ fn =, rank = }`, or a list
---of those (added in order).
---@alias CairnHandlerEntry fun(ev: CairnEvent)|CairnHandlerSpec|(fun(ev: CairnEvent)|CairnHandlerSpec)[]
---@alias CairnEnclosingHandlers fun(ev: CairnEnclosingEvent)|CairnHandlerSpec|(fun(ev: CairnEnclosingEvent)|CairnHandlerSpec)[]
---@alias CairnAttackHandlers fun(ev: CairnAttackEvent)|CairnHandlerSpec|(fun(ev: CairnAttackEvent)|CairnHandlerSpec)[]
---@alias CairnHitHandlers fun(ev: CairnHitEvent)|CairnHandlerSpec|(fun(ev: CairnHitEvent)|CairnHandlerSpec)[]
---@alias CairnMoveHandlers fun(ev: CairnMoveEvent)|CairnHandlerSpec|(fun(ev: CairnMoveEvent)|CairnHandlerSpec)[]
---@alias CairnDisplaceHandlers fun(ev: CairnDisplaceEvent)|CairnHandlerSpec|(fun(ev: CairnDisplaceEvent)|CairnHandlerSpec)[]
---@alias CairnPushHandlers fun(ev: CairnPushEvent)|CairnHandlerSpec|(fun(ev: CairnPushEvent)|CairnHandlerSpec)[]
---@alias CairnDigHandlers fun(ev: CairnDigEvent)|CairnHandlerSpec|(fun(ev: CairnDigEvent)|CairnHandlerSpec)[]
---@alias CairnDamageHandlers fun(ev: CairnDamageEvent)|CairnHandlerSpec|(fun(ev: CairnDamageEvent)|CairnHandlerSpec)[]
---@alias CairnEntityHandlers fun(ev: CairnEntityEvent)|CairnHandlerSpec|(fun(ev: CairnEntityEvent)|CairnHandlerSpec)[]

---Handlers by chain name: `{ chain = fn }`, `{ chain = { fn = fn, rank = "high" } }` or a list
---of those per chain. Only chains passed on entities: the world chains (beat_start,
---beat_end, entity_spawned, entity_died) are refused here; use cairn.handler for them.
---@class CairnHandlers
---@field act_check? CairnEnclosingHandlers
---@field act_success? CairnEnclosingHandlers
---@field act_failure? CairnEnclosingHandlers
---@field attack_check? CairnAttackHandlers
---@field attack_get? CairnAttackHandlers
---@field attack_do? CairnAttackHandlers
---@field attack_success? CairnAttackHandlers
---@field attack_failure? CairnAttackHandlers
---@field defence? CairnHitHandlers
---@field be_hit? CairnHitHandlers
---@field move_check? CairnMoveHandlers
---@field move_get? CairnMoveHandlers
---@field move_do? CairnMoveHandlers
---@field move_success? CairnMoveHandlers
---@field move_failure? CairnMoveHandlers
---@field displace_check? CairnDisplaceHandlers
---@field displaced? CairnDisplaceHandlers
---@field push_check? CairnPushHandlers
---@field be_pushed? CairnPushHandlers
---@field dig_check? CairnDigHandlers
---@field dig_get? CairnDigHandlers
---@field dig_do? CairnDigHandlers
---@field dig_success? CairnDigHandlers
---@field dig_failure? CairnDigHandlers
---@field be_dug_check? CairnDigHandlers
---@field be_dug? CairnDigHandlers
---@field damaged? CairnDamageHandlers
---@field die_check? CairnDamageHandlers
---@field tick? CairnEntityHandlers
---@field [string] CairnHandlerEntry

---Starting stats of an entity type. A stat of a decorator the type lacks is an error.
---`hp` without `max_hp` sets both. `algo`, `sequence` and `step` are refused here: give the
---entity's own `algo` and `sequence` fields.
---@class CairnStats
---@field armor? integer
---@field damage? integer
---@field dig_power? integer
---@field dig_resistance? integer
---@field hp? integer
---@field inflict_beats? integer
---@field inflict_magnitude? integer
---@field inflicts? CairnStatusName
---@field max_hp? integer
---@field move_distance? integer
---@field pierce? integer
---@field pierce_resistance? integer
---@field power? integer
---@field priority? integer
---@field push_distance? integer
---@field push_power? integer
---@field push_resistance? integer
---@field resistance? table<CairnSourceName, integer>
---@field source? CairnSourceName
---@field targets? integer[]
---@field team? integer

---Fields every definition but cairn.handler may carry to change an existing one (give its
---full name).
---@class CairnChangeable
---@field override? boolean Replace the existing definition of this name.
---@field extend? boolean Merge into the existing definition of this name: give only what changes; handlers are added after the original's.

---@class CairnEntityDef: CairnChangeable
---@field name string The type's name; "pack:name" in full.
---@field layer? CairnLayer Default "real".
---@field glyph? string Exactly one character, in UTF-8: how cairn play, scenario maps and render show it (a map reads one byte per cell: give a glyph of several bytes through legend).
---@field color? CairnColor The colour cairn play draws it in; none: the terminal's own.
---@field decorators? CairnDecoratorName[] Each brings the decorators it requires.
---@field stats? CairnStats
---@field sequence? CairnSequenceName|CairnStep[] Adds Sequential; the algorithm becomes general unless `algo` is given.
---@field algo? CairnAlgoName Acting's algorithm (needs Acting).
---@field handlers? CairnHandlers Handlers on the type's chains.
---@field data? table Plain data every entity starts with, as e.data.
---@field description? string

---@class CairnDecoratorDef: CairnChangeable
---@field name string
---@field requires? CairnDecoratorName[] Decorators a type with this one gets too.
---@field chains? string[] New chain names (global, not pack-prefixed; must not exist yet).
---@field data? table Plain data each entity of a type with it starts with.
---@field handlers? CairnHandlers Added to every type with this decorator.
---@field activate? fun(e: CairnEntity, dir: CairnDir, ev: CairnResultEvent): boolean Makes it an action component; returns success (set ev.blocker when an entity was in the way).
---@field compute? fun(e: CairnEntity) Runs in each beat's compute stage (types with Acting); may set e.next_action and e.next_dir.
---@field tick? fun(e: CairnEntity) Runs in each beat's tick stage.
---@field description? string

---A handler: on a type's chain (with `entity`), or on a world chain (without it). Takes no
---override or extend.
---@class CairnHandlerDef
---@field chain CairnChainName Without `entity`: beat_start, beat_end, entity_spawned or entity_died; with it: any other.
---@field fn fun(ev: CairnEvent)
---@field rank? CairnRank Default "medium".
---@field entity? CairnTypeName On this type's chain.

---@class CairnMovsDef: CairnChangeable
---@field name string
---@field fn fun(e: CairnEntity, x: integer, y: integer): CairnDir[]? At most 8 directions, best first; not "none". x, y: the cell e stands on.
---@field description? string

---@class CairnAlgoDef: CairnChangeable
---@field name string
---@field fn fun(ev: CairnAlgoEvent)
---@field description? string

---@class CairnActionDef: CairnChangeable
---@field name string
---@field components? CairnDecoratorName[] Tried in order until one succeeds; at most 8.
---@field description? string

---@class CairnStatusDef: CairnChangeable
---@field name string
---@field handlers? CairnHandlers Hooked onto the entity while the status lasts, and again when a snapshot is restored; at most 8 handlers.
---@field apply? fun(e: CairnEntity) When newly applied (not when a snapshot is restored). Hook handlers in `handlers`, not with e:hook here: a world holding e:hook handlers cannot be saved.
---@field tick? fun(e: CairnEntity) Each tick stage, before the count goes down.
---@field wear_off? fun(e: CairnEntity) When it wears off or is removed.
---@field adjective? string How the message log says one is in it ("stunned"); its name when absent.
---@field description? string
---@field stacking? "longer"|"intensity"|"extend"|"refresh"|"higher"|"instances" What applying it again does; "longer" when absent.
---@field max? integer Cap on the magnitude (-max .. max); with "instances", on their number.
---@field at_zero? "wear_off"|"stay" At magnitude 0; "wear_off" when absent.
---@field modifies? table<string, integer> Core number stats changed by magnitude × n while it lasts.
---@field decay? { by: integer|"all"|nil, when: "beat"|"turn_start"|"turn_end"|"hit"|"never"|nil } Magnitude lost at each decay time.
---@field each? "damage"|"heal" At each decay time, before decaying, by the magnitude.
---@field resists? table<string, integer> Statuses that apply this % weaker to the bearer (100: immune).
---@field save? { chance: integer?, stat: string?, against: integer? } The receiver may shake it off.

---@class CairnSequenceDef: CairnChangeable
---@field name string
---@field steps CairnStep[] 1 to 1024 steps.
---@field description? string

---What decide sees. Step numbers are 1-based.
---@class CairnStepOutcome
---@field step integer The current step.
---@field done integer Beats done in it, this one included.
---@field success boolean This beat's outcome.
---@field next integer The step the rules chose.

---@class CairnStep
---@field action? CairnActionName Default "none".
---@field movs? CairnMovsName Default "basic".
---@field repeats? integer Beats the step lasts (1 or more).
---@field on_success? integer 1-based step to go to when the step is over (default: the next).
---@field on_failure? integer 1-based step to go to at once after a failed beat.
---@field decide? fun(e: CairnEntity, outcome: CairnStepOutcome): integer? A 1-based step of the sequence, or nil for the rules' choice.
---@field enter? fun(e: CairnEntity, step: integer)
---@field exit? fun(e: CairnEntity, step: integer)

---What a game's outcome says after a beat: nil goes on; "descend" goes down a floor (or wins,
---from the last one).
---@alias CairnGameOutcome "descend"|"won"|"lost"

---A kind of change content records with w:record, and how the message log tells it.
---@class CairnChangeDef: CairnChangeable
---@field name string
---@field describe? fun(change: CairnChange, name: fun(e: CairnEntity?): string): string? The log's sentence, or nil for none. name(e) is "you", "the skeleton" or "something".
---@field amounts? string[] Names of the amounts: a change of amount n has the nth as its amount_name.
---@field description? string

---A game: its world's size, its floors, how each floor is made and when it is over. Not
---compiled: the session started by `cairn sim` (or the front end) calls its functions.
---@class CairnGameDef: CairnChangeable
---@field name string `cairn sim --game NAME`; a short name as docs/modding.md, Names, says.
---@field width integer 1 to 4096, the same for every floor.
---@field height integer 1 to 4096.
---@field floors? integer 1 to 4096; default 1.
---@field generate fun(w: CairnWorld, floor: integer, floors: integer, players: CairnEntity[]) Fills the empty world with floor `floor` (1-based): spawns the player on floor 1, places the lifted `players` on the others.
---@field outcome? fun(w: CairnWorld, floor: integer, floors: integer): CairnGameOutcome? The game's verdict after each beat.
---@field report? fun(w: CairnWorld): table<string, any> Extra lines for the session's summary, `{ key = value }`.
---@field items? fun(w: CairnWorld, player: CairnEntity): string[] What the player holds, for the header of `cairn play`.
---@field panel? fun(w: CairnWorld, player: CairnEntity): (string|{ text: string, dim?: boolean })[] Lines for the side panel of `cairn play`, under the actions (the base game: the hand of cards); `dim` draws a line as a choice that cannot be made now.
---@field sight? integer How far the player sees in `cairn play` (w:fov's radius); default 8.
---@field avoid? fun(w: CairnWorld, x: integer, y: integer): boolean Cells travel and auto-explore in `cairn play` keep off on their way; travel may still end on one.
---@field turns? CairnTurnsDef The turn model; default { model = "beats" }.
---@field description? string

---A game's turn model (docs/cards.md, Turn models).
---@class CairnTurnsDef
---@field model "beats"|"initiative"|"sides"
---@field side? fun(w: CairnWorld, e: CairnEntity): integer The sides model: e's side, lower first; default 1 for the players, 2 for the rest.
---@field actions? integer|fun(w: CairnWorld, e: CairnEntity): integer Action points a round; default 2.
---@field order? fun(w: CairnWorld, list: CairnEntity[]): CairnEntity[] The round's characters in the order they act; default higher e.data.initiative, then spawn order.
---@field reset? fun(w: CairnWorld) Called as each round begins.
---@field cost? fun(w: CairnWorld, e: CairnEntity): integer What a beat of e's costs; default 1.

---What a bot remembers: a table of its own for the whole game. The session sets floor and
---beat before each call; the rest is the bot's. It is kept with the game (checkpoints,
---saves): plain values only, as in e.data (entity ids, not handles).
---@class CairnBotMemory
---@field floor integer The floor, from 1.
---@field beat integer Beats played.
---@field [any] any

---The game being played, as a bot's decide gets it (its fourth argument); the test library's
---game() handle has the same method.
---@class CairnGameLook
local CairnGameLook = {}

---The next beat as it would go with the player given this action (nil or "none": no input),
---played on the world and put back: returns the beat's history; the world, its generator
---and the game are left as they were. The game's rules do not run on it.
---@param action? CairnActionName|CairnChoiceInput An action, or a choice with its answers.
---@param dir? CairnDir
---@return CairnChange[]
function CairnGameLook:preview(action, dir) end

---A bot: a policy that chooses the player's action before each beat (`cairn sim --bot NAME`).
---@class CairnBotDef: CairnChangeable
---@field name string
---@field decide fun(mem: CairnBotMemory, w: CairnWorld, player: CairnEntity, game: CairnGameLook): (CairnActionName|CairnChoiceInput)?, CairnDir? The player's action and its direction, or { choice =, answers = }; nil: the player waits.
---@field answer? fun(mem: CairnBotMemory, w: CairnWorld, prompt: CairnPrompt): any Answers prompts asked inside a beat (card triggers' order, enemies' abilities); kept in the log for undo and replays.
---@field description? string

-- ---------------------------------------------------------------------------------------
-- Choices

---A prompt's kind: one among options, a whole number, yes or no, a target.
---@alias CairnPromptKind "pick"|"number"|"confirm"|"select"

---What a select prompt chooses among.
---@alias CairnAmong "direction"|"cell"|"entity"

---An option of a pick prompt: a string, an entity, or a value with its label.
---@alias CairnOption string|CairnEntity|{ value: any, label?: string }

---A select prompt's candidate, as its filter gets it: a direction's name, a cell or an entity.
---@alias CairnCandidate CairnDir|CairnCell|CairnEntity

---The answers given so far, by prompt name: a direction's name (select among directions), a
---cell { x =, y = } (among cells), an entity (among entities), an option's value (pick), an
---integer (number), a boolean (confirm).
---@alias CairnAnswers table<string, any>

---A prompt: a question asked while committing a choice (in `prompts`, `target`, or returned
---by a `next`).
---@class CairnPromptDef
---@field name string The key of its answer in answers: letters, digits and "_".
---@field kind CairnPromptKind
---@field text? string|fun(actor: CairnEntity, answers: CairnAnswers): string The question (default: the name).
---@field options? CairnOption[]|fun(actor: CairnEntity, answers: CairnAnswers): CairnOption[] pick, required.
---@field min? integer number: the least answer (default 0).
---@field max? integer|string|fun(actor: CairnEntity, answers: CairnAnswers): integer number, required: a number, a function, or a resource of the actor (a stat such as "hp", else a key of its e.data).
---@field among? CairnAmong select, required.
---@field range? integer|fun(actor: CairnEntity, answers: CairnAnswers): integer select: how far a target may be, in cells any way (default 1).
---@field area? integer select: the radius around the chosen cell the choice affects, for a front end to show (default 0).
---@field filter? fun(actor: CairnEntity, candidate: CairnCandidate, answers: CairnAnswers): boolean select: which candidates it takes.
---@field priority? number|boolean The queue is sorted by it, higher first, in order of arrival among equals; true is 1, default 0.
---@field next? fun(actor: CairnEntity, answers: CairnAnswers): CairnPromptDef[]? Prompts queued once this one is answered.
---@field not_distinct? boolean An ability's pick: keep options of the same text (else they are one option, the first).
---@field cancel? fun(actor: CairnEntity, answers: CairnAnswers) Cancelling this prompt commits this in the place of perform (it costs the beat); without it, cancelling drops the choice.

---A choice's target: a select prompt asked first, named "target" unless given.
---@class CairnTargetDef: CairnPromptDef
---@field name? string Default "target".
---@field kind? "select"
---@field among CairnAmong

---Something an actor can choose to do now. Exactly one of action and perform.
---@class CairnChoiceDef: CairnChangeable
---@field name string
---@field key? string One printable ASCII character (not one the play screen keeps: hjklyubn, U, digits, ?, Q, q, <, >, _, o), or "direction": the movement keys choose it, their direction answering its target. Unique within its pack.
---@field label? string|fun(actor: CairnEntity): string What a list of choices shows (default: the name).
---@field description? string
---@field available? fun(actor: CairnEntity): boolean, string? true: open; false and a reason: listed as closed, with it; false alone: not listed. Absent: always open.
---@field target? CairnTargetDef Asked first (after optional).
---@field prompts? CairnPromptDef[]|fun(actor: CairnEntity, answers: CairnAnswers): CairnPromptDef[] Asked after the target, by priority.
---@field optional? string A confirm prompt named "optional", with this text, asked before all: "no" drops the choice.
---@field action? CairnActionName The core action the actor does, in answers.target's direction (a select among directions), else "none".
---@field perform? fun(actor: CairnEntity, answers: CairnAnswers, ev: CairnResultEvent): boolean? The actor's act in the beat, after act_check; false fails the act.

---A prompt as a decider gets it, worked out on the world as it is now.
---@class CairnPrompt
---@field choice string The choice's full name.
---@field label string The choice's label.
---@field name string
---@field kind CairnPromptKind
---@field text string
---@field cancel_costs boolean Whether it has a cancel effect.
---@field options? { value: any, label: string }[] pick.
---@field min? integer number.
---@field max? integer number.
---@field among? CairnAmong select.
---@field range? integer select.
---@field area? integer select.
---@field x? integer select: the actor's cell.
---@field y? integer select: the actor's cell.
---@field candidates? CairnCandidate[] select: nearest first, then by row and column.
---@field cells? integer[][] select: each candidate's cell, { x, y }.

---Answers a prompt: the answer, or nil (or "!") to cancel it.
---@alias CairnDecider fun(prompt: CairnPrompt): any

---A choice's answers as e:choose takes them: a table by prompt name ("!" cancels that
---prompt; a pick also takes its option's number), or a decider.
---@alias CairnChoiceAnswers table<string, any>|CairnDecider

---A choice in e:choices()'s list.
---@class CairnChoiceEntry
---@field name string Its full name.
---@field label string
---@field key string One character, "direction", or "" for none.
---@field available boolean
---@field reason? string Why not, when closed.

---A choice with its answers, as a bot's decide may return it (and previews and schedules take).
---@class CairnChoiceInput
---@field choice string The choice's name, full or short.
---@field answers? CairnChoiceAnswers

-- ---------------------------------------------------------------------------------------
-- Handles

---The world. Handles of the same world are ==. A handle stops working once another world
---is made.
---@class CairnWorld
---@field beat integer Beats run so far.
---@field width integer
---@field height integer
---@field phase CairnPhase
---@field data table The world's own plain data, what a game keeps beside its entities: a view (userdata) like e.data. Empty in a new world; part of the checksum.
local CairnWorld = {}

---Makes an entity at a cell. Raises for an unknown type, a cell outside the grid or taken.
---@param type CairnTypeName
---@param x integer
---@param y integer
---@return CairnEntity
function CairnWorld:spawn(type, x, y) end

---The entity on a layer of a cell (real by default), or nil.
---@param x integer
---@param y integer
---@param layer? CairnLayer
---@return CairnEntity?
function CairnWorld:at(x, y, layer) end

---Every entity on the grid (of a type), by row, column and layer; written into `into` (what
---it held past the list cleared) when given.
---@param type? CairnTypeName
---@param into? CairnEntity[]
---@return CairnEntity[]
function CairnWorld:entities(type, into) end

---The PlayerControl entities on the real layer, by row and column.
---@return CairnEntity[]
function CairnWorld:players() end

---Empties the grid for a new floor: the living players are lifted off it (alive, with what
---they hold) and returned in grid order; every other entity on it is removed at once, without
---dying. Entities already off the grid stay. Between beats only.
---@return CairnEntity[]
function CairnWorld:clear() end

---Sixteen hex digits summing up the world: everything w:snapshot keeps (the beat, the
---generator, every entity's cell, type, facing, stats, statuses, step and own handlers, the beat
---order, this beat's history, every e.data, and w.data). Works at any time.
---@return string
function CairnWorld:checksum() end

---The whole world as a string (bytes of any value), for w:restore: the core's state, every
---e.data and w.data. Between beats only; refused while an entity holds an e:hook handler
---(statuses' handlers are fine).
---@return string
function CairnWorld:snapshot() end

---Puts the world back as w:snapshot saw it: handles of entities it holds work on, those of
---entities made since read as gone; statuses get their handlers back. Between beats only. A
---string that is not a snapshot of a world like this one is refused, with what is wrong.
---@param snapshot string
function CairnWorld:restore(snapshot) end

---Runs fn(w) (to give inputs), then one beat, and returns that beat's history; the world is
---then put back as it was before fn, even when fn or the beat fails or the budget runs out.
---Between beats only.
---@param fn? fun(w: CairnWorld)
---@return CairnChange[]
function CairnWorld:preview(fn) end

---An action played out on a copy of the world, then put back: its timeline (every change,
---each with its step), its net outcome and the undo. action: an action's name, or a choice
---{ choice =, answers = } (one beat, no target). target: nil or a direction (one beat), a
---cell { x =, y = } (a walk along w:path's way) or a list of directions (one beat each).
---@param actor CairnEntity
---@param action string|CairnChoiceInput
---@param target? string|{x: integer, y: integer}|string[]
---@return {timeline: CairnChange[], outcome: table[], undo: table[], steps: integer, stopped: string?}
function CairnWorld:schedule(actor, action, target) end

---Puts a schedule's outcome (or undo) into the world between beats, all or nothing, without
---a beat or a word in the history.
---@param outcome table[]
function CairnWorld:apply(outcome) end

---What can be seen from a cell, by symmetric shadowcasting: walls block sight and are seen;
---nothing else blocks. radius 0 (the default): no limit. Raises for a cell off the grid.
---@param x integer
---@param y integer
---@param radius? integer 0 to 4096.
---@return CairnView
function CairnWorld:fov(x, y, radius) end

---A shortest way on foot (A*), as directions; {} when the cells are the same, nil when there
---is none. Walls block; other entities do not; the destination may hold anything.
---@param x0 integer
---@param y0 integer
---@param x1 integer
---@param y1 integer
---@param options? CairnPathOptions
---@return CairnDir[]?
function CairnWorld:path(x0, y0, x1, y1, options) end

---The cost of the cheapest way from a cell to every cell (Dijkstra), by cell (index
---y * width + x + 1): 0 for the cell itself, false where there is no way.
---@param x integer
---@param y integer
---@param options? CairnPathOptions
---@return (number|false)[]
function CairnWorld:distances(x, y, options) end

---Joins two cell edges: out of (x1, y1) through side1 is into (x2, y2) through side2, and back.
---Raises for a cell off the grid, a side that is not n, e, s or w, an edge in a portal already.
---@param x1 integer
---@param y1 integer
---@param side1 "n"|"e"|"s"|"w"
---@param x2 integer
---@param y2 integer
---@param side2 "n"|"e"|"s"|"w"
function CairnWorld:portal(x1, y1, side1, x2, y2, side2) end

---Removes the portal on that edge; false when there is none.
---@param x integer
---@param y integer
---@param side "n"|"e"|"s"|"w"
---@return boolean
function CairnWorld:close_portal(x, y, side) end

---The portals, in the order made.
---@return {a: CairnPortalEdge, b: CairnPortalEdge}[]
function CairnWorld:portals() end

---An actor's view: a square of 2 * radius + 1 cells centred on `from`, each showing a level
---cell, laid out through portals (a cell may be shown twice), with its field of view.
---@param from CairnEntity|{x: integer, y: integer}
---@param radius integer 1 to 64.
---@param sight? integer The field of view's radius, as w:fov's; 0 (the default): the whole view.
---@return CairnActorView
function CairnWorld:view(from, radius, sight) end

---Move planning: every state (cell, facing, posture) reachable from `from` within the
---budget, with the cheapest way to each (Dijkstra's search). Raises on a bad option or a
---cell off the grid.
---@param from CairnEntity|{x: integer, y: integer, facing?: CairnDir} Where the plan starts.
---@param options CairnPlanOptions
---@return CairnPlan
function CairnWorld:plan(from, options) end

---The living player the built-in movs head for from a cell, and the cell it stands on; or nil.
---@param x integer
---@param y integer
---@return CairnEntity? player
---@return integer? x
---@return integer? y
function CairnWorld:closest_player(x, y) end

---The turn gate: of the characters only e acts, from this beat when set in beat_start, else
---from the next; nil lets every one act. Not saved: a game's turn model sets it each beat.
---@param e CairnEntity?
function CairnWorld:set_active(e) end

---The entity w:set_active set, or nil.
---@return CairnEntity?
function CairnWorld:active() end

---The entity with that e.id, or nil when it is gone.
---@param id integer
---@return CairnEntity?
function CairnWorld:entity(id) end

---Runs n beats (default 1). Raises "beat N stopped in phase 'P': ..." when one fails; refused
---inside a handler or a callback.
---@param n? integer
function CairnWorld:step(n) end

---The current beat's changes so far.
---@return CairnChange[]
function CairnWorld:history() end

---@class CairnRecordFields
---@field entity? CairnEntity
---@field other? CairnEntity
---@field amount? integer
---@field value? integer
---@field from? CairnCell
---@field to? CairnCell

---Adds a change of a kind defined with cairn.change to the beat's history.
---@param kind string The kind's name (a short one as docs/modding.md, Names, says).
---@param fields? CairnRecordFields
function CairnWorld:record(kind, fields) end

---Calls the core has made into Lua so far.
---@return integer
function CairnWorld:lua_calls() end

---Blocks the world's allocator has handed out so far.
---@return integer
function CairnWorld:allocations() end

---What w:fov saw: a copy, which does not change when the world does. `#v` is how many cells
---are seen.
---@class CairnView
---@operator len: integer
local CairnView = {}

---Whether the cell is seen (false off the grid).
---@param x integer
---@param y integer
---@return boolean
function CairnView:sees(x, y) end

---The cells seen, by row then column.
---@return CairnCell[]
function CairnView:cells() end

---@class CairnPortalEdge
---@field x integer
---@field y integer
---@field side "n"|"e"|"s"|"w"

---What w:view laid out: a copy. `#v` is how many view cells are seen.
---@class CairnActorView
---@field radius integer
---@operator len: integer
local CairnActorView = {}

---The level cell shown dx east and dy south of the centre: x, y, or nil.
---@param dx integer
---@param dy integer
---@return integer? x
---@return integer? y
function CairnActorView:at(dx, dy) end

---Whether that view cell is in the view's field of view.
---@param dx integer
---@param dy integer
---@return boolean
function CairnActorView:sees(dx, dy) end

---Every view cell showing a level cell, row by row.
---@return {dx: integer, dy: integer, x: integer, y: integer, seen: boolean}[]
function CairnActorView:cells() end

---@alias CairnPlanCost integer|false A whole cost from 0 to 1000000; false forbids it.

---@class CairnPlanOptions
---@field budget integer The most the plan may cost, 0 to 1000000.
---@field facings? 1|2|4|8 1 (the default): facing plays no part; 2: e, w; 4: n, e, s, w; 8: all.
---@field postures? string[] The postures' names, 1 to 8; default { "standing" }. The first is the start's unless `posture` says.
---@field turn? CairnPlanCost A turn of one facing round the ring; default 1.
---@field step? CairnPlanCost|table<string, CairnPlanCost> A straight step, or by posture; default 1.
---@field diagonal? CairnPlanCost|table<string, CairnPlanCost> A diagonal step, or by posture; default false.
---@field dirs? table<string, CairnDir[]> By posture: the only directions it may step in.
---@field change? table<string, table<string, CairnPlanCost>> change[from][to]: changing posture in place; default none.
---@field allowed? fun(x: integer, y: integer, posture: string): boolean|table<string, boolean|string[]> Where a posture may be: a function, or by posture name true (no wall), false, or a list of entity types (pack:name); default: every posture where there is no wall.
---@field stop? fun(x: integer, y: integer, posture: string): boolean|table<string, boolean|string[]>|string[] Where being in a posture ends the plan (a trap, a fall): as allowed, or one list of entity types for every posture.
---@field facing? CairnDir The start's facing; default from's.
---@field posture? string The start's posture; default the first.
---@field view? integer Plan in the view of this radius round from (1 to 64), through its portals.

---A state of a plan, or a move of a way (with `via`).
---@class CairnPlanState
---@field x integer
---@field y integer
---@field facing CairnDir "none" with one facing.
---@field posture string
---@field cost integer
---@field via? CairnDir|"turn"|"posture" In a way: how this state was reached from the one before (a step: the direction to move in the level, past turning portals too).
---@field dx? integer In a view: its place in the view.
---@field dy? integer

---What w:plan found: a copy, which does not change when the world does.
---@class CairnPlan
local CairnPlan = {}

---The cheapest cost to be on the cell (in that facing and posture, when given), or nil.
---@param x integer
---@param y integer
---@param facing? CairnDir
---@param posture? string
---@return integer?
function CairnPlan:cost(x, y, facing, posture) end

---The moves of the cheapest way there, after the start ({} for the start), or nil.
---@param x integer
---@param y integer
---@param facing? CairnDir
---@param posture? string
---@return CairnPlanState[]?
function CairnPlan:path(x, y, facing, posture) end

---Every state reached, by cell (row by row), then facing, then posture.
---@return CairnPlanState[]
function CairnPlan:states() end

---Every cell reached, with the cheapest cost to it, row by row.
---@return {x: integer, y: integer, cost: integer}[]
function CairnPlan:cells() end

---@class CairnPathOptions
---@field diagonal? boolean Diagonal steps too (otherwise n, e, s, w only).
---@field dig? boolean Through Diggable walls, each costing 5 steps.
---@field costs? (number|false)[] The cost of entering each cell (index y * width + x + 1); false, nil or 0: it cannot be entered. The walls and dig then play no part.

---One change of the beat's history.
---@class CairnChange
---@field kind CairnChangeKind
---@field phase CairnPhase
---@field entity CairnEntity It may be gone.
---@field other CairnEntity? The cause, when there is one; for died, the killer.
---@field from CairnCell
---@field to CairnCell
---@field amount integer Damage dealt, hp lost or gained, cells pushed, dig power, status beats, the old step (1-based), a stat's value before, or what w:record was given.
---@field value integer Hp left (damaged, healed), the new step (1-based), a stat's value after, or what w:record was given.
---@field stat string? The stat's name, for stat.
---@field facing CairnDir? The direction faced now, for turned.
---@field was CairnDir? The direction faced before, for turned.
---@field status CairnStatusName? For status_on, status_changed and status_off.
---@field magnitude integer? The magnitude (status_on) or the magnitude now (status_changed).
---@field type string? The entity's type, for spawned and died (readable once it is gone).
---@field source CairnSourceName? The attack's source, for attacked.
---@field sequence string? The sequence's name, for step.
---@field amount_name string? The name its kind gave its amount (cairn.change's amounts), for content's kinds.

---An entity. Fields work while the entity exists (alive, or dead until the end of its beat:
---off the grid then, x and y where it died); methods that act need it alive. Stats read nil
---when the type lacks their decorator. A handle from a replaced world reads as gone
---(is_dead() true, id kept); any other use raises.
---@class CairnEntity
---@field id integer Names the entity for as long as its world lasts; see CairnWorld:entity.
---@field type string Full type name.
---@field x integer? nil off the grid; for the dead, where they died.
---@field y integer? nil off the grid; for the dead, where they died.
---@field layer CairnLayer
---@field spawn_order integer Where it came in the order entities were created, from 0.
---@field facing CairnDir Writable.
---@field data table A view (userdata) of its plain data: index it, pairs, ipairs, #, table.*; not next or raw*. Cannot be replaced.
---@field last CairnEnclosingEvent? This beat's enclosing event, once it acted.
---@field next_action CairnActionName? The action for this beat (nil without Acting); writable, as a compute callback decides it.
---@field next_dir CairnDir? Its direction (nil without Acting); writable.
---@field algo string?
---@field armor integer?
---@field damage integer?
---@field dig_power integer?
---@field dig_resistance integer?
---@field hp integer?
---@field inflict_beats integer?
---@field inflict_magnitude integer?
---@field inflicts CairnStatusName? Writable: nil or false for none.
---@field max_hp integer?
---@field move_distance integer?
---@field pierce integer?
---@field pierce_resistance integer?
---@field power integer?
---@field priority integer?
---@field push_distance integer?
---@field push_power integer?
---@field push_resistance integer?
---@field resistance table<CairnSourceName, integer>?
---@field sequence string?
---@field source string?
---@field step integer?
---@field targets integer[]?
---@field team integer?
local CairnEntity = {}

---Moves now, outside its turn. Returns whether it succeeded.
---@param dir? CairnDir
---@return boolean
function CairnEntity:move(dir) end

---Attacks now, outside its turn. Returns whether it succeeded.
---@param dir? CairnDir
---@return boolean
function CairnEntity:attack(dir) end

---Attacks now, with no direction, the living entities of `targets`: once its attack_get
---handlers have run, its damage (and pierce, power, source, status, where given) are these.
---Returns whether it hit.
---@param targets CairnEntity[]
---@param damage integer
---@param pierce? integer
---@param power? integer
---@param source? string
---@param status? { inflicts: CairnStatusName?, inflict_magnitude: integer?, inflict_beats: integer? }
---@return boolean
function CairnEntity:attack_on(targets, damage, pierce, power, source, status) end

---Its foes: the living reals, other than it, of the teams its attacks are for, by row then
---column; in `into`, filled again, when given.
---@param into? CairnEntity[]
---@return CairnEntity[]
function CairnEntity:foes(into) end

---Whether `other` is one of its foes.
---@param other CairnEntity
---@return boolean
function CairnEntity:is_foe(other) end

---Digs now, outside its turn. Returns whether it succeeded.
---@param dir? CairnDir
---@return boolean
function CairnEntity:dig(dir) end

---Does an action now (its components in order). Returns whether it succeeded.
---@param action CairnActionName
---@param dir? CairnDir
---@return boolean
function CairnEntity:act(action, dir) end

---Whether its type has the decorator.
---@param decorator CairnDecoratorName
---@return boolean
function CairnEntity:has(decorator) end

---Whether it is dead (or gone).
---@return boolean
function CairnEntity:is_dead() end

---Kills it now (no die_check).
function CairnEntity:kill() end

---Takes hp (0 to 1000000) as an attack would; returns whether this killed it. The cause is
---the events' actor, and the killer when it kills.
---@param amount integer
---@param cause? CairnEntity
---@return boolean killed
function CairnEntity:hurt(amount, cause) end

---Gives hp (0 to 1000000) back, never past max_hp; returns the hp gained (a healed change).
---@param amount integer
---@param cause? CairnEntity
---@return integer healed
function CairnEntity:heal(amount, cause) end

---Moves it to a cell of its layer (displace_check may veto); returns whether it moved.
---@param x integer
---@param y integer
---@param cause? CairnEntity
---@return boolean moved
function CairnEntity:displace(x, y, cause) end

---Takes it off the grid, alive: x and y become nil; it keeps its data, stats and statuses.
---Does nothing when it is off the grid already.
function CairnEntity:lift() end

---Puts an entity that is off the grid into a free cell of its layer. Raises for a cell taken
---or off the grid, or when it is on the grid already.
---@param x integer
---@param y integer
function CairnEntity:place(x, y) end

---Applies a status for some beats (1 or more), or with { magnitude =, beats = (absent: lasting),
---source = }. Needs Statused. Returns the magnitude that landed.
---@param status CairnStatusName
---@param beats integer|{ magnitude: integer?, beats: integer?, source: CairnEntity? }
---@return integer
function CairnEntity:apply(status, beats) end

---Beats the status has left, 0 when it does not have it.
---@param status CairnStatusName
---@return integer
function CairnEntity:status(status) end

---The status's magnitude (instances: their sum), 0 when it does not have it.
---@param status CairnStatusName
---@return integer
function CairnEntity:magnitude(status) end

---The statuses whose decay.when is that moment do their `each` and decay.
---@param moment "turn_start"|"turn_end"|"hit"
function CairnEntity:decay(moment) end

---The statuses in order of application, one row per instance.
---@return { name: string, magnitude: integer, beats: integer, lasting: boolean, source: CairnEntity? }[]
function CairnEntity:statuses() end

---Wears a status off now. Raises when it does not have it.
---@param status CairnStatusName
function CairnEntity:remove(status) end

---Hooks a handler onto this entity's own chain (not a world chain); returns the handler's id.
---@param chain CairnChainName
---@param fn fun(ev: CairnEvent)
---@param rank? CairnRank
---@return integer id
function CairnEntity:hook(chain, fn, rank) end

---Removes a handler added with hook.
---@param chain CairnChainName
---@param id integer
function CairnEntity:unhook(chain, id) end

---Gives a PlayerControl entity its action for the next beat.
---@param action CairnActionName
---@param dir? CairnDir
function CairnEntity:input(action, dir) end

---What it can choose to do now, in definition order; closed ones carry their reason, those
---closed without one are left out.
---@return CairnChoiceEntry[]
function CairnEntity:choices() end

---Commits a choice as a PlayerControl entity's input for the next beat, its prompts answered
---from `answers`. Returns true when committed, false when the answers dropped it. Raises
---when it is closed, a prompt is left unanswered or an answer is not taken.
---@param name string A cairn.choice's name, full or short.
---@param answers? CairnChoiceAnswers
---@return boolean committed
function CairnEntity:choose(name, answers) end

---Passes a plain event (actor: this entity) through its chain as a check; returns
---whether no handler vetoed.
---@param chain CairnChainName
---@return boolean
function CairnEntity:pass(chain) end

---Passes a plain event through its chain, every handler; returns ev.propagate.
---@param chain CairnChainName
---@return boolean
function CairnEntity:pass_all(chain) end

---An event. Works during the call that received it only (or, read outside any handler,
---until the next beat).
---@class CairnEvent
---@field kind CairnEventKind
---@field actor CairnEntity? Who acts; in world chains nil, except the killer (if any) in entity_died.
---@field action string The action's name (enclosing, algo), else "none".
---@field dir CairnDir
---@field propagate boolean Writable: false vetoes a check chain.
---@field success boolean Writable.
local CairnEvent = {}

---beat_start, beat_end.
---@class CairnBeatEvent: CairnEvent
---@field beat integer

---entity_spawned, entity_died, tick. In entity_died, actor is the killer: the cause of the
---fatal damage or the digger; nil for e:kill().
---@class CairnEntityEvent: CairnEvent
---@field entity CairnEntity

---An actor's whole action: act_check, act_success, act_failure, e.last.
---@class CairnEnclosingEvent: CairnEvent
---@field check_success boolean
---@field algo CairnAlgoEvent? nil when act_check vetoed.

---What an algorithm works on.
---@class CairnAlgoEvent: CairnEvent
---@field movs string
---@field direction CairnDir The direction it settled on.
---@field result CairnResultEvent? The successful component's event.
local CairnAlgoEvent = {}

---The movs's directions for the actor.
---@return CairnDir[]
function CairnAlgoEvent:dirs() end

---Tries the action in a direction; on success settles the event and turns the actor.
---@param dir CairnDir
---@return boolean
function CairnAlgoEvent:attempt(dir) end

---What an action component made.
---@class CairnResultEvent: CairnEvent
---@field component string The decorator's name.
---@field blocker CairnEntity? Writable: the entity in the way; the algorithm lets it act first.

---A move (component "Moving").
---@class CairnMoveEvent: CairnResultEvent
---@field from CairnCell
---@field to CairnCell Writable in move_check and move_get; from move_do on, the cell reached.

---An attack (component "Attacking"). The attack's fields are writable; attack_get reads them.
---@class CairnAttackEvent: CairnResultEvent
---@field damage integer
---@field pierce integer
---@field power integer
---@field source CairnSourceName
---@field inflicts CairnStatusName? The status its hits land (nil: none).
---@field inflict_magnitude integer
---@field inflict_beats integer 0: lasting.
---@field push_distance integer
---@field push_power integer
---@field targets CairnEntity[]
---@field hits (CairnHitEvent|nil)[] From attack_do on; every entry is nil before.
local CairnAttackEvent = {}

---Adds a target (in attack_check and attack_get only).
---@param target CairnEntity
function CairnAttackEvent:add_target(target) end

---A dig (component "Digging").
---@class CairnDigEvent: CairnResultEvent
---@field cell CairnCell
---@field target CairnEntity? Writable in dig_check and dig_get.
---@field power integer Writable in dig_check and dig_get.
---@field damage integer Writable in dig_check and dig_get: hp taken from a wall with WithHP (1).
---@field dug boolean Whether the dig killed the wall.

---One target's side of an attack: defence, be_hit.
---@class CairnHitEvent: CairnEvent
---@field target CairnEntity
---@field damage integer Writable in defence.
---@field pierce integer Writable in defence.
---@field power integer Writable in defence.
---@field source CairnSourceName Writable in defence.
---@field inflicts CairnStatusName? Writable in defence: nil stops the status.
---@field inflict_magnitude integer Writable in defence.
---@field inflict_beats integer Writable in defence.
---@field dealt integer Damage the model dealt.
---@field inflicted integer The magnitude of the status that landed (0: none).
---@field blocked boolean
---@field killed boolean
---@field push CairnPushEvent?

---push_check, be_pushed.
---@class CairnPushEvent: CairnEvent
---@field target CairnEntity
---@field distance integer Writable in push_check.
---@field power integer Writable in push_check.
---@field direction CairnDir
---@field from CairnCell
---@field to CairnCell
---@field moved integer Cells travelled.

---displace_check, displaced. actor is the cause.
---@class CairnDisplaceEvent: CairnEvent
---@field target CairnEntity
---@field from CairnCell
---@field to CairnCell

---damaged, die_check. actor is the cause, or nil.
---@class CairnDamageEvent: CairnEvent
---@field target CairnEntity
---@field amount integer
---@field hp integer Left after the damage.

---status_give, status_receive: `actor` is the source (may be nil).
---@class CairnStatusEvent: CairnEvent
---@field target CairnEntity The receiver.
---@field status CairnStatusName Its full name.
---@field magnitude integer Writable.
---@field beats integer Writable; 1,000,000: lasting.

-- ---------------------------------------------------------------------------------------
-- The cairn module

---Direction helpers. Each pack has its own table. Errors name the caller's line.
---@class CairnDirLib
---@field all CairnDir[] The eight directions, clockwise from "n".
local CairnDirLib = {}

---One step's offset.
---@param d CairnDir
---@return integer dx
---@return integer dy
function CairnDirLib.delta(d) end

---Turned by eighths of a turn, clockwise for positive steps; "none" stays "none". steps must
---be an integer (2.0 is refused).
---@param d CairnDir
---@param steps integer
---@return CairnDir
function CairnDirLib.rotate(d, steps) end

---The opposite direction; "none" stays "none".
---@param d CairnDir
---@return CairnDir
function CairnDirLib.opposite(d) end

---The direction of an offset by its signs: toward(3, -7) is "ne".
---@param dx number
---@param dy number
---@return CairnDir
function CairnDirLib.toward(dx, dy) end

---The pack's module: definitions, the world, directions.
---@class cairn
---@field pack string This pack's id ("scenario" in a loose test file).
---@field version string The runtime's version, "0.1.0".
---@field dir CairnDirLib
cairn = {}

---Defines an entity type.
---@param def CairnEntityDef
function cairn.entity(def) end

---Defines a decorator.
---@param def CairnDecoratorDef
function cairn.decorator(def) end

---Adds a handler to a chain: of a type, with `entity`; else one of the four world chains.
---@param def CairnHandlerDef
function cairn.handler(def) end

---Defines a movs.
---@param def CairnMovsDef
function cairn.movs(def) end

---Defines an algorithm.
---@param def CairnAlgoDef
function cairn.algo(def) end

---Defines an action.
---@param def CairnActionDef
function cairn.action(def) end

---Defines a status.
---@param def CairnStatusDef
function cairn.status(def) end

---Defines a sequence.
---@param def CairnSequenceDef
function cairn.sequence(def) end

---Defines an attack source (shared by every pack, not prefixed; at most 8 with "basic").
---@param name string
function cairn.source(name) end

---Defines a kind of change, recorded with w:record and told in the message log.
---@param def CairnChangeDef
function cairn.change(def) end

---Defines a game: its floors and its rules.
---@param def CairnGameDef
function cairn.game(def) end

---Defines a bot that plays the player.
---@param def CairnBotDef
function cairn.bot(def) end

---Defines a choice: something an actor can choose to do now.
---@param def CairnChoiceDef
function cairn.choice(def) end

---The current world: a new handle each call, == to the others. Raises while packs load
---(there is no world yet).
---@return CairnWorld
function cairn.world() end

-- ---------------------------------------------------------------------------------------
-- The sandbox's own require (disable LuaLS's "package" builtin to see this one).

---Loads a module of this pack ("enemies.skeleton": enemies/skeleton.lua) or of a
---dependency ("base:util.grid"), once (a file in `load` too); returns its first result (true
---for none).
---@param name string
---@return any
function require(name) end
