# TEST DOUBLE support for HaloLink's tests: this is NOT Ray. The head's node
# registry of the `ray` double (in place of Ray's GCS): nodes, drivers (vllm)
# and the GPUs they hold, failures. Python 3 standard library only. See README.md.
"""The `ray` double's head registry (not Ray's GCS)."""

import datetime
import os
import threading

import _halolink_doubles as hd


# ---------------------------------------------------------------- head: the registry

class Registry:
    def __init__(self, address):
        self.address = address
        self.lock = threading.Lock()
        self.nodes = {}  # node_id -> dict (no connection objects)
        self.node_conns = {}  # node_id -> JsonConn
        self.drivers = {}  # id -> {"conn": JsonConn, "gpus": float}
        self.failures = []
        self.next_driver = 1
        # RAY_enable_autoscaler_v2 is read by the head (unset: v1, Ray's test_is_autoscaler_v2_enabled)
        self.autoscaler_v2 = os.environ.get("RAY_enable_autoscaler_v2", "").strip().lower() in ("1", "true")

    def snapshot(self):
        with self.lock:
            return {"address": self.address, "nodes": [dict(n) for n in self.nodes.values()],
                    "gpus_used": sum(d["gpus"] for d in self.drivers.values()),
                    "busy_nodes": sorted({i for d in self.drivers.values() for i in d.get("nodes", [])}),
                    "autoscaler_v2": self.autoscaler_v2,
                    "failures": list(self.failures[-5:]),
                    "time": str(datetime.datetime.now())}

    def add(self, node, conn=None):
        with self.lock:
            self.nodes[node["node_id"]] = node
            if conn is not None:
                self.node_conns[node["node_id"]] = conn

    def remove(self, node_id, graceful=False):
        with self.lock:
            node = self.nodes.pop(node_id, None)
            self.node_conns.pop(node_id, None)
            drivers = [d["conn"] for d in self.drivers.values()]
            if node and not graceful:
                self.failures.append({"node_id": node_id, "ip": node["ip"]})
        if node and graceful:
            print("%s\tINFO gcs_node_manager -- Node %s (%s) left the cluster (ray stop)."
                  % (hd.timestamp_ray(), node_id, node["ip"]), flush=True)
        elif node:
            print("%s\tWARNING node_manager -- The node with node id: %s and address: %s and node name: %s "
                  "has been marked dead because the detector has missed too many heartbeats from it."
                  % (hd.timestamp_ray(), node_id, node["ip"], node["ip"]), flush=True)
        if node:
            for c in drivers:
                try:
                    c.send({"event": "node_dead", "node_id": node_id, "ip": node["ip"]})
                except OSError:
                    pass

    def all_conns(self):
        with self.lock:
            return list(self.node_conns.values()) + [d["conn"] for d in self.drivers.values()]


def serve_head_connection(reg, sock, stopping):
    conn = hd.JsonConn(sock)
    try:
        try:
            msg = conn.recv(timeout=10)
        except (OSError, EOFError, ValueError, UnicodeError):
            return
        op = msg.get("op")
        if op == "status":
            conn.send(reg.snapshot())
        elif op == "register":
            node = {k: msg.get(k) for k in ("node_id", "ip", "gpus", "cpus", "memory", "object_store_memory",
                                            "mem_total", "control_port", "hostname", "pid")}
            node["is_head"] = False
            node["node_id"] = str(node["node_id"] or hd.new_node_id())
            reg.add(node, conn)
            conn.send({"ok": True, "node_id": node["node_id"], "address": reg.address})
            graceful = False
            try:
                while not stopping.is_set():
                    if conn.recv(timeout=hd.heartbeat_timeout()).get("op") == "bye":
                        graceful = True
                        break
            except (OSError, EOFError, ValueError, UnicodeError):
                pass
            if not stopping.is_set():
                reg.remove(node["node_id"], graceful)
        elif op == "driver":
            with reg.lock:
                did = reg.next_driver
                reg.next_driver += 1
                reg.drivers[did] = {"conn": conn, "gpus": 0.0}
            snap = reg.snapshot()
            snap["ok"] = True
            conn.send(snap)
            try:
                while not stopping.is_set():
                    m = conn.recv(timeout=hd.heartbeat_timeout())
                    if m.get("op") == "reserve":
                        with reg.lock:
                            reg.drivers[did]["gpus"] = float(m.get("gpus", 0))
                            reg.drivers[did]["nodes"] = [str(x) for x in m.get("nodes") or []]
                    elif m.get("op") == "nodes":
                        snap = reg.snapshot()
                        snap["reply"] = "nodes"
                        conn.send(snap)
            except (OSError, EOFError, ValueError, UnicodeError, TypeError):
                pass
            with reg.lock:
                reg.drivers.pop(did, None)
        elif op == "ping":
            conn.send({"ok": True})
    except OSError:
        pass
    finally:
        conn.close()
