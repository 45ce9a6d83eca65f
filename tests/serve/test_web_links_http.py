"""Issue 23, identity: the link pages (``WebLinks.routes``) in a tiny aiohttp app:
a code typed or followed, the session cookie's flags, refusals that say what to do."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp")

from aiohttp import web  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from tideboard.serve import storage  # noqa: E402
from tideboard.serve.web_links import CODE_LIFE, COOKIE, SESSION_LIFE, WebLinks, shown_code  # noqa: E402
from tideboard.store.games import Store  # noqa: E402


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as store:
        storage.claim(store, "Ana", "SHA256:a")
        yield store


async def client_for(links: WebLinks) -> TestClient:
    """A client of an app with the link pages and ``/who``: the name ``identify``
    gives the request ("guest" for None)."""

    async def who(request: web.Request) -> web.Response:
        return web.Response(text=links.identify(request) or "guest")

    app = web.Application()
    app.add_routes([*links.routes(), web.get("/who", who)])
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


def set_cookie(response) -> str:
    (header,) = response.headers.getall("Set-Cookie")
    return header


async def who(client: TestClient, token: str | None) -> str:
    cookies = {COOKIE: token} if token is not None else None
    response = await client.get("/who", cookies=cookies)
    return await response.text()


async def test_a_code_posted_sets_the_cookie_and_goes_home(store):
    links = WebLinks(store)
    client = await client_for(links)
    try:
        code = links.make_code("Ana")
        response = await client.post(
            "/link", data={"code": shown_code(code).lower()}, allow_redirects=False
        )
        assert response.status == 303 and response.headers["Location"] == "/"
        cookie = set_cookie(response)
        token = cookie.split(";")[0].split("=", 1)[1]
        for flag in ("HttpOnly", "SameSite=Lax", "Path=/", f"Max-Age={int(SESSION_LIFE)}"):
            assert flag in cookie
        assert "Secure" not in cookie  # plain HTTP
        assert await who(client, None) == "Ana"  # (the client kept the cookie)
        client.session.cookie_jar.clear()
        assert await who(client, None) == "guest"
        assert await who(client, token) == "Ana"
        assert await who(client, "garbage;") == "guest"
        assert await who(client, token[:-1] + ("A" if token[-1] != "A" else "B")) == "guest"
        links.revoke("Ana")
        assert await who(client, token) == "guest"
    finally:
        await client.close()


@pytest.mark.parametrize(
    ("trust", "headers", "secure"),
    [
        (True, {"X-Forwarded-Proto": "https"}, True),
        (False, {"X-Forwarded-Proto": "https"}, False),  # (a proxy not trusted)
        (True, {}, False),
    ],
)
async def test_the_cookie_is_secure_behind_a_trusted_tls_proxy(store, trust, headers, secure):
    links = WebLinks(store, trust_proxy=trust)
    client = await client_for(links)
    try:
        response = await client.post(
            "/link", data={"code": links.make_code("Ana")}, headers=headers, allow_redirects=False
        )
        assert response.status == 303
        assert ("Secure" in set_cookie(response)) is secure
    finally:
        await client.close()


async def test_the_link_shows_the_code_and_only_the_button_spends_it(store):
    """A link preview or a prefetch (GET) uses nothing up; the form's POST does."""
    links = WebLinks(store)
    client = await client_for(links)
    try:
        code = links.make_code("Ana")
        for _ in range(2):
            page = await client.get(f"/link?code={code}")
            text = await page.text()
            assert page.status == 200 and "Set-Cookie" not in page.headers
            assert "links this browser to Ana" in text and f'value="{code}"' in text
            assert 'method="post"' in text
            assert page.headers["X-Frame-Options"] == "DENY"
            assert page.headers["Referrer-Policy"] == "same-origin"
            assert page.headers["Cache-Control"] == "no-store"
        form = await client.get("/link")
        assert form.status == 200 and 'name="code"' in await form.text()
        done = await client.post("/link", data={"code": code}, allow_redirects=False)
        assert done.status == 303
        again = await client.post("/link", data={"code": code}, allow_redirects=False)
        text = await again.text()
        assert again.status == 403 and "Set-Cookie" not in again.headers
        assert "used already" in text and "press b" in text
        followed = await client.get(f"/link?code={code}")
        assert followed.status == 403 and "used already" in await followed.text()
    finally:
        await client.close()


async def test_an_expired_or_unknown_code_is_refused_with_what_to_do(store):
    now = [1_800_000_000.0]
    links = WebLinks(store, clock=lambda: now[0])
    client = await client_for(links)
    try:
        code = links.make_code("Ana")
        now[0] += CODE_LIFE
        refused = await client.post("/link", data={"code": code}, allow_redirects=False)
        text = await refused.text()
        assert refused.status == 403 and "expired" in text and "press b" in text
        unknown = await client.get("/link?code=<script>")
        text = await unknown.text()
        assert unknown.status == 403 and "not one the server gave" in text
        assert "<script>" not in text
    finally:
        await client.close()


async def test_a_post_from_another_site_is_refused(store):
    """Another site's form cannot link a visitor's browser to a name of its choosing."""
    links = WebLinks(store)
    client = await client_for(links)
    try:
        code = links.make_code("Ana")
        for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
            response = await client.post(
                "/link", data={"code": code}, headers=headers, allow_redirects=False
            )
            assert response.status == 403 and "Set-Cookie" not in response.headers
        own = f"http://{client.host}:{client.port}"
        response = await client.post(
            "/link",
            data={"code": code},
            headers={"Origin": own, "Sec-Fetch-Site": "same-origin"},
            allow_redirects=False,
        )
        assert response.status == 303  # (the code was not spent by the refused ones)
    finally:
        await client.close()


async def test_wrong_codes_from_one_address_are_limited(store):
    links = WebLinks(store)
    client = await client_for(links)
    try:
        code = links.make_code("Ana")
        for _ in range(10):
            await client.post("/link", data={"code": "ZZZZZZZZ"}, allow_redirects=False)
        response = await client.post("/link", data={"code": code}, allow_redirects=False)
        assert response.status == 429 and "wait a minute" in await response.text()
    finally:
        await client.close()


async def test_the_link_pages_own_form_is_accepted_as_a_browser_posts_it(store):
    """Found in Chromium: the page's button was refused ("Open the link page of
    this server").  A browser says where a form's POST comes from with
    Sec-Fetch-Site; under the pages' old "no-referrer" policy Chromium sent
    "Origin: null" with it, which never matched the host."""
    links = WebLinks(store)
    client = await client_for(links)
    try:
        page = await client.get(f"/link?code={links.make_code('Ana')}")
        assert page.headers["Referrer-Policy"] == "same-origin"  # (Origin is sent)
        code = links.make_code("Ana")
        response = await client.post(
            "/link",
            data={"code": code},
            headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"},
            allow_redirects=False,
        )
        assert response.status == 303 and COOKIE in response.cookies
        for headers in ({"Origin": "null"}, {"Origin": "null", "Sec-Fetch-Site": "cross-site"}):
            response = await client.post(
                "/link",
                data={"code": links.make_code("Ana")},
                headers=headers,
                allow_redirects=False,
            )
            assert response.status == 403, headers  # (no browser's word that it is ours)
    finally:
        await client.close()
