#!/usr/bin/python3
"""Reconnect: a seat whose connection drops comes back with its token to the live game, and
the question that waits for it comes back with it.

    reconnect.py CAIRN SOURCE_DIR

A two-seat game of the duo example. Seat 1 begins a move, whose prompt ("which way?") then
waits. Its connection drops without a close; the other seat is told it is gone, the game
waits on. A new connection joins with the token: it is seat 1 again, at the same beat and
checksum, the prompt waiting in its state; the other seat is told it is back; it answers and
the game goes on. Then: a token used while its seat's old connection still looks alive takes
the seat over (the old one is closed 4005); a seat given up with `leave` is no longer held by
its token.

A game of the fixture pair, whose brute's slam asks each seat in the middle of the beat
whether to react: seat 1 drops while asked, and comes back to the same question, its time
still running (no more time left than before), and answers it; the beat goes on to seat 2's
question. How long each coming back took (connect to state) is printed.
"""

import asyncio
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, Server, run  # noqa: E402

DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def connected(state, seat):
    return next(s["connected"] for s in state["seats"] if s["seat"] == seat)


def waits_for(m, seat):
    """Whether the message says the game waits for the seat: a `deciding`, or a `state`."""
    asked = m if m["t"] == "deciding" else m.get("deciding") if m["t"] == "state" else None
    return bool(asked) and asked["seat"] == seat


async def come_back(server, game, token):
    """A new connection joins with the token; the client, the `joined` and the `state`, and
    how long it took from connecting."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    client = await Client.connect(server.url)
    await client.send({"t": "join", "game": game, "token": token})
    joined = await client.wait("joined")
    state = await client.wait("state")
    return client, joined, state, loop.time() - start


async def answer_a_way(client):
    """Answers the move's prompt with the first direction it takes; the state after."""
    beat = client.beat
    for way in DIRECTIONS:
        client.drop(("error",))
        await client.answer(way)
        m = await client.wait(lambda m: m["t"] == "error" or
                              (m["t"] == "state" and m["prompt"] is None))
        if m["t"] == "state":
            return m
        assert m["code"] == "invalid", m
    raise AssertionError("no direction was taken at beat %s" % beat)


async def dropped_and_back(server, game, seats):
    one, two = seats[1], seats[2]
    state = await one.sync()
    assert state["deciding"]["seat"] == 1, state["deciding"]
    await one.choose("bump")
    asked = await one.wait(lambda m: m["t"] == "state" and m["prompt"] is not None)
    prompt, standing = asked["prompt"], (asked["beat"], asked["checksum"])
    assert prompt["seat"] == 1, prompt
    print("ok: seat 1 is asked: %s" % prompt["text"])

    token = one.token
    two.drop(("state",))
    one.socket.transport.abort()  # the connection drops: no close frame
    gone = await two.wait(lambda m: m["t"] == "state" and not connected(m, 1))
    assert (gone["beat"], gone["checksum"]) == standing, gone
    print("ok: seat 2 is told seat 1 is gone; the game waits at beat %d" % gone["beat"])

    two.drop(("state",))
    one, joined, state, took = await come_back(server, game, token)
    assert joined["seat"] == 1 and joined["game"] == game, joined
    assert joined["token"] == token, "the token changed on coming back"
    assert state["seat"] == 1 and (state["beat"], state["checksum"]) == standing, state
    assert state["prompt"] == prompt, "the prompt came back as %s, was %s" % (
        state["prompt"], prompt)
    assert state["deciding"]["seat"] == 1, state["deciding"]
    print("ok: seat 1 is back in %.3f s, its prompt waiting: %s" % (took, prompt["text"]))
    back = await two.wait(lambda m: m["t"] == "state" and connected(m, 1))
    assert (back["beat"], back["checksum"]) == standing, back
    print("ok: seat 2 is told seat 1 is back")

    after = await answer_a_way(one)
    assert after["deciding"]["seat"] == 2, after["deciding"]
    print("ok: seat 1 answers after coming back; the game asks seat 2")
    seats[1] = one


async def taken_over(server, game, seats):
    """The old connection still open (a drop the server has not seen): the token takes the
    seat over, and the old connection is closed."""
    old = seats[1]
    new, joined, state, took = await come_back(server, game, old.token)
    assert joined["seat"] == 1, joined
    code, reason = await old.wait_closed()
    assert code == 4005, "the old connection: closed %s (%r)" % (code, reason)
    print("ok: the token takes the seat over in %.3f s; the old connection closed %s %s"
          % (took, code, reason))
    seats[1] = new


async def given_up(server, game, seats):
    """A seat given up: its token holds it no more."""
    two = seats[2]
    token = two.token
    await two.leave()
    await two.close()
    client = await Client.connect(server.url)
    await client.send({"t": "join", "game": game, "token": token})
    code, reason = await client.wait_closed()
    assert code == 4005, "a token given up: closed %s (%r)" % (code, reason)
    print("ok: a seat given up is not held by its token: closed %s %s" % (code, reason))


async def question_comes_back(server):
    host = await Client.connect(server.url)
    game = await host.create("pair", packs=["pair"], seats=[None, None])
    one, two = await Client.connect(server.url), await Client.connect(server.url)
    await one.join(game, seat=1)
    await two.join(game, seat=2)
    await one.choose("wait")
    await two.wait(lambda m: waits_for(m, 2))
    await two.choose("wait")
    asked = await one.wait(lambda m: m["t"] == "state" and m["prompt"] is not None)
    prompt, deciding = asked["prompt"], asked["deciding"]
    standing = (asked["beat"], asked["checksum"])
    assert deciding["seat"] == 1 and deciding["what"] == "question", deciding
    assert deciding["until_ms"] > 0, deciding
    print("ok: seat 1 is asked mid-beat: %s" % prompt["text"])

    token = one.token
    two.drop(("state",))
    one.socket.transport.abort()
    await two.wait(lambda m: m["t"] == "state" and not connected(m, 1))
    one, joined, state, took = await come_back(server, game, token)
    assert joined["seat"] == 1, joined
    assert (state["beat"], state["checksum"]) == standing, state
    assert state["prompt"] == prompt, "the question came back as %s, was %s" % (
        state["prompt"], prompt)
    assert state["deciding"]["seat"] == 1 and state["deciding"]["what"] == "question", \
        state["deciding"]
    assert 0 < state["deciding"]["until_ms"] <= deciding["until_ms"], state["deciding"]
    print("ok: seat 1 is back in %.3f s to its question, %d ms left of %d"
          % (took, state["deciding"]["until_ms"], deciding["until_ms"]))

    await one.answer(str(prompt["options"].index("pass") + 1))  # a pick takes its number
    turn = await two.wait(lambda m: m["t"] == "state" and m["prompt"] is not None)
    assert turn["deciding"]["seat"] == 2 and turn["deciding"]["what"] == "question", turn
    assert one.resyncs == 0 and two.resyncs == 0, "out of step: %d, %d" % (
        one.resyncs, two.resyncs)
    print("ok: seat 1 answers; the beat goes on to seat 2's question, no seat out of step")


async def main(cairn, source):
    with tempfile.TemporaryDirectory() as tmp:
        duo = os.path.join(source, "content", "examples", "duo")
        pair = os.path.join(source, "tests", "server", "fixtures", "pair")
        async with Server(cairn, db=os.path.join(tmp, "games.sqlite"),
                          packs=[duo, pair]) as server:
            host = await Client.connect(server.url)
            game = await host.create("base:dungeon", seed=5, packs=["duo"], seats=[None, None])
            seats = {}
            for seat in (1, 2):
                seats[seat] = await Client.connect(server.url)
                await seats[seat].join(game, seat=seat)
            await dropped_and_back(server, game, seats)
            await taken_over(server, game, seats)
            await given_up(server, game, seats)
            await question_comes_back(server)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: reconnect.py CAIRN SOURCE_DIR")
    run(main(sys.argv[1], sys.argv[2]))
