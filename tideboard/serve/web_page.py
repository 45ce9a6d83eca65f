"""The browser door's page and its static files: our own small page and the
client files textual-serve ships (its ``textual.js``, an xterm.js terminal
with textual-serve's WebSocket protocol, its stylesheet and fonts), served
from the installed package, never from a folder: only the names listed in
:data:`STATIC` exist, so nothing else (no listing, no ``..``) is reachable.
"""

from __future__ import annotations

import base64
import hashlib
import html
from importlib import resources

STATIC = {  # the URL's name under /static/: (the file in textual_serve/static, its type)
    "textual.js": ("js/textual.js", "text/javascript; charset=utf-8"),
    "xterm.css": ("css/xterm.css", "text/css; charset=utf-8"),
    "RobotoMono.ttf": ("fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
    "RobotoMono-Italic.ttf": ("fonts/RobotoMono-Italic-VariableFont_wght.ttf", "font/ttf"),
}

# The WebSocket's address from the page's own (ws: or wss:, the same host and
# port: what a reverse proxy in front shows the browser), before textual.js
# connects (at the window's load).
SCRIPT = """
const term = document.getElementById("terminal");
const scheme = location.protocol === "https:" ? "wss://" : "ws://";
term.dataset.sessionWebsocketUrl = scheme + location.host + term.dataset.path;
"""
SCRIPT_HASH = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; "
        f"script-src 'self' 'sha256-{SCRIPT_HASH}'; "
        "style-src 'self' 'unsafe-inline'; "  # (xterm.js sets styles of its own)
        "font-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/xterm.css">
<script src="/static/textual.js"></script>
<style>
@font-face {{ font-family: "Roboto Mono"; font-style: normal;
  src: url("/static/RobotoMono.ttf") format("truetype"); }}
@font-face {{ font-family: "Roboto Mono"; font-style: italic;
  src: url("/static/RobotoMono-Italic.ttf") format("truetype"); }}
html, body {{ margin: 0; height: 100%; background: #0c181f; color: #e8f0f4;
  font-family: "Roboto Mono", monospace; }}
#terminal {{ position: absolute; inset: 0; }}
#ended {{ display: none; position: absolute; left: 0; right: 0; bottom: 0; z-index: 10;
  padding: 10px 16px; background: #12232d; text-align: center; }}
body.-closed #ended {{ display: block; }}
#ended a {{ color: #7fd4ff; }}
</style>
</head>
<body>
<div id="terminal" class="textual-terminal" data-path="{ws_path}"
  data-font-size="{font_size}"></div>
<div id="ended">The session ended. <a href="">Start again</a></div>
<script>{script}</script>
</body>
</html>
"""


def page(title: str, ws_path: str, font_size: int) -> str:
    """The page: a terminal that connects to ``ws_path`` on the page's own host."""
    return PAGE.format(
        title=html.escape(title),
        ws_path=html.escape(ws_path, quote=True),
        font_size=font_size,
        script=SCRIPT,
    )


_files: dict[str, bytes] = {}


def static_file(name: str) -> tuple[bytes, str] | None:
    """The bytes and the content type of ``/static/NAME`` (read once), or
    None: not one of ours."""
    entry = STATIC.get(name)
    if entry is None:
        return None
    path, kind = entry
    if name not in _files:
        folder = resources.files("textual_serve") / "static"
        for part in path.split("/"):
            folder = folder / part
        _files[name] = folder.read_bytes()
    return _files[name], kind
