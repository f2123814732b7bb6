#!/usr/bin/python3
"""A server killed with SIGKILL loses no acknowledged action.

    restart.py CAIRN SOURCE_DIR

Three games are played on `cairn serve --db FILE`: the dungeon for two people, the dungeon for
a person and a bot, and the dungeon alone. Once every action sent has been answered, the
server is killed with SIGKILL (it writes nothing more; in the game of two, one seat has
chosen and the beat waits for the other) and started again on the same file.
Each seat then comes back with its token alone: it gets its seat, and the game stands at the
beat and checksum of its last acknowledged action, the same seat asked. A token the store
never gave is refused. Each game then goes on: one more action, and the game comes to the
beat and checksum that a game created afresh with the same seed and played with the same
actions comes to, so that the game resumed is the game that was played, not only at the same
beat.
"""

import asyncio
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from client import Client, Server, run  # noqa: E402

# Actions played in each game before the kill: an odd number, so that in the game of two
# people one seat has chosen and the beat waits for the other.
ACTIONS = 9
BAD_TOKEN = "0" * 64


class Game:
    """A game and the clients of its persons' seats, and the actions played in it, in order."""

    def __init__(self, name, create):
        self.name = name
        self.create = create
        self.id = None
        self.clients = {}  # seat: Client
        self.tokens = {}  # seat: token
        self.played = []  # (seat, "choose" or "cancel")

    async def open(self, server):
        """Creates the game and seats a client in each person's seat."""
        first = await Client.connect(server.url)
        self.id = await first.create(**self.create)
        seats = self.create.get("seats") or [None]
        for seat, bot in enumerate(seats, start=1):
            if bot is not None:
                continue
            client = first if seat == 1 else await Client.connect(server.url)
            await client.join(self.id, seat=seat)
            self.clients[seat] = client
            self.tokens[seat] = client.token

    async def resume(self, server):
        """Each seat comes back with its token alone, on a fresh socket; its `state`."""
        states = {}
        for seat, token in self.tokens.items():
            client = await Client.connect(server.url)
            state = await client.join(self.id, token=token)
            assert client.seat == seat, "%s: the token of seat %d gave seat %s" % (
                self.name, seat, client.seat)
            assert client.token == token, "%s: seat %d came back with another token" % (
                self.name, seat)
            self.clients[seat] = client
            states[seat] = state
        return states

    def state(self):
        """The state the seats last saw, as (beat, checksum, the seat asked); all must agree."""
        seen = {seat: standing(c.state) for seat, c in self.clients.items()}
        assert len(set(seen.values())) == 1, "%s: the seats disagree: %s" % (self.name, seen)
        return next(iter(seen.values()))

    async def step(self, kind=None):
        """The seat asked acts (a wait, or it declines the question it is asked), and every
        seat waits for the state that answers it: the action is then acknowledged."""
        beat, _checksum, deciding = self.state()
        assert deciding is not None, "%s: no seat is asked at beat %d" % (self.name, beat)
        seat, what = deciding
        kind = kind or ("cancel" if what == "question" else "choose")
        acting = self.clients[seat]
        for client in self.clients.values():
            client.drop(("state", "beat", "deciding"))
        if kind == "cancel":
            await acting.cancel()
        else:
            await acting.choose("wait")
        for client in self.clients.values():
            client.state = await client.wait("state")
        self.played.append((seat, kind))

    async def replay(self, actions):
        """Plays the actions given, in order, each by the seat that played it."""
        for seat, kind in actions:
            asked = self.state()[2]
            assert asked and asked[0] == seat, "%s: seat %s asked where seat %d played" % (
                self.name, asked, seat)
            await self.step(kind)

    async def close(self):
        for client in self.clients.values():
            if not client.closed:
                await client.close()
        self.clients = {}


def standing(state):
    """What a `state` says of where the game stands."""
    deciding = state.get("deciding")
    asked = (deciding["seat"], deciding["what"]) if deciding else None
    return state["beat"], state["checksum"], asked


def games():
    return [
        Game("two people", {"game": "dungeon", "seed": 11, "packs": ["duo"],
                            "seats": [None, None]}),
        Game("a person and a bot", {"game": "dungeon", "seed": 12, "packs": ["duo"],
                                    "seats": [None, "explorer"]}),
        Game("one person", {"game": "dungeon", "seed": 13}),
    ]


async def bad_token_refused(server, game_id):
    client = await Client.connect(server.url)
    await client.send({"t": "join", "game": game_id, "token": BAD_TOKEN})
    code, reason = await client.wait_closed()
    assert code == 4005, "a token the store never gave: closed %s %r" % (code, reason)


async def main(cairn, source):
    duo = os.path.join(source, "content", "examples", "duo")
    with tempfile.TemporaryDirectory(prefix="cairn-restart-") as tmp:
        db = os.path.join(tmp, "games.sqlite")
        played = games()
        server = await Server(cairn=cairn, db=db, packs=[duo]).start()
        try:
            for g in played:
                await g.open(server)
                g.state()
            for _ in range(ACTIONS):
                for g in played:
                    await g.step()
            before = {g.name: g.state() for g in played}
        finally:
            server.kill()
        code = await server.wait()
        assert code == -9, "the server was to die of SIGKILL, not %s" % code
        for g in played:
            await g.close()

        server = await Server(cairn=cairn, db=db, packs=[duo]).start()
        try:
            for g in played:
                states = await g.resume(server)
                for seat, state in states.items():
                    assert standing(state) == before[g.name], (
                        "%s: seat %d came back at %s, not at its last acknowledged %s"
                        % (g.name, seat, standing(state), before[g.name]))
            await bad_token_refused(server, played[0].id)

            for g in played:
                await g.step()
                twin = Game(g.name + " afresh", g.create)
                await twin.open(server)
                await twin.replay(g.played)
                assert twin.state()[:2] == g.state()[:2], (
                    "%s: resumed it came to %s, afresh to %s"
                    % (g.name, g.state(), twin.state()))
                await twin.close()
                await g.close()
        finally:
            code = await server.stop()
        assert code == 0, "the server started again did not stop cleanly: %s" % code


if __name__ == "__main__":
    run(main(sys.argv[1], sys.argv[2]))
