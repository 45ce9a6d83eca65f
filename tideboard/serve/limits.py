"""The server's limits, its log line, and who counts as one name or one address.

Shared by the server (``server.py``), its connections (``connection.py``) and
their sessions (``session.py``).
"""

from __future__ import annotations

import ipaddress
import re
import sys

import attrs

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}\Z")
GUEST = re.compile(r"guest-[0-9]+\Z", re.IGNORECASE)  # the names the server gives
NO_TERMINAL = (
    "tideboard needs a terminal: connect with plain 'ssh -p PORT name@host' "
    "(no command, no -T).\r\n"
)


@attrs.frozen
class Limits:
    max_sessions: int = 100
    per_minute: int = 20  # new connections from one address
    lobby_idle: float = 900.0  # seconds
    idle: float = 300.0  # seconds a player at an untimed table may do nothing on their turn
    per_name: int = 3  # sessions of one player at once
    per_address: int = 10  # sessions from one address (an IPv6 /64) at once
    session_wait: float = 30.0  # seconds a connection may stay without a session
    max_open_tables: int = 3  # tables one player has opened that wait for players
    input_rate: float = 20.0  # keys a second from one session (sustained; a mouse move 0.1)
    input_burst: float = 400.0  # ... and at once
    output_cap: int = 256 * 1024  # bytes of output waiting for a session's client
    output_stall: float = 45.0  # seconds over output_cap before the session is closed


def log(message: str) -> None:
    """A line on the server's own stderr (apps may have redirected sys.stderr)."""
    stream = sys.__stderr__
    if stream is not None:
        print(f"tideboard serve: {message}", file=stream, flush=True)


def address_key(address: str) -> str:
    """Whom the per-address limits count: the IPv4 address, or an IPv6
    address's /64 (one host usually holds a whole /64)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)
