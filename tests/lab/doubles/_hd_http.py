# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The HTTP side of the OpenAI-compatible servers (vllm, llama-server)."""

import http.server
import json
import socketserver


# ---------------------------------------------------------------- HTTP (vllm, llama-server)

class HttpServer(http.server.ThreadingHTTPServer):
    """A threaded HTTP server; create it with bind_and_activate=False, then
    server_bind() (the port-in-use check), server_activate() (listen)."""
    daemon_threads = True
    allow_reuse_address = True  # SO_REUSEADDR: a port another process listens on still fails

    def server_bind(self):
        # HTTPServer.server_bind would look the host name up (getfqdn): slow without DNS.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]


def count_prompt_tokens(messages):
    """A rough token count of chat messages: words, plus 4 per message, plus 2."""
    n = 0
    for m in messages:
        if not isinstance(m, dict):
            continue
        c = m.get("content")
        if isinstance(c, str):
            n += len(c.split())
        elif isinstance(c, list):
            for part in c:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    n += len(part["text"].split())
        n += 4
    return n + 2


class ApiHandler(http.server.BaseHTTPRequestHandler):
    """Base of the doubles' HTTP handlers. Subclasses set server_software (the
    Server header), json_separators (None: Python's default, like vLLM's
    answers; (",", ":"): compact, like llama-server's) and access(code), called
    once per answer for the access log."""

    protocol_version = "HTTP/1.1"
    server_software = "uvicorn"
    json_separators = None

    def version_string(self):
        return self.server_software

    def log_message(self, fmt, *args):
        pass

    def access(self, code):
        pass

    def route(self):
        return self.path.split("?")[0]

    def dumps(self, obj):
        return json.dumps(obj, separators=self.json_separators)

    def send_json(self, code, obj, log=True):
        body = self.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if log:
            self.access(code)

    def send_empty(self, code):
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()
        self.access(code)

    def read_body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        return self.rfile.read(length) if length > 0 else b""

    def read_json_object(self):
        """(the request body as a dict, None) or (None, the reason it is not one)."""
        raw = self.read_body()
        try:
            body = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeError) as e:
            return None, str(e)
        if not isinstance(body, dict):
            return None, "the body is not a JSON object"
        return body, None

    def sse_start(self, log=True):
        """200 with a chunked text/event-stream body."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if log:
            self.access(200)

    def sse_event(self, obj):
        """One `data: ...` event: a JSON object, or a string as it is ([DONE])."""
        data = ("data: %s\n\n" % (obj if isinstance(obj, str) else self.dumps(obj))).encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def sse_end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()
