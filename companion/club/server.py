"""`companion club`: serve the room's scoreboard page, which subscribes through the broker itself.

The server holds no game: it hands out the page, its script (the MQTT client is the repo's own, page/mqtt.js),
where the broker's WebSocket listener is and the scoreboard's read-only account, and the page's words in its
language from the club's catalogs. The standard library's threading HTTP server is enough for a room's screens.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.club.words import ClubError, club_translator, page_strings
from companion.i18n import N_

PAGE_DIR = Path(__file__).parent / "page"
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/mqtt.js": ("mqtt.js", "text/javascript; charset=utf-8"),
    "/club.js": ("club.js", "text/javascript; charset=utf-8"),
    "/club.css": ("club.css", "text/css; charset=utf-8"),
}
SERVING = N_("The scoreboard is at {url} (the broker's WebSocket listener: {broker}). Ctrl-C stops it.")
NO_PASSWORD = N_("{path}: the scoreboard's password cannot be read: {problem}")
CANNOT_LISTEN = N_("Cannot listen on {host}:{port}: {problem}")
NOT_A_PORT = N_("{port} is no port (1 to 65535)")
ON_PAGE_HOST = N_("port {port} of the host the page comes from")


@dataclass(frozen=True)
class PageConfig:
    """What the page needs to subscribe: the broker's WebSocket URL (None: the page's own host on ``ws_port``),
    the read-only account, and the default language (a page's ``?lang=`` chooses another)."""

    broker: str | None
    ws_port: int
    user: str
    password: str
    language: str

    def to_json(self) -> dict[str, Any]:
        return {
            "broker": self.broker,
            "ws_port": self.ws_port,
            "user": self.user,
            "password": self.password,
            "language": self.language,
        }


def handler(config: PageConfig) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "companion-club"

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            if url.path in FILES:
                name, kind = FILES[url.path]
                self._send(200, kind, (PAGE_DIR / name).read_bytes())
            elif url.path == "/config.json":
                self._json(config.to_json())
            elif url.path == "/strings.json":
                language = parse_qs(url.query).get("lang", [config.language])[0]
                self._json(page_strings(language))
            else:
                self._send(404, "text/plain; charset=utf-8", b"not found\n")

        def _json(self, data: Any) -> None:
            self._send(200, "application/json", json.dumps(data, ensure_ascii=False).encode())

        def _send(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # a TV reloading all evening would fill the terminal

    return Handler


def make_server(host: str, port: int, config: PageConfig) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer((host, port), handler(config))
    server.daemon_threads = True
    return server


def read_password(path: str | None) -> str:
    if path is None:
        return ""
    try:
        return Path(path).expanduser().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise ClubError(NO_PASSWORD, path=path, problem=getattr(exc, "strerror", None) or exc) from None


def run_club(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    from companion.errors import CommandError

    tr = club_translator(args.lang)
    for port in (args.port, args.ws_port):
        if not 1 <= port <= 65535:
            raise CommandError(tr(NOT_A_PORT, port=port))
    try:
        password = read_password(args.password_file)
    except ClubError as exc:
        raise CommandError(exc.tell(args.lang)) from None
    config = PageConfig(args.broker_ws, args.ws_port, args.user, password, args.lang)
    try:
        server = make_server(args.host, args.port, config)
    except OSError as exc:
        raise CommandError(
            tr(CANNOT_LISTEN, host=args.host, port=args.port, problem=exc.strerror or exc)
        ) from None
    shown = "localhost" if args.host in ("", "0.0.0.0") else args.host
    port = server.server_address[1]
    broker = args.broker_ws or tr(ON_PAGE_HOST, port=args.ws_port)
    out(tr(SERVING, url=f"http://{shown}:{port}/", broker=broker))
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0
