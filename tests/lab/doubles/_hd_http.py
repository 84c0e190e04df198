# Test double support code for HaloLink's tests. This is NOT Ray, NOT vLLM and
# NOT llama.cpp: part of the code shared by the stand-ins `ray`, `vllm`,
# `rpc-server` and `llama-server` in this folder (see _halolink_doubles.py and
# README.md). Python 3 standard library only.
"""The HTTP side of the OpenAI-compatible servers (vllm, llama-server)."""

import http.server
import json
import random
import socketserver
import threading
import time

from _hd_common import env_float


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


class ServingClock:
    """How long the servers' work takes, shaped as a continuous-batching
    server's is (not measured from vLLM or llama.cpp; the knobs make the
    benchmark's statistics vary, their defaults keep the plain delay):

    - the prompt's prefill: HALOLINK_DOUBLE_PREFILL_S_PER_TOKEN x its tokens,
      so time to first token grows with the prompt;
    - each decode step: HALOLINK_DOUBLE_TOKEN_DELAY_S plus
      HALOLINK_DOUBLE_STEP_PER_SEQ_S for every other sequence being decoded
      at that moment (a batched step costs more, yet less than one step per
      sequence), so inter-token latency grows and total tokens/s saturate
      with concurrency;
    - both times (1 + HALOLINK_DOUBLE_JITTER x u), u uniform in [-1, 1],
      drawn from one random.Random(HALOLINK_DOUBLE_SEED), so percentiles
      differ from means and a run can be repeated."""

    def __init__(self, token_delay):
        self.token_delay = token_delay
        self.per_seq = max(0.0, env_float("HALOLINK_DOUBLE_STEP_PER_SEQ_S", 0.0))
        self.prefill_per_token = max(0.0, env_float("HALOLINK_DOUBLE_PREFILL_S_PER_TOKEN", 0.0))
        self.jitter = min(0.9, max(0.0, env_float("HALOLINK_DOUBLE_JITTER", 0.0)))
        self.rng = random.Random(int(env_float("HALOLINK_DOUBLE_SEED", 0)))
        self.lock = threading.Lock()
        self.active = 0

    def _scaled(self, seconds):
        if self.jitter:
            with self.lock:
                u = self.rng.uniform(-1.0, 1.0)
            seconds *= 1.0 + self.jitter * u
        return seconds

    def join(self):
        """One more sequence in the batch (until leave())."""
        with self.lock:
            self.active += 1

    def leave(self):
        with self.lock:
            self.active -= 1

    def prefill(self, prompt_tokens):
        if self.prefill_per_token:
            time.sleep(self._scaled(self.prefill_per_token * prompt_tokens))

    def step(self):
        with self.lock:
            others = max(0, self.active - 1)
        time.sleep(self._scaled(self.token_delay + self.per_seq * others))


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
