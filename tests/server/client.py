#!/usr/bin/python3
"""A scripted client of cairn serve's protocol (docs/protocol.md), for the tests and by hand.

As a module (the end-to-end tests beside it use it):

    async with Server(db=path, packs=[...]) as server:     # `cairn serve --port 0`
        client = await Client.connect(server.url)
        game = await client.create("dungeon", seed=7, packs=["duo"], seats=[None, "explorer"])
        state = await client.join(game, seat=1)
        await client.choose("wait")
        await client.wait(lambda m: m["t"] == "state" and m["beat"] == 1)

A client keeps every message it receives in an inbox; `wait` takes the first one that matches,
waiting for it at most a timeout (no sleeps). It follows the game's beat and checksum as the
protocol asks: a message from behind, with another checksum at the same beat, or a `beat` that
skips one, and it sends `sync` (counted in `resyncs`).

From the command line, it sends each message given and prints each one it receives, a JSON
object a line, until none comes for a second:

    tests/server/client.py ws://127.0.0.1:8080/ws '{"t":"create","game":"dungeon"}'
"""

import argparse
import asyncio
import base64
import json
import os
import re
import signal
import subprocess
import sys

import websockets
from websockets.frames import OP_TEXT

SUBPROTOCOL = "cairn.1"
TIMEOUT = 10.0  # seconds a test waits for a message before it fails
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Timeout(AssertionError):
    """No message matched in time: the test fails, saying what it waited for."""


class Server:
    """`cairn serve --port 0` on the loopback address, until the block (or stop) ends it."""

    def __init__(self, cairn=None, db=None, packs=(), origins=(), args=()):
        self.cairn = cairn or os.environ.get("CAIRN") or os.path.join(ROOT, "build", "cairn")
        self.db = db
        self.packs = list(packs)
        self.origins = list(origins)
        self.args = list(args)
        self.process = None
        self.port = None

    @property
    def url(self):
        return "ws://127.0.0.1:%d/ws" % self.port

    @property
    def origin(self):
        return "http://127.0.0.1:%d" % self.port

    async def start(self, timeout=TIMEOUT):
        """Starts the server and waits for the line that says it listens, with its port."""
        command = [self.cairn, "serve", "--port", "0", "--address", "127.0.0.1"]
        if self.db:
            command += ["--db", self.db]
        for pack in self.packs:
            command += ["--pack", pack]
        for origin in self.origins:
            command += ["--origin", origin]
        command += self.args
        self.process = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stdin=subprocess.DEVNULL)
        try:
            line = await asyncio.wait_for(self._listening(), timeout)
        except asyncio.TimeoutError:
            self.kill()
            raise Timeout("cairn serve did not say it listens within %ss" % timeout)
        self.port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", line).group(1))
        return self

    async def _listening(self):
        while True:
            line = (await self.process.stdout.readline()).decode()
            if not line:
                code = await self.process.wait()
                raise AssertionError("cairn serve ended (%d) before it listened" % code)
            if "listening on http://" in line:
                return line

    async def stop(self):
        """SIGTERM, and its exit status (0: it stopped cleanly)."""
        if self.process and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await self.process.wait() if self.process else 0

    def kill(self):
        """SIGKILL: the server has no chance to write anything more."""
        if self.process and self.process.returncode is None:
            self.process.kill()

    async def wait(self):
        return await self.process.wait()

    async def __aenter__(self):
        return await self.start()

    async def __aexit__(self, kind, value, trace):
        code = await self.stop()
        if kind is None:
            assert code == 0, "cairn serve exited %s on SIGTERM" % code


class Client:
    """One connection to the server."""

    def __init__(self, socket):
        self.socket = socket
        self.inbox = []
        self.arrived = asyncio.Event()
        self.game = None
        self.seat = None
        self.token = None
        self.beat = None  # the game's beat and checksum as this client last knew them
        self.checksum = None
        self.state = None  # the last `state`
        self.resyncs = 0
        self._syncing = False
        self.close_code = None
        self.close_reason = None
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, url, origin=None, subprotocols=(SUBPROTOCOL,), timeout=TIMEOUT):
        """Opens the socket; `origin` defaults to the server's own (its http address)."""
        if origin is None:
            origin = re.sub(r"^ws://([^/]+)/.*$", r"http://\1", url)
        socket = await asyncio.wait_for(
            websockets.connect(url, origin=origin, subprotocols=list(subprotocols) or None,
                               compression=None, max_size=1 << 24, ping_interval=None),
            timeout)
        return cls(socket)

    # What arrives.

    async def _read(self):
        try:
            async for text in self.socket:
                message = json.loads(text)
                self._follow(message)
                self.inbox.append(message)
                self.arrived.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.socket.close_code
            self.close_reason = self.socket.close_reason
            self.arrived.set()

    def _follow(self, m):
        """Follows the beat and checksum; out of step, asks for the state again."""
        if m.get("t") in ("welcome", "created") or "beat" not in m:
            return
        if "game" in m and m["game"] != self.game:  # another game: its beats are its own
            self.game, self.beat, self.checksum = m["game"], None, None
        if m["t"] == "joined":
            self.seat, self.token = m["seat"], m["token"]
        beat, checksum = m["beat"], m.get("checksum")
        if self.beat is not None and not self._syncing:
            behind = beat < self.beat
            forked = beat == self.beat and checksum != self.checksum
            skipped = m["t"] == "beat" and beat > self.beat + 1
            if behind or forked or skipped:
                self.resyncs += 1
                self._syncing = True
                asyncio.get_running_loop().create_task(self.send({"t": "sync"}))
        if m["t"] == "state":
            self.state = m
            self._syncing = False
            self.beat, self.checksum = beat, checksum
        elif self.beat is None or beat >= self.beat:
            self.beat, self.checksum = beat, checksum

    @property
    def closed(self):
        return self.close_code is not None

    async def wait(self, match, timeout=TIMEOUT):
        """Takes from the inbox the first message that matches: a type's name, or a function of
        the message. Fails after `timeout` seconds, or when the connection closed first."""
        test = match if callable(match) else (lambda m: m.get("t") == match)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if test(m):
                    return self.inbox.pop(i)
            if self.closed:
                raise AssertionError("closed (%s %r) while waiting for %s; got %s"
                                     % (self.close_code, self.close_reason, match,
                                        [m.get("t") for m in self.inbox]))
            self.arrived.clear()
            left = deadline - loop.time()
            try:
                await asyncio.wait_for(self.arrived.wait(), max(left, 0))
            except asyncio.TimeoutError:
                raise Timeout("no message matched %s within %ss; got %s"
                              % (match, timeout, [m.get("t") for m in self.inbox]))

    async def wait_closed(self, timeout=TIMEOUT):
        """Waits for the server to close the connection: (code, reason)."""
        try:
            await asyncio.wait_for(asyncio.shield(self._reader), timeout)
        except asyncio.TimeoutError:
            raise Timeout("the connection was not closed within %ss" % timeout)
        return self.close_code, self.close_reason

    def drop(self, types):
        """Forgets the messages of these types waiting in the inbox."""
        self.inbox = [m for m in self.inbox if m.get("t") not in types]

    # What is sent.

    async def send(self, message):
        """Sends a message: a dict as JSON, a str or bytes as they are."""
        if isinstance(message, dict):
            message = json.dumps(message, separators=(",", ":"))
        try:
            await self.socket.send(message)
        except websockets.ConnectionClosed:
            pass  # the close, with its code, is what the caller waits for

    async def send_text_bytes(self, data):
        """Sends bytes as a text frame as they are, UTF-8 or not (a hostile client's)."""
        try:
            await self.socket.write_frame(True, OP_TEXT, data)
        except websockets.ConnectionClosed:
            pass

    async def close(self):
        await self.socket.close()
        await self._reader

    async def create(self, game, seed=None, packs=None, seats=None):
        """Creates a game; its id."""
        m = {"t": "create", "game": game}
        if seed is not None:
            m["seed"] = seed
        if packs is not None:
            m["packs"] = packs
        if seats is not None:
            m["seats"] = seats
        await self.send(m)
        return (await self.wait("created"))["game"]

    async def join(self, game, seat=None, token=None):
        """Takes a seat (or comes back to one with its token); the `state` that follows."""
        m = {"t": "join", "game": game}
        if seat is not None:
            m["seat"] = seat
        if token is not None:
            m["token"] = token
        await self.send(m)
        await self.wait("joined")
        return await self.wait("state")

    async def watch(self, game, seat=0):
        await self.send({"t": "watch", "game": game, "seat": seat})
        return await self.wait("state")

    async def leave(self):
        await self.send({"t": "leave"})

    async def choose(self, choice, answers=None, beat=None):
        m = {"t": "choose", "beat": self.beat if beat is None else beat, "choice": choice}
        if answers:
            m["answers"] = answers
        await self.send(m)

    async def answer(self, answer, beat=None):
        await self.send({"t": "answer", "beat": self.beat if beat is None else beat,
                         "answer": answer})

    async def cancel(self, beat=None):
        await self.send({"t": "cancel", "beat": self.beat if beat is None else beat})

    async def undo(self, beat=None):
        await self.send({"t": "undo", "beat": self.beat if beat is None else beat})

    async def chat(self, text):
        await self.send({"t": "chat", "text": text})

    async def sync(self):
        """Asks for the state again; the `state` that answers (states that came before it are
        dropped)."""
        self.drop(("state",))
        await self.send({"t": "sync"})
        return await self.wait("state")

    async def history(self, start=None, end=None):
        m = {"t": "history"}
        if start is not None:
            m["from"] = start
        if end is not None:
            m["to"] = end
        await self.send(m)
        return await self.wait("history")


async def handshake_status(url, origin=None, subprotocol=SUBPROTOCOL, timeout=TIMEOUT):
    """The HTTP status the server answers a WebSocket handshake with (101: taken on), read
    from the raw response: a refusal may come as HTTP/1.0, which websockets does not read."""
    match = re.match(r"^ws://([^:/]+):(\d+)(/.*)$", url)
    host, port, path = match.group(1), int(match.group(2)), match.group(3)
    reader, writer = await asyncio.open_connection(host, port)
    lines = ["GET %s HTTP/1.1" % path, "Host: %s:%d" % (host, port), "Upgrade: websocket",
             "Connection: Upgrade", "Sec-WebSocket-Key: %s" % base64.b64encode(os.urandom(16))
             .decode(), "Sec-WebSocket-Version: 13"]
    if origin:
        lines.append("Origin: %s" % origin)
    if subprotocol:
        lines.append("Sec-WebSocket-Protocol: %s" % subprotocol)
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    try:
        status = await asyncio.wait_for(reader.readline(), timeout)
    finally:
        writer.close()
    return int(status.split()[1])


def run(coroutine):
    """Runs a test's coroutine; the process's status says whether it passed."""
    try:
        asyncio.run(coroutine)
    except AssertionError as e:
        print("FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)


async def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the socket's address, ws://HOST:PORT/ws")
    parser.add_argument("messages", nargs="*", help="messages to send, as JSON, in order")
    parser.add_argument("--origin", help="the Origin header (the server's own by default)")
    parser.add_argument("--idle", type=float, default=1.0,
                        help="seconds without a message before it stops (1)")
    args = parser.parse_args(argv)
    client = await Client.connect(args.url, origin=args.origin)
    for text in args.messages:
        await client.send(text)
    while True:
        try:
            message = await client.wait(lambda m: True, timeout=args.idle)
        except (Timeout, AssertionError):
            break
        print(json.dumps(message, separators=(",", ":")), flush=True)
    if client.closed:
        print("closed %s %s" % (client.close_code, client.close_reason), flush=True)
    else:
        await client.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
