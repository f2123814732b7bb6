#!/usr/bin/python3
"""The server's network half end to end (runtime/server/net.c, docs/server.md): what `cairn
serve` answers over HTTP, and each limit a client meets, with its close code or HTTP status.

    tests/server/net.py CAIRN SOURCE_DIR

Each check starts from a server of its own on a free port of the loopback address, with a
fresh store, and prints what it proved. No sleeps: every wait is for a message, with a timeout.
"""

import asyncio
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile

import websockets

SUBPROTOCOL = "cairn.1"
TIMEOUT = 10


class Server:
    """`cairn serve --port 0 ARGS` until the block ends; it must then stop cleanly on SIGTERM."""

    def __init__(self, cairn, tmp, *args, db=None):
        self.cairn, self.tmp, self.args, self.db = cairn, tmp, list(args), db

    def __enter__(self):
        db = self.db or os.path.join(self.tmp, "games-%d.sqlite" % len(os.listdir(self.tmp)))
        self.process = subprocess.Popen([self.cairn, "serve", "--port", "0", "--db", db]
                                        + self.args, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        prefix = "cairn serve: listening on http://127.0.0.1:"
        assert line.startswith(prefix), "the listening line, not %r" % line
        self.port = int(line[len(prefix):].rstrip("/\n"))
        self.url = "ws://127.0.0.1:%d/ws" % self.port
        return self

    def __exit__(self, *exc):
        if self.process.poll() is not None:
            return  # killed on purpose
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(TIMEOUT)
        assert exc[0] or status == 0, "cairn serve stopped with %d on SIGTERM" % status

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(TIMEOUT)

    def get(self, path, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        c.request("GET", path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        c.close()
        return r.status, body


async def connect(server, **kw):
    kw.setdefault("subprotocols", [SUBPROTOCOL])
    ws = await websockets.connect(server.url, max_size=None, **kw)
    welcome = await receive(ws)
    assert welcome["t"] == "welcome", welcome
    return ws


async def receive(ws, t=None):
    """The next message (of type t, skipping others)."""
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if t is None or m["t"] == t:
            return m


async def closed_with(ws, *messages):
    """Sends the messages, reads until the server closes, and gives the close code."""
    try:
        for m in messages:
            await ws.send(m)
        while True:
            await asyncio.wait_for(ws.recv(), TIMEOUT)
    except websockets.ConnectionClosed as e:
        return e.code, e.reason


async def new_game(ws, seats=None):
    await ws.send(json.dumps({"t": "create", "game": "dungeon", "seed": 3,
                              "seats": seats or [None]}))
    return (await receive(ws, "created"))["game"]


async def seated(server):
    """A socket on seat 1 of a new game of one seat, and the game's id."""
    ws = await connect(server)
    game = await new_game(ws)
    await ws.send(json.dumps({"t": "join", "game": game, "seat": 1}))
    await receive(ws, "state")
    return ws, game


def handshake_status(server, path="/ws", protocol=SUBPROTOCOL, origin=None):
    headers = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    if protocol:
        headers["Sec-WebSocket-Protocol"] = protocol
    if origin:
        headers["Origin"] = origin
    return server.get(path, headers)[0]


# --- the checks -----------------------------------------------------------------------------

async def http_files_and_replay(cairn, tmp, root):
    client = os.path.join(tmp, "client")
    os.makedirs(client, exist_ok=True)
    for name in ("index.html", "client.js", "style.css"):
        with open(os.path.join(client, name), "w") as f:
            f.write("the file %s\n" % name)
    with Server(cairn, tmp, "--client", client) as s:
        for path, name in (("/", "index.html"), ("/client.js", "client.js"),
                           ("/style.css", "style.css")):
            assert s.get(path) == (200, b"the file %s\n" % name.encode()), path
        for path in ("/nothing", "/../net.py", "/games/0123/replay"):
            assert s.get(path)[0] == 404, path
        ws, game = await seated(s)
        await ws.send(json.dumps({"t": "choose", "beat": 0, "choice": "wait"}))
        await receive(ws, "beat")
        status, replay = s.get("/games/%s/replay" % game)
        assert status == 200, status
        await ws.close()
    path = os.path.join(tmp, "game.replay")
    with open(path, "wb") as f:
        f.write(replay)
    verified = subprocess.run([cairn, "replay", path, "--verify", "--partial"],
                              capture_output=True, text=True)
    assert verified.returncode == 0 and verified.stdout.startswith("verified: 1 beats"), \
        verified.stdout + verified.stderr
    print("ok: the client's files are served, nothing else is, and a game's replay verifies")


async def play_and_chat(cairn, tmp, root):
    with Server(cairn, tmp) as s:
        ws, game = await seated(s)
        watcher = await connect(s)
        await watcher.send(json.dumps({"t": "watch", "game": game}))
        assert (await receive(watcher, "state"))["seat"] == 0
        await ws.send(json.dumps({"t": "choose", "beat": 0, "choice": "wait"}))
        beat = await receive(ws, "beat")
        assert beat["beat"] == 1 and (await receive(watcher, "beat"))["beat"] == 1
        await ws.send(json.dumps({"t": "chat", "text": "hello"}))
        for w in (ws, watcher):
            chat = await receive(w, "chat")
            assert (chat["seat"], chat["text"], chat["beat"]) == (1, "hello", 1), chat
        await ws.send(json.dumps({"t": "choose", "beat": 0, "choice": "wait"}))
        error = await receive(ws, "error")
        assert error["code"] == "stale" and (await receive(ws))["t"] == "state", error
        await ws.send(json.dumps({"t": "history"}))
        assert (await receive(ws, "error"))["code"] == "invalid"
        await watcher.send(json.dumps({"t": "history"}))
        assert [b["beat"] for b in (await receive(watcher, "history"))["beats"]][-1] == 1
        code = await closed_with(watcher, json.dumps({"t": "choose", "choice": "wait"}))
        assert code[0] == 4003, code
        await ws.close()
    print("ok: a seat plays, a spectator sees its beats, chat reaches both, a stale action is"
          " refused with a fresh state, the beats' history is the spectators' alone, a"
          " spectator cannot act (4003)")


async def seats_and_tokens(cairn, tmp, root):
    with Server(cairn, tmp) as s:
        first = await connect(s)
        game = await new_game(first)
        await first.send(json.dumps({"t": "join", "game": game}))
        token = (await receive(first, "joined"))["token"]
        assert len(token) == 64, token
        seats = (await receive(first, "state"))["seats"]
        assert seats[0]["connected"], "the seat's own first state says it is away: %s" % seats
        other = await connect(s)
        await other.send(json.dumps({"t": "join", "game": game, "seat": 1}))
        assert (await receive(other, "error"))["code"] == "full"
        back = await connect(s)
        await back.send(json.dumps({"t": "join", "game": game, "token": token}))
        joined = await receive(back, "joined")
        assert (joined["seat"], joined["token"]) == (1, token), joined
        assert (await closed_with(first))[0] == 4005
        assert (await closed_with(other, json.dumps(
            {"t": "join", "game": game, "token": "0" * 64})))[0] == 4005
        stranger = await connect(s)
        assert (await closed_with(stranger, json.dumps(
            {"t": "join", "game": "0123456789abcdef"})))[0] == 4005
        await back.close()
    print("ok: a seat joined is connected in its first state; its token brings it back on a"
          " new socket (the old one is closed 4005); a taken seat is 'full'; a bad token or"
          " game closes 4005")


async def handshake(cairn, tmp, root):
    with Server(cairn, tmp) as s:
        assert handshake_status(s, origin="http://evil.example") == 403
        assert handshake_status(s, path="/other") == 404
        assert handshake_status(s, protocol="chat") == 400
        ws = await connect(s, origin="http://127.0.0.1:%d" % s.port)
        await ws.close()
        ws = await websockets.connect(s.url)
        assert (await closed_with(ws))[0] == 4000
    with Server(cairn, tmp, "--origin", "https://play.example") as s:
        ws = await connect(s, origin="https://play.example")
        await ws.close()
        assert handshake_status(s, origin="http://127.0.0.1:%d" % s.port) == 403
    with Server(cairn, tmp, "--max-connections", "2") as s:
        a, b = await connect(s), await connect(s)
        assert handshake_status(s) == 503
        await a.close()
        await a.wait_closed()
        c = await connect(s)
        for ws in (b, c):
            await ws.close()
    print("ok: the handshake refuses another origin (403), path (404), subprotocol (400) and"
          " sockets past --max-connections (503); no subprotocol closes 4000")


async def messages(cairn, tmp, root):
    with Server(cairn, tmp) as s:
        ws = await connect(s)
        assert (await closed_with(ws, "x" * 5000))[0] == 4002
        ws = await connect(s)
        pieces = ["[" * 1000] * 5
        assert (await closed_with(ws, pieces))[0] == 4002
        ws = await connect(s)
        await ws.send(['{"t":"create",', '"game":"dungeon",', ' ' * 3000 + '"seed":4}'])
        assert (await receive(ws))["t"] == "created"
        assert (await closed_with(ws, b'{"t":"sync"}'))[0] == 4001
        ws = await connect(s)
        assert (await closed_with(ws, "{not json"))[0] == 4001
        # A message after the one refused is still unread when the server decides to close:
        # the close frame must get out all the same, every time.
        for _ in range(10):
            ws = await connect(s)
            code = await closed_with(ws, *['{"t":"sync"}'] * 5)
            assert code[0] == 4003, code
    print("ok: a message over 4096 bytes closes 4002, whole or in pieces; one gathered from"
          " pieces is read; binary or malformed closes 4001; the close frame always gets out")


async def flood(cairn, tmp, root):
    with Server(cairn, tmp) as s:
        ws, game = await seated(s)
        calm = await connect(s)
        await calm.send(json.dumps({"t": "watch", "game": game}))
        await receive(calm, "state")
        code = await closed_with(ws, *['{"t":"sync"}'] * 100)
        assert code[0] == 4004, code
        await calm.send('{"t":"sync"}')
        assert (await receive(calm))["t"] == "state"
        await calm.close()
    print("ok: a socket sending past its rate is closed 4004; another in its game goes on")


async def deadline(cairn, tmp, root):
    pack = os.path.join(root, "tests", "server", "fixtures", "hasty")
    db = os.path.join(tmp, "hasty.sqlite")
    with Server(cairn, tmp, "--pack", pack, db=db) as s:
        ws = await connect(s)
        await ws.send(json.dumps({"t": "create", "game": "hasty", "packs": ["hasty"],
                                  "seed": 1}))
        game = (await receive(ws, "created"))["game"]
        await ws.send(json.dumps({"t": "join", "game": game, "seat": 1}))
        await receive(ws, "state")
        await ws.send(json.dumps({"t": "choose", "beat": 0, "choice": "wait"}))
        asked = await receive(ws, "state")
        assert asked["prompt"] and asked["deciding"]["what"] == "question", asked
        # Nobody answers: the server does, with the default, once the time is up.
        done = await receive(ws, "state")
        assert done["beat"] == 1 and not done["prompt"], done
        s.kill()
    with Server(cairn, tmp, "--pack", pack, db=db) as s:
        ws = await connect(s)
        await ws.send(json.dumps({"t": "watch", "game": game}))
        again = await receive(ws, "state")
        assert (again["beat"], again["checksum"]) == (done["beat"], done["checksum"]), again
        await ws.close()
    print("ok: a question left unanswered is answered with its default when its time is up,"
          " and that is stored: killed and started again, the game is where it was")


def read_frames(sock):
    """The frames the server sent on a raw socket after its handshake's answer, until its
    close frame: (opcode, payload)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    data = data[data.index(b"\r\n\r\n") + 4:]
    while True:
        while len(data) < 2 or len(data) < frame_end(data):
            chunk = sock.recv(65536)
            if not chunk:
                return
            data += chunk
        end = frame_end(data)
        head = 2 + {126: 2, 127: 8}.get(data[1] & 127, 0)
        yield data[0] & 15, data[head:end]
        if data[0] & 15 == 8:
            return
        data = data[end:]


def frame_end(data):
    n = data[1] & 127
    if n == 126:
        return 4 + int.from_bytes(data[2:4], "big") if len(data) >= 4 else 1 << 62
    if n == 127:
        return 10 + int.from_bytes(data[2:10], "big") if len(data) >= 10 else 1 << 62
    return 2 + n


def raw_watcher(port, game):
    """A socket that watches the game and reads nothing, its window kept small."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: cairn.1\r\n\r\n")
                 .encode())
    text = json.dumps({"t": "watch", "game": game}).encode()
    sock.sendall(bytes([0x81, 0x80 | len(text)]) + b"\0\0\0\0" + text)
    return sock


async def slow_reader(cairn, tmp, root):
    with Server(cairn, tmp, "--rate", "100000") as s:
        ws, game = await seated(s)
        slow = raw_watcher(s.port, game)
        # The sender reads its own lines as it goes: it is no slow reader. 30,000 lines of 300
        # bytes are more than the kernel's buffers hold for the other (4 MiB at most).
        line = json.dumps({"t": "chat", "text": "x" * 200})
        for _ in range(1000):
            for _ in range(30):
                await ws.send(line)
            for _ in range(30):
                await receive(ws, "chat")
        # Only now does it read: the server keeps a socket closed as too slow a minute for
        # it to read its close frame, however long the lines above took to send.
        slow.settimeout(TIMEOUT)
        frames = list(read_frames(slow))
        slow.close()
        assert frames and frames[-1][0] == 8, "no close frame"
        code = int.from_bytes(frames[-1][1][:2], "big")
        assert code == 4008, code
        assert len(frames) < 30000, "every chat line reached the slow reader"
        await ws.close()
    print("ok: a socket that does not read is closed 4008 once its queue is full, its queue"
          " dropped (%d frames of 30000 reached it); the sender is served" % len(frames))


async def main():
    cairn, root = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        for check in (http_files_and_replay, play_and_chat, seats_and_tokens, handshake,
                      messages, flood, slow_reader, deadline):
            await check(cairn, tmp, root)


if __name__ == "__main__":
    asyncio.run(main())
