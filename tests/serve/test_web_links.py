"""Issue 23, identity: a browser is linked to a name by a one-time code shown over
SSH and then known by its session cookie's token (serve/web_links.py), the
store keeping only the token's SHA-256."""

from __future__ import annotations

import hashlib

import pytest

from tideboard.serve import storage
from tideboard.serve.web_links import (
    CODE_LIFE,
    FAILS_IN_ALL,
    FAILS_PER_ADDRESS,
    LIVE_CODES,
    SESSION_LIFE,
    TOUCH_EVERY,
    LinkError,
    WebLinks,
    shown_code,
)
from tideboard.store.games import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as store:
        storage.claim(store, "Ana", "SHA256:a")
        storage.claim(store, "bob", "SHA256:b")
        yield store


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def links(store, clock):
    return WebLinks(store, base_url="http://127.0.0.1:23280", clock=clock)


def test_a_code_links_one_browser_once_to_its_name(links):
    code = links.make_code("ana")  # any case: the name as first spelled
    assert len(code) == 8 and code.isalnum() and code.upper() == code
    name, token = links.redeem(code, "10.0.0.1")
    assert name == "Ana"
    assert links.browser(token).name == "Ana"
    with pytest.raises(LinkError, match="used already") as refused:
        links.redeem(code, "10.0.0.1")
    assert refused.value.status == 403 and "press b" in str(refused.value)
    # another code, typed as a player might: lower case, the dash, O for 0
    again = links.make_code("Ana")
    typed = shown_code(again).lower().replace("0", "o")
    name, second = links.redeem(typed, "10.0.0.2")
    assert name == "Ana" and second != token
    assert links.browser(second).name == "Ana" and links.browser(token).name == "Ana"


def test_a_code_is_for_its_name_only(links):
    """ana's code gives ana, never bob; nobody makes a code for another."""
    code = links.make_code("Ana")
    links.make_code("bob")
    assert links.check(code, "10.0.0.1") == "Ana"
    name, token = links.redeem(code, "10.0.0.1")
    assert name == "Ana" and links.browser(token).name == "Ana"
    assert [b.name for b in links.browsers("bob")] == []


@pytest.mark.parametrize("name", ["guest-4821", "carol", ""])
def test_only_a_player_with_a_key_may_have_a_code(links, name):
    with pytest.raises(LinkError, match="SSH key"):
        links.make_code(name)


def test_a_code_expires(links, clock):
    code = links.make_code("Ana")
    clock.now += CODE_LIFE - 1
    assert links.check(code, "10.0.0.1") == "Ana"  # (checked, not used)
    clock.now += 1
    with pytest.raises(LinkError, match="expired"):
        links.redeem(code, "10.0.0.1")


def test_codes_of_one_name_are_limited(links, clock):
    for _ in range(LIVE_CODES):
        links.make_code("Ana")
    with pytest.raises(LinkError, match="waiting already"):
        links.make_code("Ana")
    links.make_code("bob")  # another name's are its own
    clock.now += CODE_LIFE
    links.make_code("Ana")  # the old ones expired


def test_wrong_codes_are_limited_per_address_and_in_all(links, clock):
    code = links.make_code("Ana")
    for _ in range(FAILS_PER_ADDRESS):
        with pytest.raises(LinkError, match="not one the server gave"):
            links.redeem("ZZZZ-ZZZZ", "10.0.0.9")
    with pytest.raises(LinkError, match="Too many") as refused:
        links.redeem(code, "10.0.0.9")  # even the right code, from there
    assert refused.value.status == 429
    with pytest.raises(LinkError, match="Too many"):
        links.redeem(code, "10.0.0.9")
    clock.now += 60
    assert links.check(code, "10.0.0.9") == "Ana"  # a minute later
    # the code space as a whole: wrong codes from many addresses
    for n in range(FAILS_IN_ALL):
        with pytest.raises(LinkError):
            links.redeem("not a code", f"10.1.{n // 200}.{n % 200}")
    with pytest.raises(LinkError, match="Too many"):
        links.redeem(code, "10.0.0.1")
    clock.now += 60
    assert links.redeem(code, "10.0.0.1")[0] == "Ana"


def test_an_ipv6_64_is_one_address_for_the_limit(links):
    code = links.make_code("Ana")
    for n in range(FAILS_PER_ADDRESS):
        with pytest.raises(LinkError):
            links.redeem("ZZZZZZZZ", f"2001:db8::{n + 1}")
    with pytest.raises(LinkError, match="Too many"):
        links.redeem(code, "2001:db8::ffff")


@pytest.mark.parametrize("token", [None, "", "x" * 42, "x" * 44, "é" * 43, "a.b" * 15])
def test_no_or_a_malformed_token_is_a_guest(links, token):
    assert links.browser(token) is None


def test_an_unknown_token_is_a_guest(links):
    assert links.browser("A" * 43) is None


def test_a_browser_expires_and_its_last_use_is_written_now_and_then(links, clock):
    _name, token = links.redeem(links.make_code("Ana"), "10.0.0.1")
    linked = links.browser(token)
    assert linked.last_used == linked.created == clock.now
    clock.now += TOUCH_EVERY - 1
    assert links.browser(token).last_used == linked.created  # not written yet
    clock.now += 1
    assert links.browser(token).last_used == clock.now
    clock.now = linked.created + SESSION_LIFE - 1
    assert links.browser(token) is not None
    clock.now += 1
    assert links.browser(token) is None
    assert links.browsers("Ana") == []


def test_revoking_one_browser_or_all_and_the_sessions_are_told(links):
    told = []
    links.on_revoked(lambda name, ids: told.append((name, ids)))
    tokens = [links.redeem(links.make_code("Ana"), "10.0.0.1")[1] for _ in range(3)]
    bob = links.redeem(links.make_code("bob"), "10.0.0.1")[1]
    first = links.browser(tokens[0])
    assert {b.id for b in links.browsers("ANA")} == {links.browser(t).id for t in tokens}
    assert links.revoke("ana", first.id) == 1
    assert links.browser(tokens[0]) is None
    assert told == [("ana", frozenset({first.id}))]
    assert links.revoke("ana", links.browser(bob).id) == 0  # not hers to revoke
    assert links.browser(bob).name == "bob"
    assert links.revoke("Ana") == 2
    assert all(links.browser(t) is None for t in tokens)
    assert len(told) == 2 and len(told[1][1]) == 2
    assert links.browser(bob).name == "bob"


def test_a_listener_that_fails_does_not_stop_the_revoking(links):
    token = links.redeem(links.make_code("Ana"), "10.0.0.1")[1]

    def broken(name, ids):
        raise RuntimeError("gone")

    links.on_revoked(broken)
    assert links.revoke("Ana") == 1
    assert links.browser(token) is None


def test_neither_a_token_nor_a_code_is_stored_in_clear(links, store, tmp_path):
    code = links.make_code("Ana")
    name, token = links.redeem(code, "10.0.0.1")
    waiting = links.make_code("Ana")
    store.close()
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("t.db*"))
    assert hashlib.sha256(token.encode()).hexdigest().encode() in stored  # (the file is read)
    for secret in (token, code, waiting, shown_code(code), shown_code(waiting)):
        assert secret.encode() not in stored


def test_expired_browsers_of_every_name_go_when_the_list_is_read(links, store, clock):
    links.redeem(links.make_code("bob"), "10.0.0.1")
    clock.now += SESSION_LIFE
    assert links.browsers("Ana") == []
    assert store.db.read("SELECT count(*) FROM web_sessions")[0][0] == 0
