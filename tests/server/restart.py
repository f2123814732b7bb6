#!/usr/bin/python3
"""A server killed with SIGKILL loses no acknowledged action.

    restart.py CAIRN SOURCE_DIR

Four games are played on `cairn serve --db FILE`: the dungeon for two people, the dungeon for
a person and a bot, the dungeon alone, and the fixture pair until a seat is asked a question
in the middle of a beat. Once every action sent has been answered, the server is killed with
SIGKILL (it writes nothing more; in the game of two people one seat has chosen and the beat
waits for the other, in the pair the question waits) and started again on the same file.
Each seat then comes back with its token alone: it gets its seat, and the game stands at the
beat and checksum of its last acknowledged action, the same seat asked the same thing. A
token the store never gave is refused. Each game then goes on: one more action, and the game
comes to the beat and checksum that a game created afresh with the same seed and played with
the same actions comes to, so that the game resumed is the game that was played, not only at
the same beat.
"""

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

    def __init__(self, name, create, until_asked=False):
        self.name = name
        self.create = create
        self.until_asked = until_asked  # played until a question waits, and no further
        self.id = None
        self.clients = {}  # seat: Client
        self.tokens = {}  # seat: token
        self.standings = {}  # seat: where the game stands as that seat last saw it
        self.played = []  # (seat, "choose" or "cancel")
        self.marks = 0  # chat lines sent to settle the seats

    async def open(self, server):
        """Creates the game and seats a client in each person's seat."""
        first = await Client.connect(server.url)
        self.id = await first.create(**self.create)
        seats = self.create.get("seats") or [None]
        for seat, bot in enumerate(seats, start=1):
            if bot is not None:
                continue
            client = first if seat == 1 else await Client.connect(server.url)
            self.standings[seat] = standing(await client.join(self.id, seat=seat))
            self.clients[seat] = client
            self.tokens[seat] = client.token
        await self.settle(first)

    async def resume(self, server):
        """Each seat comes back with its token alone, on a fresh socket."""
        for seat, token in self.tokens.items():
            client = await Client.connect(server.url)
            self.standings[seat] = standing(await client.join(self.id, token=token))
            assert client.seat == seat, "%s: the token of seat %d gave seat %s" % (
                self.name, seat, client.seat)
            assert client.token == token, "%s: seat %d came back with another token" % (
                self.name, seat)
            self.clients[seat] = client
        await self.settle(client)

    async def settle(self, by):
        """Waits until each seat holds all the server sent it before a chat line that `by`
        sends: the server handles a socket's messages in order, and sends a game's in order.
        The last `state` or `deciding` a seat then holds says where the game stands."""
        self.marks += 1
        mark = "mark %d" % self.marks
        await by.chat(mark)
        for seat, client in self.clients.items():
            await client.wait(lambda m: m["t"] == "chat" and m["text"] == mark)
            told = [m for m in client.inbox if m["t"] in ("state", "deciding")]
            if told:
                self.standings[seat] = standing(told[-1])
            client.drop(("state", "beat", "deciding", "chat"))

    def state(self):
        """Where the game stands as the seats last saw it; all must agree."""
        seen = set(self.standings.values())
        assert len(seen) == 1, "%s: the seats disagree: %s" % (self.name, self.standings)
        return next(iter(seen))

    async def step(self, kind=None):
        """The seat asked acts (a wait, or it declines the question it is asked), and every
        seat is told what came of it: the action is then acknowledged."""
        before = self.state()
        beat, _checksum, deciding = before
        assert deciding is not None, "%s: no seat is asked at beat %d" % (self.name, beat)
        seat, what = deciding
        kind = kind or ("cancel" if what == "question" else "choose")
        acting = self.clients[seat]
        if kind == "cancel":
            await acting.cancel()
        else:
            await acting.choose("wait")
        await self.settle(acting)
        assert self.state() != before, "%s: seat %d's %s was not answered at beat %d" % (
            self.name, seat, kind, beat)
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
        self.standings = {}


def standing(m):
    """Where a `state` or a `deciding` says the game stands: (beat, checksum, the seat asked
    and what for)."""
    deciding = m if m["t"] == "deciding" else m.get("deciding")
    asked = (deciding["seat"], deciding["what"]) if deciding else None
    return m["beat"], m["checksum"], asked


def asked(where):
    """What the seat asked is asked for where the game stands: "input", "question" or None."""
    return where[2][1] if where[2] else None


def games():
    return [
        Game("two people", {"game": "dungeon", "seed": 11, "packs": ["duo"],
                            "seats": [None, None]}),
        Game("a person and a bot", {"game": "dungeon", "seed": 12, "packs": ["duo"],
                                    "seats": [None, "explorer"]}),
        Game("one person", {"game": "dungeon", "seed": 13}),
        Game("a question waiting", {"game": "pair", "seed": 14, "packs": ["pair"],
                                    "seats": [None, None]}, until_asked=True),
    ]


async def bad_token_refused(server, game_id):
    client = await Client.connect(server.url)
    await client.send({"t": "join", "game": game_id, "token": BAD_TOKEN})
    code, reason = await client.wait_closed()
    assert code == 4005, "a token the store never gave: closed %s %r" % (code, reason)


async def main(cairn, source):
    packs = [os.path.join(source, "content", "examples", "duo"),
             os.path.join(source, "tests", "server", "fixtures", "pair")]
    with tempfile.TemporaryDirectory(prefix="cairn-restart-") as tmp:
        db = os.path.join(tmp, "games.sqlite")
        played = games()
        server = await Server(cairn=cairn, db=db, packs=packs).start()
        try:
            for g in played:
                await g.open(server)
                g.state()
            for _ in range(ACTIONS):
                for g in played:
                    if not (g.until_asked and asked(g.state()) == "question"):
                        await g.step()
            for g in played:
                assert not g.until_asked or asked(g.state()) == "question", (
                    "%s: no question asked in %d actions" % (g.name, ACTIONS))
            before = {g.name: g.state() for g in played}
        finally:
            server.kill()
        code = await server.wait()
        assert code == -9, "the server was to die of SIGKILL, not %s" % code
        for g in played:
            await g.close()

        server = await Server(cairn=cairn, db=db, packs=packs).start()
        try:
            for g in played:
                await g.resume(server)
                for seat, where in g.standings.items():
                    assert where == before[g.name], (
                        "%s: seat %d came back at %s, not at its last acknowledged %s"
                        % (g.name, seat, where, before[g.name]))
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
