#!/usr/bin/python3
"""Hostile clients: each refused with its close code (or its HTTP status), the game unchanged.

    hostile.py CAIRN SOURCE_DIR

A two-seat game of the duo example on a fresh server. Against it: a message over 4,096 bytes,
malformed messages of many kinds, a binary frame, the wrong subprotocol, actions from a
connection that holds no seat, from the seat not asked, an answer when no prompt waits, every
way of acting for the other seat (a seat field, joining a taken seat, a wrong token, another
game's token), a foreign origin and a flood. After each, a spectator's `sync` finds the game at
the same beat and checksum; at the end the seat asked still plays a beat, and a stale action
is answered with an error and a fresh state, not a close.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, Server, handshake_status, run  # noqa: E402

CLOSE_PROTOCOL = 4000
CLOSE_MALFORMED = 4001
CLOSE_OVERSIZED = 4002
CLOSE_TURN = 4003
CLOSE_FLOOD = 4004
CLOSE_TOKEN = 4005


class Game:
    """The game under attack: its two seats' clients, a spectator, and the server."""

    def __init__(self, server):
        self.server = server

    async def start(self):
        self.watcher = await Client.connect(self.server.url)
        self.id = await self.watcher.create("base:dungeon", seed=3, packs=["duo"],
                                            seats=[None, None])
        self.seats = {}
        self.tokens = {}
        for seat in (1, 2):
            self.seats[seat] = await Client.connect(self.server.url)
            await self.seats[seat].join(self.id, seat=seat)
            self.tokens[seat] = self.seats[seat].token
        await self.watcher.watch(self.id)
        self.before = await self.standing()

    async def standing(self):
        """The game's beat and checksum, as a spectator's sync gives them."""
        state = await self.watcher.sync()
        return state["beat"], state["checksum"]

    async def deciding(self):
        """The seat the game waits for, and the other."""
        state = await self.seats[1].sync()
        asked = state["deciding"]["seat"]
        return asked, 3 - asked

    async def unchanged(self, what):
        now = await self.standing()
        assert now == self.before, "%s changed the game: %s, was %s" % (what, now, self.before)

    async def seat_back(self, seat):
        """A seat whose connection was closed comes back with its token."""
        self.seats[seat] = await Client.connect(self.server.url)
        await self.seats[seat].join(self.id, token=self.tokens[seat])


async def refused(client, message, codes, what):
    """Sends the message (bytes that are not UTF-8 as a text frame); the connection must be
    closed with one of the codes."""
    if isinstance(message, bytes) and what != "a binary frame":
        await client.send_text_bytes(message)
    else:
        await client.send(message)
    code, reason = await client.wait_closed()
    assert code in codes, "%s: closed %s (%r), expected %s" % (what, code, reason, codes)
    assert reason or code == 1009, "%s: closed %s without a reason" % (what, code)
    print("ok: %s: closed %s %s" % (what, code, reason))


async def oversized(game):
    padding = "x" * 5000
    await refused(game.seats[1], '{"t":"choose","choice":"wait","pad":"%s"}' % padding,
                  (CLOSE_OVERSIZED, 1009), "a message over 4096 bytes")
    await game.unchanged("an oversized message")
    await game.seat_back(1)


MALFORMED = [
    ("not JSON", "choose wait"),
    ("a message cut short", '{"t":"choose","choice":"wait"'),
    ("an array", '["choose"]'),
    ("no type", '{"choice":"wait"}'),
    ("an unknown type", '{"t":"teleport","x":1,"y":1}'),
    ("an expiry, which only the server makes", '{"t":"expire"}'),
    ("a key twice", '{"t":"sync","t":"choose","choice":"wait"}'),
    ("a beat that is not an integer", '{"t":"choose","beat":"0","choice":"wait"}'),
    ("a NUL in a string", '{"t":"choose","choice":"wa\\u0000it"}'),
    ("nesting deeper than 4", '{"t":"sync","x":[[[[1]]]]}'),
    ("a seat out of range", '{"t":"join","game":"g","seat":99}'),
    ("a chat line over 200 bytes", '{"t":"chat","text":"%s"}' % ("a" * 201)),
]


async def malformed(game):
    for what, text in MALFORMED:
        await refused(game.seats[1], text, (CLOSE_MALFORMED,), what)
        await game.unchanged(what)
        await game.seat_back(1)
    # A text frame that is not UTF-8: the WebSocket layer's own close (1007) or the decoder's.
    await refused(game.seats[1], b'{"t":"chat","text":"\xff"}', (CLOSE_MALFORMED, 1007),
                  "a text frame that is not UTF-8")
    await game.unchanged("a text frame that is not UTF-8")
    await game.seat_back(1)
    await refused(game.seats[1], b'{"t":"sync"}', (CLOSE_MALFORMED,), "a binary frame")
    await game.unchanged("a binary frame")
    await game.seat_back(1)


async def wrong_subprotocol(game):
    client = await Client.connect(game.server.url, subprotocols=())
    code, reason = await client.wait_closed()
    assert code == CLOSE_PROTOCOL, "no subprotocol: closed %s (%r)" % (code, reason)
    print("ok: no subprotocol: closed %s %s" % (code, reason))
    status = await handshake_status(game.server.url, game.server.origin, "cairn.0")
    assert status == 400, "another subprotocol: HTTP %s" % status
    print("ok: another subprotocol: HTTP 400")
    await game.unchanged("a wrong subprotocol")


async def out_of_turn(game):
    stranger = await Client.connect(game.server.url)
    await refused(stranger, {"t": "choose", "choice": "wait"}, (CLOSE_TURN,),
                  "an action from a connection in no seat")
    await game.unchanged("an action from no seat")

    watcher = await Client.connect(game.server.url)
    await watcher.watch(game.id)
    await refused(watcher, {"t": "choose", "choice": "wait"}, (CLOSE_TURN,),
                  "an action from a spectator")
    await game.unchanged("an action from a spectator")

    asked, other = await game.deciding()
    await refused(game.seats[other], {"t": "choose", "choice": "wait"}, (CLOSE_TURN,),
                  "an action from the seat not asked")
    await game.unchanged("the seat not asked")
    await game.seat_back(other)

    await refused(game.seats[asked], {"t": "answer", "answer": "east"}, (CLOSE_TURN,),
                  "an answer when no prompt waits")
    await game.unchanged("an answer to no prompt")
    await game.seat_back(asked)


async def for_another_seat(game):
    asked, other = await game.deciding()
    # The seat an action is for is the connection's: a seat field is not read.
    await refused(game.seats[other], {"t": "choose", "choice": "wait", "seat": asked},
                  (CLOSE_TURN,), "an action naming the seat asked")
    await game.unchanged("an action naming another seat")
    await game.seat_back(other)

    intruder = await Client.connect(game.server.url)
    await intruder.send({"t": "join", "game": game.id, "seat": asked})
    error = await intruder.wait("error")
    assert error["code"] == "full", error
    assert not any(m["t"] == "joined" for m in intruder.inbox), intruder.inbox
    print("ok: joining a taken seat: error %s" % error["code"])
    await refused(intruder, {"t": "choose", "choice": "wait"}, (CLOSE_TURN,),
                  "acting after a refused join")
    await game.unchanged("joining a taken seat")

    intruder = await Client.connect(game.server.url)
    wrong = game.tokens[asked][:-1] + ("0" if game.tokens[asked][-1] != "0" else "1")
    await refused(intruder, {"t": "join", "game": game.id, "token": wrong}, (CLOSE_TOKEN,),
                  "a token one digit off")
    await game.unchanged("a wrong token")

    intruder = await Client.connect(game.server.url)
    elsewhere = await intruder.create("base:dungeon", seed=4, packs=["duo"], seats=[None, None])
    await intruder.join(elsewhere, seat=1)
    stranger = await Client.connect(game.server.url)
    await refused(stranger, {"t": "join", "game": game.id, "token": intruder.token},
                  (CLOSE_TOKEN,), "another game's token")
    await game.unchanged("another game's token")

    stranger = await Client.connect(game.server.url)
    await refused(stranger, {"t": "join", "game": "0123456789abcdef", "seat": 1},
                  (CLOSE_TOKEN,), "a game that does not exist")


async def foreign_origin(game):
    assert await handshake_status(game.server.url, game.server.origin) == 101
    for origin in ("http://evil.example", game.server.origin + ".evil.example",
                   "http://127.0.0.1:1"):
        status = await handshake_status(game.server.url, origin)
        assert status == 403, "the origin %s: HTTP %s" % (origin, status)
    print("ok: a foreign origin: HTTP 403")
    await game.unchanged("a foreign origin")


async def flood(game):
    # Each message sent once the last is answered: nothing unread is left on the server's side
    # when it closes, so the close frame reaches the client whatever the timing.
    flooder = await Client.connect(game.server.url)
    await flooder.watch(game.id)
    sent = 0
    while not flooder.closed and sent < 500:
        await flooder.send({"t": "sync"})
        sent += 1
        try:
            await flooder.wait("state")
        except AssertionError:
            break
    code, reason = await flooder.wait_closed()
    assert code == CLOSE_FLOOD, "a flood: closed %s (%r)" % (code, reason)
    print("ok: a flood: closed %s %s after %d messages" % (code, reason, sent))
    await game.unchanged("a flood")
    # A burst sent at once is cut off too, its close frame arriving with the rest of the
    # burst still unread by the server.
    flooder = await Client.connect(game.server.url)
    await flooder.watch(game.id)
    for _ in range(200):
        await flooder.send({"t": "sync"})
    code, reason = await flooder.wait_closed()
    assert code == CLOSE_FLOOD, "a burst: closed %s (%r)" % (code, reason)
    print("ok: a burst of 200: closed %s %s" % (code, reason))
    await game.unchanged("a burst")
    # The others are served as before.
    asked, _ = await game.deciding()
    await game.seats[asked].sync()


async def still_plays(game):
    # Each seat waits in turn; the beat is played once both have chosen.
    for _ in range(2):
        asked, _ = await game.deciding()
        await game.seats[asked].choose("wait")
    state = await game.watcher.wait(lambda m: m["t"] == "state" and m["beat"] > game.before[0])
    game.before = (state["beat"], state["checksum"])
    await game.unchanged("a beat")
    print("ok: the seat asked still plays: beat %d" % state["beat"])
    # An action for a beat that has passed: an error and a fresh state, the socket kept.
    asked, other = await game.deciding()
    client = game.seats[asked]
    client.drop(("state", "beat", "deciding"))
    await client.choose("wait", beat=0)
    error = await client.wait("error")
    assert error["code"] == "stale", error
    state = await client.wait("state")
    assert (state["beat"], state["checksum"]) == game.before, state
    assert not client.closed
    await game.unchanged("a stale action")
    print("ok: a stale action: error stale, then the state")


async def main(cairn, source):
    with tempfile.TemporaryDirectory() as tmp:
        duo = os.path.join(source, "content", "examples", "duo")
        async with Server(cairn, db=os.path.join(tmp, "games.sqlite"), packs=[duo]) as server:
            game = Game(server)
            await game.start()
            await oversized(game)
            await malformed(game)
            await wrong_subprotocol(game)
            await out_of_turn(game)
            await for_another_seat(game)
            await foreign_origin(game)
            await flood(game)
            await still_plays(game)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: hostile.py CAIRN SOURCE_DIR")
    run(main(sys.argv[1], sys.argv[2]))
