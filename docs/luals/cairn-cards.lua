---@meta
-- Cards: cairn.effect, cairn.validator, cairn.ability, cairn.card, cairn.resolve,
-- cairn.cards and cairn.turns (docs/cards.md is the reference these follow).

---A target override: which entities an effect works on instead of the chosen ones.
---@alias CairnTargetOverride "chosen"|"self"|"all_enemies"|"area"|"random_enemy"|"adjacent"|"line"|"trigger_source"|"player"|"none"

---One effect of a payload: a one-key table, { type = parameters }, e.g. { damage = {} },
---{ block = { block = 7 } }, { ["repeat"] = { times = 3, payload = {...} } }. The built-in
---effects, with their own parameters beside those every effect takes (docs/cards.md, "Built-in
---effects"); a pack's own effects by their names.
---@class CairnEffectEntry
---@field damage? CairnEffectParams|{ damage?: number, pierce?: number, power?: number, source?: string, status?: string, magnitude?: number, beats?: number } The actor's attack on the targets (default: chosen), carrying `status` when given.
---@field block? CairnEffectParams|{ block?: number, beats?: number } Block held for `beats` (default: self).
---@field move? CairnEffectParams|{ distance?: number, dir?: CairnDir } Steps towards the chosen cell, or `dir` (default: self).
---@field push? CairnEffectParams|{ push?: number } Away from the actor, cell by cell (default: chosen).
---@field teleport? CairnEffectParams To the chosen cell when free (default: self).
---@field apply_status? CairnEffectParams|{ status: string, beats?: number, magnitude?: number } From the actor (default: chosen).
---@field remove_status? CairnEffectParams|{ status: string } (default: chosen)
---@field heal? CairnEffectParams|{ heal?: number } (default: self)
---@field draw? CairnEffectParams|{ draw?: number } Cards from the draw pile to the hand (default: self).
---@field discard? CairnEffectParams|{ discard?: number, which?: "random"|"first"|"last" } Cards of the hand to the discard pile (default: self).
---@field exhaust? CairnEffectParams|{ exhaust?: number, which?: "random"|"first"|"last" } Cards of the hand out of the game; no count: the card played (default: self).
---@field gain_energy? CairnEffectParams|{ energy?: number } (default: self)
---@field spawn? CairnEffectParams|{ entity: string } An entity at the chosen cell when free.
---@field validate? CairnEffectParams|{ validators: table<string, any>[], passed?: CairnPayload, failed?: CairnPayload, of?: "self"|"target" } Every validator true pushes passed, else failed.
---@field repeat? CairnEffectParams|{ times: number|string, payload: CairnPayload } The payload pushed `times` times; write it ["repeat"].
---@field x_cost? CairnEffectParams|{ payload: CairnPayload, values?: string[] } The payload's numbers (or those named) times the X paid.
---@field fail_trigger? CairnEffectParams|{ reason?: string } A reaction's: the action it answers fails, with `reason` (default: the reaction's name).
---@field [string] CairnEffectParams

---A payload: effects resolved last in first out (the last entry first), unless one_queue.
---@alias CairnPayload CairnEffectEntry[]

---An effect's parameters: its own (see docs/cards.md) and these, which every effect takes.
---@class CairnEffectParams
---@field target? CairnTargetOverride
---@field force_dead_targets? boolean Keep dead targets (dropped otherwise).
---@field creatures? boolean Only targets that act of themselves (Acting), not crates.
---@field custom_key_names? table<string, string> { asked = "read_instead" }, below the effect's own parameters.
---@field [string] any

---A pile's name (table: the cards whose declared action is under way).
---@alias CairnPileName "draw"|"hand"|"discard"|"exhaust"|"table"

---A copy of a card in a pile: plain data in e.data.
---@class CairnCardInstance
---@field card string The card's full name.
---@field id integer
---@field values table<string, any>
---@field upgraded boolean
---@field counters table<string, integer>

---One resolution of an ability.
---@class CairnPlayRequest
---@field actor CairnEntity
---@field card? CairnCardInstance The card played (its values change the card for good).
---@field ability string
---@field values table<string, any> A copy of the card's values: changing it changes this resolution only.
---@field targets CairnEntity[] The chosen targets.
---@field cell? CairnCell The chosen cell.
---@field answers CairnAnswers The prompts' answers.
---@field x? integer The X paid (cost energy = "X").
---@field source? CairnEntity What set it off (a trigger's source).
---@field trigger? string The event that triggered it.
---@field exhaust? boolean Set by an exhaust cost or effect: the card goes to the exhaust pile.

---What an effect's run gets: valid while run runs.
---@class CairnEffectContext
---@field actor CairnEntity
---@field request CairnPlayRequest
---@field params table<string, any> The effect's own parameters.
local CairnEffectContext = {}

---A value: shadowed -> the effect's parameters -> the request's values -> the card's values ->
---the actor's stats -> its e.data. Numbers under an x_cost are multiplied by X.
---@param k string
---@return any
function CairnEffectContext:value(k) end

---A value as a whole number, `default` when it is missing; raises when it is no number.
---@param k string
---@param default? number
---@return integer
function CairnEffectContext:number(k, default) end

---Pushes a payload on top of the stack for this request (it resolves before what waits);
---with `at` (an entity or a list) or `cell`, for a copy of the request aimed there.
---@param payload CairnPayload
---@param opts? { one_queue?: boolean, at?: CairnEntity|CairnEntity[], cell?: { x: integer, y: integer } }
function CairnEffectContext:push(payload, opts) end

---A parameter's type for cairn check.
---@alias CairnParamType "number"|"string"|"boolean"|"table"|"function"|"payload"|"value"|"any"

---@class CairnEffectDef: CairnChangeable
---@field name string
---@field run fun(ctx: CairnEffectContext, target: CairnEntity|CairnEntity[]|nil) One target at a time; all of them (a list) with each = false; none with target = "none".
---@field params? table<string, CairnParamType|CairnParamType[]> Checked by cairn check.
---@field target? CairnTargetOverride Its default target (default "chosen").
---@field each? boolean false: run gets the list of targets.
---@field instant? boolean false: timed, shown happening one by one on the play screen (default true).
---@field reach? fun(ctx: CairnEffectContext): CairnEntity[] Whom it affects beyond its target override's (a chain's hops), read when an action is declared: they are asked to react.
---@field description? string

---@class CairnValidatorDef: CairnChangeable
---@field name string
---@field check fun(ctx: CairnEffectContext, arg: any, who: CairnEntity?): boolean
---@field description? string

---An ability's cost; not resolved when it cannot be paid.
---@class CairnCost
---@field energy? integer|"X"
---@field hp? integer
---@field discard? integer Cards of the hand, prompted (discard_1, ...).
---@field exhaust? boolean The card goes to the exhaust pile.
---@field counters? table<string, integer> Counters on the card instance.

---@class CairnAbilityDef: CairnChangeable
---@field name string
---@field effect CairnPayload|fun(ctx: CairnEffectContext)
---@field req? fun(actor: CairnEntity, card: CairnCardInstance?): boolean, string?
---@field cost? CairnCost
---@field target? CairnTargetDef
---@field choices? CairnPromptDef[]|CairnPromptDef|fun(actor: CairnEntity, card: CairnCardInstance?): CairnPromptDef[]
---@field optional? string A yes/no question first.
---@field cancel_effect? CairnPayload|fun(ctx: CairnEffectContext)
---@field msg? string|fun(actor: CairnEntity, request: CairnPlayRequest): string? "{value}" is filled from the request's values.
---@field once? "per_turn"
---@field once_key? string Shared by every ability with it (default: per card instance).
---@field end_turn? CairnAbilityDef Resolved when the turn ends.
---@field priority? number Among simultaneous triggers, higher first.
---@field interactive? boolean|fun(actor: CairnEntity): boolean
---@field silent? boolean|fun(actor: CairnEntity): boolean
---@field trigger? string The event that resolves it on an entity carrying it.
---@field one_queue? boolean The payload in the order written.
---@field not_distinct? boolean Its picks keep options of the same text (else they are one option).
---@field show_discard? boolean Its picks' questions list the discard pile.
---@field reaction? { timing: "before"|"after", to?: fun(actor: CairnEntity, action: CairnAction): boolean } Declared only in answer to an action aimed at its holder.
---@field free? boolean Costs no action (or reaction) point.
---@field declarable? fun(actor: CairnEntity, targets: CairnEntity[], trigger: CairnAction?): boolean, string?
---@field delay? integer Beats between its declaration and its resolution.
---@field pulses? { max?: integer, condition?: string, effect?: string } Several runs of its effect, one a beat; behaviours named by key.
---@field text? string|fun(card: CairnCardInstance): string
---@field label? string
---@field description? string

---@class CairnCardDef: CairnAbilityDef
---@field values? table<string, any>
---@field upgrade? { values?: table<string, any>, text?: string, cost?: CairnCost }
---@field counters? table<string, integer>
---@field rarity? string
---@field tags? string[]

---A card of the hand as front ends show it.
---@class CairnHandCard
---@field id integer
---@field card string
---@field label string
---@field cost? integer|"X"
---@field text? string
---@field playable boolean
---@field reason? string

---@class CairnResolveOptions
---@field answers? CairnChoiceAnswers|CairnDecider
---@field targets? CairnEntity[]
---@field cell? CairnCell
---@field card? CairnCardInstance
---@field source? CairnEntity
---@field trigger? string
---@field x? integer

---Defines an effect type for payloads.
---@param def CairnEffectDef
function cairn.effect(def) end

---Defines a validator for the validate effect.
---@param def CairnValidatorDef
function cairn.validator(def) end

---Defines an ability.
---@param def CairnAbilityDef
function cairn.ability(def) end

---Defines a card.
---@param def CairnCardDef
function cairn.card(def) end

---Resolves an ability for an entity. Returns true, or false and why not.
---@param e CairnEntity
---@param ability string|CairnAbilityDef
---@param opts? CairnResolveOptions
---@return boolean resolved
---@return string? why
function cairn.resolve(e, ability, opts) end

cairn.cards = {}

---Gives an entity piles and energy.
---@param e CairnEntity
---@param opts? { deck?: (string|{ [1]: string, upgraded?: boolean })[], energy?: integer, draw?: integer, hand_limit?: integer, turn_beats?: integer, keep_hand?: boolean }
function cairn.cards.setup(e, opts) end

---A copy of a pile, top last.
---@param e CairnEntity
---@param name CairnPileName
---@return CairnCardInstance[]
function cairn.cards.pile(e, name) end

---@param e CairnEntity
---@return CairnHandCard[]
function cairn.cards.hand(e) end

---Adds a new instance of a card to a pile (default draw); returns its id.
---@param e CairnEntity
---@param card string
---@param pile? CairnPileName
---@param upgraded? boolean
---@return integer
function cairn.cards.add(e, card, pile, upgraded) end

---@param e CairnEntity
---@param card CairnCardInstance|integer
---@param pile CairnPileName
---@return boolean moved
function cairn.cards.move(e, card, pile) end

---Draws n cards (default 1); returns how many.
---@param e CairnEntity
---@param n? integer
---@return integer
function cairn.cards.draw(e, n) end

---@param e CairnEntity
---@param card CairnCardInstance|integer
function cairn.cards.upgrade(e, card) end

---@param e CairnEntity
---@return integer
function cairn.cards.energy(e) end

---Sets e's energy now (a test's: setup gives none until the first turn starts).
---@param e CairnEntity
---@param n integer
function cairn.cards.set_energy(e, n) end

---The turn under way for e.
---@param e CairnEntity
---@return integer
function cairn.cards.turn(e) end

---@param e CairnEntity
---@param card CairnCardInstance|integer
---@return boolean playable
---@return string? why
function cairn.cards.playable(e, card) end

---Plays a card of e's hand, its prompts answered from `answers`.
---@param e CairnEntity
---@param card CairnCardInstance|integer
---@param answers? CairnChoiceAnswers|CairnDecider
---@return boolean played
---@return string? why
function cairn.cards.play(e, card, answers) end

---A definition for cairn.choice: pick a playable card, then its prompts.
---@param opts? { name?: string, key?: string, label?: string, text?: string, description?: string }
---@return CairnChoiceDef
function cairn.cards.play_choice(opts) end

---@param e CairnEntity
---@param ability string
function cairn.cards.grant(e, ability) end

---@param e CairnEntity
---@param ability string
function cairn.cards.revoke(e, ability) end

---Resolves the abilities e carries whose trigger is `event`, in trigger order.
---@param event string
---@param e CairnEntity
---@param opts? { source?: CairnEntity }
---@return string[] order
function cairn.cards.fire(event, e, opts) end

---Resolves triggered abilities in trigger order: priority, the decider for interactive ones,
---silent ones last.
---@param event string
---@param list { actor: CairnEntity, ability: string|CairnAbilityDef, source?: CairnEntity }[]
---@param decider? CairnDecider
---@return string[] order
function cairn.cards.trigger(event, list, decider) end

---Sets a test's mid-beat decider, first of all (nil: the log's, the bot's answer, the default).
---@param decider CairnDecider?
function cairn.cards.decide(decider) end

---The effects waiting on the stack, top first.
---@return string[]
function cairn.cards.stack() end

---Effects resolved so far.
---@return integer
function cairn.cards.resolved() end

---Whether e may resolve the ability now (req, once per turn, cost).
---@param e CairnEntity
---@param ability string
---@return boolean
---@return string? why
function cairn.cards.available(e, ability) end

---Logs a line in the message log, as a msg does (recorded in the beat's history).
---@param e CairnEntity
---@param text string
function cairn.cards.say(e, text) end

---Whether `other` is a foe of `actor`, as all_enemies picks them.
---@param actor CairnEntity
---@param other CairnEntity
---@return boolean
function cairn.cards.foe(actor, other) end

---Whether e acts of itself (Acting): a creature, not a thing only hit, such as a crate.
---@param e CairnEntity
---@return boolean
function cairn.cards.creature(e) end

---The block e holds (see the block effect).
---@param e CairnEntity
---@return integer
function cairn.cards.block(e) end

---A declared action, as Lua sees it (a copy): see docs/cards.md, "The action lifecycle".
---@class CairnAction
---@field id integer
---@field state "declared"|"reacted_to"|"started"|"resolved"|"failed"
---@field source CairnEntity?
---@field targets CairnEntity[]
---@field affected CairnEntity[] Every entity it reaches: those its reaction window asks.
---@field cells { x: integer, y: integer }[] The cells it covers.
---@field cell? { x: integer, y: integer }
---@field ability string
---@field label string
---@field card? string
---@field trigger? integer The action a reaction answers.
---@field timing? "before"|"after"
---@field pulses integer The pulses run, the one running included.
---@field max_pulses integer
---@field due integer The beat it resolves or pulses next at the end of.
---@field beats_left integer The beats after the current one until it ends (its wait and its pulses to go).
---@field depth integer
---@field reason? string Why it failed.

---Puts a behaviour in the registry: a pulse condition (true: go on) or a pulse effect.
---@param name string
---@param fn fun(action: CairnAction): boolean?
function cairn.cards.behaviour(name, fn) end

---Calls fn on every change of state of every declared action.
---@param fn fun(action: CairnAction, state: string)
function cairn.cards.on_state(fn) end

---How deep reactions nest (2: a reaction, and a reaction to it).
---@param n integer
function cairn.cards.reaction_depth(n) end

---@param id integer
---@return CairnAction?
function cairn.cards.action(id) end

---The actions waiting (a delay, or pulses to go), in the order declared.
---@return CairnAction[]
function cairn.cards.pending() end

---Fails the action at once, from any handler; false when it is over or unknown.
---@param id integer
---@param reason? string
---@return boolean
function cairn.cards.fail(id, reason) end

---Fails at once every action e declared that is not over; how many failed.
---@param e CairnEntity
---@param reason? string
---@return integer
function cairn.cards.interrupt(e, reason) end

---The points e has left this turn.
---@param e CairnEntity
---@return { actions: integer, reactions: integer }
function cairn.cards.points(e) end

---Sets the points e has left this turn (those not given stay); the next turn refills them.
---@param e CairnEntity
---@param points { actions?: integer, reactions?: integer }
function cairn.cards.set_points(e, points) end

---The turn model (docs/cards.md, Turn models).
cairn.turns = {}

---@return "beats"|"initiative"|"sides"
function cairn.turns.model() end

---The round under way, from 1; nil in the beats model.
---@return integer?
function cairn.turns.round() end

---The active character, or nil.
---@return CairnEntity?
function cairn.turns.active() end

---The round's living characters in the order they act.
---@return { entity: CairnEntity, points: integer, active: boolean, side: integer? }[]
function cairn.turns.order() end

---e's action points left this round, or nil when it is not in the round.
---@param e CairnEntity
---@return integer?
function cairn.turns.points(e) end

---e spends n points (the active one: when its beat ends, besides the beat's own cost).
---@param e CairnEntity
---@param n integer
function cairn.turns.spend(e, n) end

---The active e ends its turn when its beat ends, whatever points it has left.
---@param e CairnEntity
function cairn.turns.pass(e) end

---The active e walks to (x, y) as one action when its beat is over, a point a step (sides).
---@param e CairnEntity
---@param x integer
---@param y integer
---@return boolean ok
---@return string? why
function cairn.turns.walk(e, x, y) end

---The points a walk of e to (x, y) costs (the steps of w:path's way), or nil for none.
---@param e CairnEntity
---@param x integer
---@param y integer
---@return integer?
function cairn.turns.walk_cost(e, x, y) end
