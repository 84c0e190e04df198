# TEST DOUBLE support for HaloLink's tests: this is NOT vLLM. The HTTP side of
# the `vllm` double (vLLM's OpenAI-compatible API server: routes, answers,
# errors, streaming, uvicorn's access lines). Python 3 standard library only.
# See README.md.
"""The `vllm` double's HTTP handler (not vLLM)."""

import secrets
import threading
import time
from http import HTTPStatus

import _halolink_doubles as hd

SENTENCE = ("The HaloLink test double answers every prompt with this sentence while the tensor parallel "
            "traffic of each step crosses the data plane between the nodes").split()

STOPPING = threading.Event()  # SIGTERM/SIGINT received (or exiting): losses are no longer errors
ENGINE_DEAD = threading.Event()  # a node with one of our workers died
HOOKS = {}  # "log", "uvicorn", "fatal_exit": set by vllm
API_KEYS = []  # --api-key, else VLLM_API_KEY: set by vllm


def log(msg, level="INFO", where="api_server.py:1"):
    HOOKS["log"](msg, level, where)


def uvicorn(msg):
    HOOKS["uvicorn"](msg)


def fatal_exit(message, final):
    HOOKS["fatal_exit"](message, final)


def make_handler(engine):
    clock = hd.ServingClock(hd.env_float("HALOLINK_DOUBLE_TOKEN_DELAY_S", 0.02))

    class Handler(hd.ApiHandler):
        server_software = "uvicorn"
        json_separators = (",", ":")  # Starlette's JSONResponse.render

        def access(self, code):
            uvicorn('%s:%d - "%s %s %s" %d %s' % (self.client_address[0], self.client_address[1], self.command,
                                                  self.path, self.request_version, code, HTTPStatus(code).phrase))

        def error(self, code, message, etype):
            self.send_json(code, {"error": {"message": message, "type": etype, "param": None, "code": code}})

        def authorized(self):
            """vllm/entrypoints/openai/server_utils.py AuthenticationMiddleware: with
            --api-key / VLLM_API_KEY, a path starting with /v1 needs "Authorization:
            Bearer KEY" (scheme case-insensitive); others (/health, /version) are public."""
            if not API_KEYS or not self.route().startswith("/v1"):
                return True
            scheme, _, param = (self.headers.get("Authorization") or "").partition(" ")
            if scheme.lower() == "bearer" and param in API_KEYS:
                return True
            self.send_json(401, {"error": "Unauthorized"})
            return False

        def do_GET(self):
            path = self.route()
            if not self.authorized():
                return
            if path == "/health" and ENGINE_DEAD.is_set():
                # vllm/entrypoints/serve/instrumentator/health.py: EngineDeadError -> 503, no body
                self.send_empty(503)
            elif path == "/health":
                self.send_empty(200)
            elif path == "/v1/models":
                self.send_json(200, {"object": "list", "data": [{
                    "id": engine.model_name, "object": "model", "created": int(time.time()),
                    "owned_by": "vllm", "root": engine.args.model, "parent": None,
                    "max_model_len": engine.max_model_len, "permission": []}]})
            elif path == "/version":
                self.send_json(200, {"version": hd.VLLM_VERSION})
            else:
                self.send_json(404, {"detail": "Not Found"})

        def do_POST(self):
            if not self.authorized():
                self.read_body()
                return
            body, problem = self.read_json_object()
            if self.route() != "/v1/chat/completions":
                self.send_json(404, {"detail": "Not Found"})
                return
            if problem:
                self.error(400, "Invalid JSON body: %s" % problem, "BadRequestError")
                return
            model = body.get("model")
            if model is not None and model != engine.model_name:
                self.error(404, "The model `%s` does not exist." % model, "NotFoundError")
                return
            messages = body.get("messages")
            if not isinstance(messages, list) or not messages:
                self.error(400, "messages: a non-empty list is required", "BadRequestError")
                return
            try:
                max_tokens = int(body.get("max_completion_tokens") or body.get("max_tokens") or 16)
            except (TypeError, ValueError):
                self.error(400, "max_tokens must be an integer", "BadRequestError")
                return
            if max_tokens < 1:
                self.error(400, "max_tokens must be at least 1, got %d." % max_tokens, "BadRequestError")
                return
            prompt_tokens = hd.count_prompt_tokens(messages)
            if prompt_tokens + max_tokens > engine.max_model_len:
                self.error(400, "This model's maximum context length is %d tokens. However, you requested %d "
                                "tokens (%d in the messages, %d in the completion). Please reduce the length of "
                                "the messages or completion." % (engine.max_model_len, prompt_tokens + max_tokens,
                                                                  prompt_tokens, max_tokens), "BadRequestError")
                return
            rid = "chatcmpl-" + secrets.token_hex(16)
            created = int(time.time())
            log("Received request %s: params: SamplingParams(n=1, max_tokens=%d), prompt_tokens: %d."
                % (rid, max_tokens, prompt_tokens), where="logger.py:39")
            try:
                engine.collective("allreduce")
            except hd.NcclError as e:
                self.error(500, "EngineCore encountered an issue. See stack trace (above) for the root cause.",
                           "InternalServerError")
                fatal_exit("NCCL error in the tensor parallel step: %s" % e, e.vllm_line)
                return
            log("Added request %s." % rid, where="engine.py:280")
            words = [SENTENCE[i % len(SENTENCE)] + " " for i in range(max_tokens)]
            usage = {"prompt_tokens": prompt_tokens, "total_tokens": prompt_tokens + max_tokens,
                     "completion_tokens": max_tokens, "prompt_tokens_details": None}
            clock.join()
            try:
                clock.prefill(prompt_tokens)
                if body.get("stream"):
                    self.stream(rid, created, words, usage,
                                bool((body.get("stream_options") or {}).get("include_usage")), clock)
                else:
                    for _ in range(max_tokens):
                        clock.step()
                    self.send_json(200, {
                        "id": rid, "object": "chat.completion", "created": created, "model": engine.model_name,
                        "choices": [{"index": 0, "message": {"role": "assistant", "reasoning_content": None,
                                                             "content": "".join(words).rstrip(), "tool_calls": []},
                                     "logprobs": None, "finish_reason": "length", "stop_reason": None}],
                        "usage": usage, "prompt_logprobs": None})
            except (BrokenPipeError, ConnectionResetError):
                log("Aborted request %s." % rid, where="engine.py:310")
            finally:
                clock.leave()
            log("Finished request %s." % rid, where="engine.py:300")

        def stream(self, rid, created, words, usage, include_usage, clock):
            self.sse_start()
            chunk = self.sse_event

            def base(choices):
                c = {"id": rid, "object": "chat.completion.chunk", "created": created, "model": engine.model_name,
                     "choices": choices}
                if include_usage:
                    c["usage"] = None
                return c

            chunk(base([{"index": 0, "delta": {"role": "assistant", "content": ""}, "logprobs": None,
                         "finish_reason": None}]))
            for i, w in enumerate(words):
                clock.step()
                last = i == len(words) - 1
                chunk(base([{"index": 0, "delta": {"content": w}, "logprobs": None,
                             "finish_reason": "length" if last else None,
                             "stop_reason": None}]))
            if include_usage:
                u = base([])
                u["usage"] = usage
                chunk(u)
            chunk("[DONE]")
            self.sse_end()

    return Handler
