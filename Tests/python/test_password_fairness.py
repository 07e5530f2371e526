"""Password work is shared out in turns per client address: a burst of logins or signups from
one address does not put another address's login behind the whole burst, and an address with
more signups and logins in progress than its slots allow is refused at once.

Against a real server with real (memory-hard, ~0.1 s) password hashing, so that each job takes
long enough for its place in the queue to decide the order of the replies. Addresses differ by
binding the client sockets to 127.0.0.2 (the flood) and 127.0.0.3 (the victim); all of 127/8 is
loopback. The tests wait for state (the server's own count of waiting jobs in /metrics), never
for time, and assert the order in which replies arrive, never how long they took.
"""

import asyncio
import json
import os
import signal
import subprocess
import urllib.request

import pytest
from websockets.asyncio.client import connect

from test_protocol_flow import DEFAULT_BIN, STEP_TIMEOUT, _read_port

FLOOD = "127.0.0.2"
VICTIM = "127.0.0.3"
# The signups and logins one address may have in progress at once (Hub.Configuration's
# authenticationsPerAddress): a burst of this size is all admitted.
SLOTS = 8
BURST = SLOTS


@pytest.fixture
def slow_hashing_server(tmp_path):
    """`checkwire serve` with the production password hashing; yields its port."""
    binary = os.environ.get("CHECKWIRE_BIN", DEFAULT_BIN)
    assert os.access(binary, os.X_OK), f"checkwire binary not found at {binary}; set CHECKWIRE_BIN"
    stderr_path = tmp_path / "server.stderr"
    with open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--database", str(tmp_path / "db.sqlite"),
             "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=stderr, cwd=tmp_path,
        )
    try:
        yield _read_port(process, stderr_path)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


async def open_from(port, address):
    return await asyncio.wait_for(
        connect(f"ws://127.0.0.1:{port}/ws", subprotocols=["checkwire.v1"], proxy=None, compression=None,
                local_addr=(address, 0), open_timeout=STEP_TIMEOUT),
        STEP_TIMEOUT,
    )


async def reply_of(ws):
    """The next reply that is not a notice."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if message["type"] not in ("reminder", "listShared"):
            return message


def waiting(port, name):
    """A gauge from /metrics: password jobs waiting for a worker."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=STEP_TIMEOUT) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(f"checkwire_{name} "):
                return float(line.split()[1])
    return 0.0


async def wait_for_waiting(port, name, at_least):
    for _ in range(1000):
        if waiting(port, name) >= at_least:
            return
        await asyncio.sleep(0.005)
    pytest.fail(f"{name} never reached {at_least}")


async def burst_then_victim_login(port, burst_request, gauge):
    """Sends BURST requests from the flood address (one per connection, as a sprayer would),
    waits until at least half of them wait for a worker, then logs in from the victim address.
    Returns the order in which the replies arrived ("flood" or "victim")."""
    victim = await open_from(port, VICTIM)
    signup = {"type": "signup", "username": "victim", "password": "correct horse battery"}
    await victim.send(json.dumps(signup))
    assert (await reply_of(victim))["type"] == "authed"

    flood = [await open_from(port, FLOOD) for _ in range(BURST)]
    arrivals = []

    async def collect(ws, who):
        reply = await reply_of(ws)
        arrivals.append((who, reply))

    for index, ws in enumerate(flood):
        await ws.send(json.dumps(burst_request(index)))
    tasks = [asyncio.create_task(collect(ws, "flood")) for ws in flood]
    await wait_for_waiting(port, gauge, BURST // 2)
    await victim.send(json.dumps({"type": "login", "username": "victim", "password": "correct horse battery"}))
    tasks.append(asyncio.create_task(collect(victim, "victim")))
    await asyncio.wait_for(asyncio.gather(*tasks), 120)
    for ws in flood + [victim]:
        await ws.close()
    return arrivals


def test_a_password_spray_from_one_address_does_not_queue_another_addresss_login(slow_hashing_server):
    port = slow_hashing_server
    arrivals = asyncio.run(burst_then_victim_login(
        port, lambda i: {"type": "login", "username": f"nobody{i}", "password": "wrong password"},
        "login_checks_waiting"))
    order = [who for who, _ in arrivals]
    victim = dict(arrivals)["victim"]
    assert victim["type"] == "authed", victim
    assert all(reply["code"] == "unauthorized" for who, reply in arrivals if who == "flood")
    # At least BURST/2 of the spray's checks were waiting when the victim's came; the spray holds
    # at most two workers, so the victim's runs at once on the third, before most of them. In
    # arrival order it would be last.
    after = len(order) - 1 - order.index("victim")
    assert after >= BURST // 2 - 2, order


def test_a_signup_flood_from_one_address_does_not_queue_another_addresss_login(slow_hashing_server):
    port = slow_hashing_server
    arrivals = asyncio.run(burst_then_victim_login(
        port, lambda i: {"type": "signup", "username": f"flood{i}", "password": "flood password"},
        "signup_hashes_waiting"))
    order = [who for who, _ in arrivals]
    assert dict(arrivals)["victim"]["type"] == "authed"
    # Signups hash on their own worker: the login does not wait for them at all.
    after = len(order) - 1 - order.index("victim")
    assert after >= BURST // 2 - 2, order


async def held_then_over_the_slots(port):
    """SLOTS signups from the flood address, held in progress (one signup worker hashes them one
    after another); then three more from that address and a login from another. Returns the
    order in which the replies arrived."""
    victim = await open_from(port, VICTIM)
    await victim.send(json.dumps({"type": "signup", "username": "victim", "password": "correct horse battery"}))
    assert (await reply_of(victim))["type"] == "authed"
    held = [await open_from(port, FLOOD) for _ in range(SLOTS)]
    over = [await open_from(port, FLOOD) for _ in range(3)]
    arrivals = []

    async def collect(ws, who):
        arrivals.append((who, await reply_of(ws)))

    for index, ws in enumerate(held):
        await ws.send(json.dumps({"type": "signup", "username": f"held{index}", "password": "flood password"}))
    tasks = [asyncio.create_task(collect(ws, "held")) for ws in held]
    await wait_for_waiting(port, "signup_hashes_waiting", SLOTS // 2)
    for index, ws in enumerate(over):
        await ws.send(json.dumps({"type": "signup", "username": f"over{index}", "password": "flood password"}))
    tasks += [asyncio.create_task(collect(ws, "over")) for ws in over]
    await victim.send(json.dumps({"type": "login", "username": "victim", "password": "correct horse battery"}))
    tasks.append(asyncio.create_task(collect(victim, "victim")))
    await asyncio.wait_for(asyncio.gather(*tasks), 120)
    for ws in held + over + [victim]:
        await ws.close()
    return arrivals


def test_an_address_past_its_slots_is_refused_at_once_and_others_are_not(slow_hashing_server):
    arrivals = asyncio.run(held_then_over_the_slots(slow_hashing_server))
    order = [who for who, _ in arrivals]
    assert all(reply["type"] == "authed" for who, reply in arrivals if who == "held"), arrivals
    assert all(reply.get("code") == "rateLimited" for who, reply in arrivals if who == "over"), arrivals
    assert dict(arrivals)["victim"]["type"] == "authed"
    # At least SLOTS/2 held signups were still waiting for the worker when the three came: their
    # refusals, which wait for nothing, arrive before those signups complete.
    last_over = max(i for i, who in enumerate(order) if who == "over")
    assert order[last_over + 1:].count("held") >= SLOTS // 2 - 1, order
