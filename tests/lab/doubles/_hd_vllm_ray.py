# TEST DOUBLE support for HaloLink's tests: this is NOT vLLM. The `vllm`
# double's Ray executor: the environment it copies to its Ray workers, the
# worker processes it asks every other node's `ray` to start, and the
# communicator's exchanges with them. Python 3 standard library only. See
# README.md for the sources.
"""The `vllm` double's Ray workers and communicator (not vLLM)."""

import json
import os
import threading

import _halolink_doubles as hd

# vllm/ray/ray_env.py after PR #34383 (docs.vllm.ai/en/latest/api/vllm/ray/ray_env/)
DEFAULT_ENV_VAR_PREFIXES = {"VLLM_", "LMCACHE_", "NCCL_", "UCX_", "HF_", "HUGGING_FACE_"}
DEFAULT_EXTRA_ENV_VARS = {"PYTHONHASHSEED"}
# vllm/v1/executor/ray_utils.py WORKER_SPECIFIC_ENV_VARS
WORKER_SPECIFIC_ENV_VARS = {"VLLM_HOST_IP", "VLLM_HOST_PORT", "VLLM_NIXL_SIDE_CHANNEL_HOST", "LOCAL_RANK",
                            "CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"}


def executor():
    """vllm/envs.py: VLLM_USE_RAY_V2_EXECUTOR_BACKEND, default "1" (RayExecutorV2);
    "0": RayDistributedExecutor."""
    try:
        return "v2" if int(os.environ.get("VLLM_USE_RAY_V2_EXECUTOR_BACKEND", "1")) else "classic"
    except ValueError:
        return "v2"


def config_root():
    """vllm/envs.py VLLM_CONFIG_ROOT: default $XDG_CONFIG_HOME/vllm, i.e. ~/.config/vllm."""
    default = os.path.join(os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config"),
                           "vllm")
    return os.path.expanduser(os.environ.get("VLLM_CONFIG_ROOT") or default)


def non_carry_over(log):
    """RAY_NON_CARRY_OVER_ENV_VARS: a JSON list in ray_non_carry_over_env_vars.json."""
    path = os.path.join(config_root(), "ray_non_carry_over_env_vars.json")
    try:
        if os.path.exists(path):
            with open(path) as f:
                return set(json.load(f)), path
    except ValueError:
        log("Failed to parse %s. Using an empty set for non-carry-over env vars." % path, "WARNING", "ray_env.py:31")
    return set(), path


def _csv(v):
    return {t.strip() for t in (v or "").split(",") if t.strip()}


def env_to_copy(mode, log):
    """The driver's variables the workers get, and the log lines vLLM prints."""
    excluded, path = non_carry_over(log)
    exclude = WORKER_SPECIFIC_ENV_VARS | excluded
    if mode == "v2":  # ray_env_utils.get_driver_env_vars: everything but the exclusions
        return {k: v for k, v in os.environ.items() if k not in exclude}
    prefixes = DEFAULT_ENV_VAR_PREFIXES | _csv(os.environ.get("VLLM_RAY_EXTRA_ENV_VAR_PREFIXES_TO_COPY"))
    names = {k for k in os.environ if any(k.startswith(p) for p in prefixes)}
    names |= DEFAULT_EXTRA_ENV_VARS | _csv(os.environ.get("VLLM_RAY_EXTRA_ENV_VARS_TO_COPY"))
    names |= {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"}  # ray_executor.py ADDITIONAL_ENV_VARS
    names -= exclude
    log("Env var prefixes to copy: %s" % sorted(prefixes), where="ray_env.py:97")
    log("Copying the following environment variables to workers: %s" % sorted(v for v in names if v in os.environ),
        where="ray_env.py:98")
    if excluded:
        log("RAY_NON_CARRY_OVER_ENV_VARS from config: %s" % excluded, where="ray_env.py:103")
    log("To exclude env vars from copying, add them to %s" % path, where="ray_env.py:107")
    return {k: os.environ[k] for k in names if k in os.environ}


class Worker:
    def __init__(self, node, conn, reply, mode):
        self.node = node
        self.conn = conn  # held open: the worker process lives as long as it
        self.ip = reply.get("ip") or node.get("ip")
        self.port = int(reply["port"])
        self.pid = reply.get("pid")
        actor = "RayWorkerProc" if mode == "v2" else "RayWorkerWrapper"
        self.prefix = "(%s pid=%s, ip=%s) " % (actor, self.pid, self.ip)

    def print(self, line):
        print(self.prefix + line, flush=True)


def start_workers(partners, mode, env):
    """One worker process on each partner node (its `ray start` spawns it);
    raises hd.NcclError if a node does not answer."""
    workers = []
    for node in partners:
        try:
            conn = hd.JsonConn.connect(node["ip"], int(node["control_port"]), timeout=10)
            conn.send({"op": "start_worker", "executor": mode, "env": env})
            reply = conn.recv(timeout=60)
            if not reply.get("ok"):
                raise ValueError("refused: %r" % reply)
        except (OSError, EOFError, ValueError, KeyError) as e:
            raise hd.NcclError("cannot start a Ray worker on %s: %s" % (node.get("ip"), e), "remote")
        w = Worker(node, conn, reply, mode)
        for line in reply.get("log", []):
            w.print(line)
        workers.append(w)
    return workers


class Communicator:
    """Rank 0 (this process) and the workers: init, then one exchange per step."""

    def __init__(self, workers):
        self.workers = workers
        self.rank = hd.Rank(hd.NcclLog())
        self.size = hd.env_int("HALOLINK_DOUBLE_EXCHANGE_SIZE", 4096)
        self.iters = hd.env_int("HALOLINK_DOUBLE_EXCHANGE_ITERS", 256)
        self.timeout = hd.exchange_timeout()
        self.lock = threading.Lock()

    def init(self, world):
        own = self.rank.init()
        for r, _w in enumerate(self.workers, start=1):
            self.rank.log.info("Channel 00/0 : 0[0] -> %d[0] [send] via NET/%s/0 comm 0x%x nRanks %02d"
                               % (r, own.name, id(self) & 0xffffffffffff, world), hd.INIT | hd.NET)
        if self.workers:
            self.rank.connect()
        self.collective("init")
        # init.cc:2095's format; busId, commId, localSize, bytes and core are the double's values
        self.rank.log.info("ncclCommInitRank comm 0x%x rank 0 nranks %d cudaDev 0 nvmlDev 0 busId 0 commId 0x%x "
                           "localSize 0 used 0 bytes on core 0 - Init COMPLETE"
                           % (id(self) & 0xffffffffffff, world, id(self.workers) & 0xffffffffffff))

    def collective(self, kind):
        """One exchange with every worker, in parallel; hd.NcclError if one fails."""
        if not self.workers:
            return
        with self.lock:
            errors = []

            def one(w):
                try:
                    hd.exchange_with({"ip": w.ip, "port": w.port}, kind, self.rank.transport, self.rank.log,
                                     self.size, self.iters, self.timeout, w.print)
                except hd.NcclError as e:
                    errors.append(e)

            threads = [threading.Thread(target=one, args=(w,), daemon=True) for w in self.workers]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            if errors:
                raise errors[0]

    def destroy(self):
        self.rank.destroy()
        for w in self.workers:
            w.conn.close()
