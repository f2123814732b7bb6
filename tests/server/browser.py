#!/usr/bin/python3
"""The browser client played end to end.

Starts `cairn serve` on a free port with a fresh database and the fixture pack `pair` (two
heroes either side of a brute whose slam asks each of them a reaction), then headless
Chromium, which it drives through the DevTools protocol: the page creates the game in its
lobby and plays seat 1 by keys and clicks, while a socket client (client.py) plays seat 2. It
proves that the page
- draws the seat's view and hand, and makes its choices by the terminal's keys;
- answers the reaction asked of it as a menu, and declines one with Esc;
- answers a number's and a yes-or-no menu by keys, and says why an undo is refused;
- shows who decides while the other seat is asked;
- comes back to its seat and its question when its connection drops;
- aims a card with the targeting cursor (move keys, Tab, Enter);
- steps toward a clicked cell;
- catches up when it finds itself out of step;
- steps back through the beats as a spectator;
- goes back to the lobby, saying why, from a game that is not there.

usage: browser.py CAIRN [SOURCE_DIR]   ($CHROMIUM, else `chromium` on the PATH: the browser;
                                       exit 77, the test skipped, without one)
"""
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request

import websockets

from client import Client, Server

HERE = os.path.dirname(os.path.abspath(__file__))
PACK = os.path.join(HERE, "fixtures", "pair")
TIMEOUT = 20.0  # seconds any one thing may take before the test fails
SKIP = 77


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


def drain(stream):
    """Reads what a child writes until it ends, so that a full pipe never stops it."""
    threading.Thread(target=lambda: [None for _ in stream], daemon=True).start()


# --- the browser ----------------------------------------------------------------------------


def start_chromium(chromium, tmp):
    profile = os.path.join(tmp, "profile")
    proc = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1",
         "--remote-debugging-port=0", "--window-size=1200,900", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if m:
            drain(proc.stderr)
            return proc, int(m.group(1))
    raise Failed("Chromium did not open its DevTools port")


class Page:
    """A tab of the browser, driven through the DevTools protocol."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.pending = {}
        self.errors = []
        self.reader = asyncio.ensure_future(self.read())

    @classmethod
    async def open(cls, devtools_port):
        req = urllib.request.Request("http://127.0.0.1:%d/json/new?about:blank" % devtools_port,
                                     method="PUT")
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            target = json.load(r)
        ws = await websockets.connect(target["webSocketDebuggerUrl"], max_size=None)
        page = cls(ws)
        await page.call("Runtime.enable")
        await page.call("Page.enable")
        return page

    async def read(self):
        try:
            async for text in self.ws:
                m = json.loads(text)
                if "id" in m and m["id"] in self.pending:
                    self.pending.pop(m["id"]).set_result(m)
                elif m.get("method") == "Runtime.exceptionThrown":
                    self.errors.append(m["params"]["exceptionDetails"])
        except websockets.ConnectionClosed:
            pass  # the browser is gone: what waits on it times out, saying what it waited for

    async def snapshot(self):
        """What the page shows and the last messages it received, for a failure's report."""
        return await self.eval("""JSON.stringify({body: Object.assign({}, document.body.dataset),
            notice: document.getElementById('notice').textContent,
            deciding: document.getElementById('deciding').textContent,
            recent: window.cairn.recent.map((m) => JSON.stringify(m).slice(0, 400))}, null, 1)""")

    async def call(self, method, **params):
        self.next_id += 1
        done = asyncio.get_event_loop().create_future()
        self.pending[self.next_id] = done
        await self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        m = await asyncio.wait_for(done, TIMEOUT + 5)
        if "error" in m:
            raise Failed("%s: %s" % (method, m["error"]))
        return m["result"]

    async def eval(self, expr):
        r = await self.call("Runtime.evaluate", expression=expr, returnByValue=True,
                            awaitPromise=True)
        if "exceptionDetails" in r:
            raise Failed("%s: %s" % (expr[:80], r["exceptionDetails"].get("exception", {})
                                     .get("description", r["exceptionDetails"])))
        return r["result"].get("value")

    async def until(self, cond, what):
        """The value of the page's expression `cond` once it is true: looked at again each time
        the page's DOM changes, until the timeout."""
        js = """new Promise((ok, no) => {
          const look = () => { try { return (%s); } catch (e) { return null; } };
          let v = look();
          if (v) return ok(v);
          const o = new MutationObserver(() => {
            v = look();
            if (v) { o.disconnect(); clearTimeout(t); ok(v); }
          });
          o.observe(document, {subtree: true, childList: true, attributes: true,
                               characterData: true});
          const t = setTimeout(() => { o.disconnect(); no(new Error("timeout")); }, %d);
        })""" % (cond, int(TIMEOUT * 1000))
        try:
            return await self.eval(js)
        except Failed:
            raise Failed("the page waited in vain for %s" % what) from None

    async def key(self, key, code=None, text=None, vk=0, shift=False):
        """A key pressed and released, as a keyboard's would be."""
        if text is None and len(key) == 1:
            text = key
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key,
                "code": code or "", "windowsVirtualKeyCode": vk,
                "modifiers": 8 if shift else 0}
        if text:
            down["text"] = text
        await self.call("Input.dispatchKeyEvent", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code or "",
                        windowsVirtualKeyCode=vk, modifiers=down["modifiers"])

    async def click(self, selector):
        """A click at the middle of the element, as a mouse's (or a finger's) would be."""
        box = await self.eval("""(() => { const r = document.querySelector(%s)
            .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"""
                              % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1],
                            button="left", clickCount=1)

    async def close(self):
        await self.ws.close()
        self.reader.cancel()


# --- the game -------------------------------------------------------------------------------


def cell(x, y):
    return "#map .cell[data-x='%d'][data-y='%d']" % (x, y)


def glyph_at(state, x, y):
    return list(state["view"]["glyphs"][y])[x]


async def create_in_lobby(page, url):
    """The page's lobby makes a game of `pair` for two people; its id, as the page shows it."""
    await page.call("Page.navigate", url=url)
    pair = await page.until("""Array.from(document.querySelectorAll('#create-game option'))
        .map((o) => o.value).find((v) => /(^|:)pair$/.test(v))""",
                            "the lobby to offer the game pair")
    await page.eval("""(() => {
        document.getElementById('create-game').value = %s;
        document.querySelector('#create-packs input[value="pair"]').checked = true;
        document.getElementById('create-seed').value = '1';
        const seats = document.getElementById('create-seats');
        seats.value = '2';
        seats.dispatchEvent(new Event('input'));
        return true; })()""" % json.dumps(pair))
    await page.click("#create-go")
    return await page.until("document.getElementById('created').dataset.game",
                            "the game to be created")


async def seat_wait(two, match, what):
    """Seat 2's first message that `match` accepts, as a failure of this test if none comes."""
    try:
        return await two.wait(match, timeout=TIMEOUT)
    except AssertionError as e:
        raise Failed("seat 2 waited in vain for %s: %s" % (what, e)) from None


def asked_of(seat):
    return lambda m: (m.get("t") == "state" and m.get("prompt") is not None and
                      m["prompt"].get("seat") == seat)


def deciding(m):
    """Who decides what, as a `deciding` message or a state's `deciding` says."""
    d = m if m.get("t") == "deciding" else m.get("deciding") if m.get("t") == "state" else None
    return (d.get("seat"), d.get("what")) if d else None


def wait_choice(state):
    for c in state["choices"]:
        if c["key"] == ".":
            return c["name"]
    raise Failed("no choice has the key '.'")


async def seat_2s_turn(two):
    """Seats give their inputs in turn: seat 2 waits for word that seat 1's is in, then waits
    itself. The beat being played (every message until it is played says it)."""
    beat = two.beat
    await seat_wait(two, lambda m: m.get("beat") == beat and deciding(m) == (2, "input"),
                    "seat 2's turn to choose")
    await two.choose(wait_choice(two.state))
    return beat


async def pass_question(two, beat):
    """Seat 2 passes the reaction asked of it in this beat (the menu's last option)."""
    asked = await seat_wait(two, lambda m: m.get("beat") == beat and asked_of(2)(m),
                            "seat 2's reaction question")
    check(asked["prompt"]["kind"] == "pick", "seat 2's question is a menu")
    await two.answer(str(len(asked["prompt"]["options"])))


async def beat_played(two, beat, may_ask=False):
    """The beat played, as seat 2 sees it; with may_ask, the question it may be asked on the
    way (one at most: a reaction point a beat) passed."""
    def done(m):
        return m.get("t") == "beat" and m["beat"] == beat + 1
    asked = False
    while True:
        m = await seat_wait(two, lambda m: done(m) or (may_ask and not asked and
                                                       m.get("beat") == beat and asked_of(2)(m)),
                            "beat %d played" % (beat + 1))
        if done(m):
            break
        await two.answer(str(len(m["prompt"]["options"])))
        asked = True
    await seat_wait(two, lambda m: m.get("t") == "state" and m["beat"] == beat + 1,
                    "the state after beat %d" % (beat + 1))
    return beat + 1


async def page_at(page, beat):
    """The page's checksum once it draws the state of the beat: not only the `beat` message,
    which comes first, since the page's keys act on the choices of the state it draws."""
    return await page.until("window.cairn.state && window.cairn.state.beat === %d && "
                            "document.body.dataset.beat === '%d' && "
                            "document.body.dataset.checksum" % (beat, beat),
                            "the page at beat %d" % beat)


async def option_key(page, pattern):
    """The key of the menu's first option that matches the pattern (a regular expression)."""
    label = await page.until("""(() => {
        for (const li of document.querySelectorAll('#prompt-options .option'))
          if (/%s/i.test(li.textContent)) return li.querySelector('kbd').textContent;
        return null; })()""" % pattern, "an option /%s/ in the menu" % pattern)
    return label


async def first_beat(page, two):
    """Both seats wait; the brute's slam asks seat 1 (the page) then seat 2 (the socket)."""
    await page.key(".", code="Period", vk=190)
    beat = await seat_2s_turn(two)
    # Seat 1 is asked first: the page shows the question as a menu; seat 2 is told who decides.
    menu = await page.until("document.body.dataset.prompt === 'pick' && "
                            "document.getElementById('prompt-text').textContent",
                            "seat 1's reaction menu")
    check(menu.strip(), "the reaction menu says what it asks")
    await seat_wait(two, lambda m: m.get("beat") == beat and deciding(m) == (1, "question"),
                    "word that seat 1 answers a question")
    await connection_lost(page)
    await page.key(await option_key(page, "dodge"))
    # Then seat 2 is asked, and the page says so.
    await page.until("document.getElementById('deciding').dataset.seat === '2'",
                     "the page to show seat 2 deciding")
    await pass_question(two, beat)
    beat = await beat_played(two, beat)
    shown = await page_at(page, beat)
    check(shown == two.state["checksum"], "the page and seat 2 see the same world")
    log = await page.eval("document.getElementById('log').textContent")
    check("dodge" in log.lower(), "the page's log tells of seat 1's dodge: %r" % log)


async def connection_lost(page):
    """The page's socket drops while a question waits for it: the page connects again, takes
    its seat back with its token, and the question is asked again."""
    await page.eval("window.cairn.recent = []; window.cairn.ws.close(); true")
    await page.until("""document.getElementById('link').dataset.state === 'open' &&
        window.cairn.recent.some((m) => m.t === 'joined' && m.seat === 1) &&
        window.cairn.recent.some((m) => m.t === 'state' && m.prompt && m.prompt.seat === 1)""",
                     "the page back in its seat, asked again")


def has_cursor(x, y):
    return "document.querySelector(%s).classList.contains('cursor')" % json.dumps(cell(x, y))


async def strike_with_the_cursor(page, two):
    """Seat 1 plays its strike from its hand (c, then the card's key in the menu): the cursor
    starts on the brute, the only foe in range; a move key moves it off, Tab brings it back to
    the candidate, Enter strikes. The slam asks again, and Esc declines (the default)."""
    await page.until("/strike/.test(document.getElementById('panel').textContent)",
                     "the strike in the hand on the panel")
    await page.key("c", code="KeyC", vk=67)
    await page.key(await option_key(page, "strike"))
    await page.until("document.body.dataset.prompt === 'select' && " + has_cursor(3, 1),
                     "the cursor on the brute")
    await page.key("h", code="KeyH", vk=72)
    await page.until(has_cursor(2, 1), "the cursor a cell west")
    await page.key("Tab", code="Tab", vk=9)
    await page.until(has_cursor(3, 1), "the cursor back on the brute")
    await page.key("Enter", code="Enter", vk=13)
    beat = await seat_2s_turn(two)
    await page.until("document.body.dataset.prompt === 'pick' && "
                     "document.body.dataset.promptName === 'reaction'", "seat 1's reaction menu")
    await page.key("Escape", code="Escape", vk=27)
    await pass_question(two, beat)
    beat = await beat_played(two, beat)
    await page_at(page, beat)
    log = await page.eval("document.getElementById('log').textContent")
    check("you strike" in log.lower(), "the page's log tells of the strike: %r" % log)


async def click_a_step(page, two):
    """A click two cells west of seat 1's hero steps it west: the page asks the game for the
    direction, then answers it."""
    check(glyph_at(two.state, 2, 1) == "@", "seat 1's hero stands at 2,1")
    await page.click(cell(0, 1))
    beat = await seat_2s_turn(two)
    beat = await beat_played(two, beat, may_ask=True)
    await page_at(page, beat)
    await page.until("document.querySelector(%s).textContent === '@'" % json.dumps(cell(1, 1)),
                     "seat 1's hero drawn a step west")


async def shout_by_menus(page, two):
    """The number and yes-or-no menus: s (the fixture's shout), 3 and Enter, then y. Undo, in
    a game of two people, is refused, and the page says why."""
    await page.key("u", code="KeyU", vk=85)
    await page.until("document.getElementById('notice').textContent", "why undo is refused")
    await page.key("s", code="KeyS", vk=83)
    await page.until("document.body.dataset.prompt === 'number'", "the number's menu")
    await page.key("3", code="Digit3", vk=51)
    await page.until("document.getElementById('prompt-number').value === '3'",
                     "the number typed shown")
    await page.key("Enter", code="Enter", vk=13)
    await page.until("document.body.dataset.prompt === 'confirm'", "the yes-or-no menu")
    await page.key("y", code="KeyY", vk=89)
    beat = await seat_2s_turn(two)
    beat = await beat_played(two, beat, may_ask=True)
    await page_at(page, beat)
    await page.until("/shouted 3 loud/.test(document.getElementById('panel').textContent)",
                     "the panel saying how loud seat 1 shouted")


async def out_of_step(page, two):
    """The page, its world made to differ from the server's, notices at the next message of
    the same beat and asks for the whole state, which puts it right."""
    syncs = await page.eval("window.cairn.syncs")
    real = await page.eval("window.cairn.checksum")
    await page.eval("window.cairn.checksum = '0000000000000000', true")
    await two.chat("hello")
    await page.until("window.cairn.syncs === %d && document.body.dataset.checksum === %s" %
                     (syncs + 1, json.dumps(real)), "the page to catch up")


async def spectator_steps_back(devtools, url, game, beat):
    """A spectator's page follows the game and steps back to the beats before."""
    page = await Page.open(devtools)
    try:
        await page.call("Page.navigate", url=url + "?game=%s&watch=1" % game)
        await page.until("document.body.dataset.beat === '%d' && "
                         "document.body.dataset.seat === '0'" % beat, "the spectator's view")
        await page.key("[", code="BracketLeft", vk=219)
        shown = await page.until("document.getElementById('hist-at').dataset.beat",
                                 "the beats kept")
        await page.key("[", code="BracketLeft", vk=219)
        back = await page.until("document.getElementById('hist-at').dataset.beat !== %s && "
                                "document.getElementById('hist-at').dataset.beat" %
                                json.dumps(shown), "a beat further back")
        check(int(back) < int(shown), "[ steps back a beat: %s then %s" % (shown, back))
        await page.key("Escape", code="Escape", vk=27)
        await page.until("document.getElementById('hist-at').dataset.beat === ''",
                         "the spectator back at the game as it stands")
    finally:
        await page.close()


async def no_such_game(page, url):
    """A page sent to a game that is not there comes back to the lobby, saying why."""
    await page.call("Page.navigate", url=url + "?game=%s&seat=1" % ("0" * 32))
    why = await page.until("!document.getElementById('lobby').hidden && "
                           "document.getElementById('lobby-error').textContent",
                           "the lobby, saying the game is not there")
    check("game=" not in await page.eval("location.search"), "the address names no game")
    return why


async def play(cairn, chromium, tmp):
    server = await Server(cairn=cairn, db=os.path.join(tmp, "games.sqlite"),
                          packs=[PACK]).start()
    url = "http://127.0.0.1:%d/" % server.port
    browser = None
    try:
        browser, devtools = start_chromium(chromium, tmp)
        page = await Page.open(devtools)
        game = await create_in_lobby(page, url)
        await page.click("#join-1")
        await page.until("document.body.dataset.seat === '1' && "
                         "!!document.querySelector('#map .cell')", "seat 1's map")
        two = await Client.connect(server.url)
        await two.join(game, seat=2)
        try:
            await first_beat(page, two)
            await strike_with_the_cursor(page, two)
            await click_a_step(page, two)
            await shout_by_menus(page, two)
            await out_of_step(page, two)
        except Failed as e:
            raise Failed("%s\nthe page: %s\nseat 2's last: %s" %
                         (e, await page.snapshot(), json.dumps(two.state)[:600])) from None
        await spectator_steps_back(devtools, url, game, two.state["beat"])
        await no_such_game(page, url)
        check(not page.errors, "the page threw: %s" % page.errors)
        await two.close()
        await page.close()
    finally:
        if browser:
            browser.kill()
            browser.wait()
        await server.stop()


def main():
    if len(sys.argv) < 2:
        print(__doc__[__doc__.index("usage:"):].rstrip(), file=sys.stderr)
        return 2
    cairn = os.path.abspath(sys.argv[1])
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not chromium or not os.access(chromium, os.X_OK):
        print("browser.py: no Chromium: skipped")
        return SKIP
    tmp = tempfile.mkdtemp(prefix="cairn-browser-")
    try:
        asyncio.run(play(cairn, chromium, tmp))
    except (Failed, AssertionError) as e:
        print("browser.py: FAILED: %s" % e)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("browser.py: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
