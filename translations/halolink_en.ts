<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AdviceText</name>
    <message numerus="yes">
        <source>workload: context %1 tokens x %n sequence(s); prompt %2 tokens, answer %3 tokens</source>
        <translation>
            <numerusform>workload: context %1 tokens x %n sequence; prompt %2 tokens, answer %3 tokens</numerusform>
            <numerusform>workload: context %1 tokens x %n sequences; prompt %2 tokens, answer %3 tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>measured by the cluster&apos;s verification at %1 (the slowest of %n pair(s))</source>
        <translation>
            <numerusform>measured by the cluster&apos;s verification at %1 (the slowest of %n pair)</numerusform>
            <numerusform>measured by the cluster&apos;s verification at %1 (the slowest of %n pairs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CheckStatus</name>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClusterText</name>
    <message numerus="yes">
        <source>%n minute(s) ago</source>
        <translation>
            <numerusform>%n minute ago</numerusform>
            <numerusform>%n minutes ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s) ago</source>
        <translation>
            <numerusform>%n hour ago</numerusform>
            <numerusform>%n hours ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation>
            <numerusform>%n day ago</numerusform>
            <numerusform>%n days ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FabricHealth</name>
    <message numerus="yes">
        <source>the link of %1 went down and up (%n time(s) in %2 s)</source>
        <translation>
            <numerusform>the link of %1 went down and up (%n time in %2 s)</numerusform>
            <numerusform>the link of %1 went down and up (%n times in %2 s)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobFailureHints</name>
    <message numerus="yes">
        <source>This is not about the nodes&apos; GPUs: vLLM counts the GPUs of the Ray cluster it is connected to (each node of the job joins it with --num-gpus=1) and found fewer than the %n it needs, one per node.</source>
        <translation>
            <numerusform>This is not about the nodes&apos; GPUs: vLLM counts the GPUs of the Ray cluster it is connected to (each node of the job joins it with --num-gpus=1) and found fewer than the %n it needs, one per node.</numerusform>
            <numerusform>This is not about the nodes&apos; GPUs: vLLM counts the GPUs of the Ray cluster it is connected to (each node of the job joins it with --num-gpus=1) and found fewer than the %n it needs, one per node.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>vLLM ran without the job&apos;s Ray cluster, on the GPUs of the head alone: it must use Ray (--distributed-executor-backend ray) to spread over %n node(s).</source>
        <translation>
            <numerusform>vLLM ran without the job&apos;s Ray cluster, on the GPUs of the head alone: it must use Ray (--distributed-executor-backend ray) to spread over %n node.</numerusform>
            <numerusform>vLLM ran without the job&apos;s Ray cluster, on the GPUs of the head alone: it must use Ray (--distributed-executor-backend ray) to spread over %n nodes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::NodeListModel</name>
    <message numerus="yes">
        <source>Ready, %n warning(s)</source>
        <translation>
            <numerusform>Ready, %n warning</numerusform>
            <numerusform>Ready, %n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed check(s)</source>
        <translation>
            <numerusform>%n failed check</numerusform>
            <numerusform>%n failed checks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::jobs</name>
    <message numerus="yes">
        <source>the Ray cluster has %n node(s)</source>
        <translation>
            <numerusform>the Ray cluster has %n node</numerusform>
            <numerusform>the Ray cluster has %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>vLLM, tensor parallel over %n node(s)</source>
        <translation>
            <numerusform>vLLM, tensor parallel over %n node</numerusform>
            <numerusform>vLLM, tensor parallel over %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>llama-server with %n RPC worker(s) (layers split across nodes, not tensors)</source>
        <translation>
            <numerusform>llama-server with %n RPC worker (layers split across nodes, not tensors)</numerusform>
            <numerusform>llama-server with %n RPC workers (layers split across nodes, not tensors)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n RDMA packet(s)</source>
        <translation>
            <numerusform>%n RDMA packet</numerusform>
            <numerusform>%n RDMA packets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n queue pair(s) of the job&apos;s processes</source>
        <translation>
            <numerusform>%n queue pair of the job&apos;s processes</numerusform>
            <numerusform>%n queue pairs of the job&apos;s processes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::jobs::JobLauncher</name>
    <message numerus="yes">
        <source>Checking %n node(s): runtime, model, ports, memory.</source>
        <translation>
            <numerusform>Checking %n node: runtime, model, ports, memory.</numerusform>
            <numerusform>Checking %n nodes: runtime, model, ports, memory.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Answer: %n token(s), first after %1 ms, %2 tokens/s.</source>
        <translation>
            <numerusform>Answer: %n token, first after %1 ms, %2 tokens/s.</numerusform>
            <numerusform>Answer: %n tokens, first after %1 ms, %2 tokens/s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Benchmark done: %n concurrency level(s).</source>
        <translation>
            <numerusform>Benchmark done: %n concurrency level.</numerusform>
            <numerusform>Benchmark done: %n concurrency levels.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::setup::SetupController</name>
    <message numerus="yes">
        <source>applying the plan; the node undoes it by itself %n second(s) after the last step unless it is confirmed</source>
        <translation>
            <numerusform>applying the plan; the node undoes it by itself %n second after the last step unless it is confirmed</numerusform>
            <numerusform>applying the plan; the node undoes it by itself %n seconds after the last step unless it is confirmed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::AlertBar</name>
    <message numerus="yes">
        <source>— and %n more alert(s).</source>
        <translation>
            <numerusform>— and %n more alert.</numerusform>
            <numerusform>— and %n more alerts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::ApplyPage</name>
    <message numerus="yes">
        <source>%n node(s) failed and undid their own steps. The others still carry the change: roll them back, or fix the problem and apply again.</source>
        <translation>
            <numerusform>%n node failed and undid its own steps. The others still carry the change: roll them back, or fix the problem and apply again.</numerusform>
            <numerusform>%n nodes failed and undid their own steps. The others still carry the change: roll them back, or fix the problem and apply again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) failed; nothing is left changed.</source>
        <translation>
            <numerusform>%n node failed; nothing is left changed.</numerusform>
            <numerusform>%n nodes failed; nothing is left changed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::ComparisonDialog</name>
    <message numerus="yes">
        <source>TCP run, level %1 of %2: %n request(s) in flight.</source>
        <translation>
            <numerusform>TCP run, level %1 of %2: %n request in flight.</numerusform>
            <numerusform>TCP run, level %1 of %2: %n requests in flight.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>RDMA run, level %1 of %2: %n request(s) in flight.</source>
        <translation>
            <numerusform>RDMA run, level %1 of %2: %n request in flight.</numerusform>
            <numerusform>RDMA run, level %1 of %2: %n requests in flight.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::ComparisonView</name>
    <message numerus="yes">
        <source>Both benchmarks finished: %n concurrency level(s) each.</source>
        <translation>
            <numerusform>Both benchmarks finished: %n concurrency level each.</numerusform>
            <numerusform>Both benchmarks finished: %n concurrency levels each.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::DashboardPage</name>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Live, %n node(s) reporting</source>
        <translation>
            <numerusform>Live, %n node reporting</numerusform>
            <numerusform>Live, %n nodes reporting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>RDMA bandwidth (rx solid, tx dashed); not shown: %n port(s) counting only packets</source>
        <translation>
            <numerusform>RDMA bandwidth (rx solid, tx dashed); not shown: %n port counting only packets</numerusform>
            <numerusform>RDMA bandwidth (rx solid, tx dashed); not shown: %n ports counting only packets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::FabricHealthPanel</name>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n failing</numerusform>
            <numerusform>%n failing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n degraded</source>
        <translation>
            <numerusform>%n degraded</numerusform>
            <numerusform>%n degraded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n healthy</source>
        <translation>
            <numerusform>%n healthy</numerusform>
            <numerusform>%n healthy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown</source>
        <translation>
            <numerusform>%n unknown</numerusform>
            <numerusform>%n unknown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s): %1 (rates per second over the last %2 s).</source>
        <extracomment>%1 e.g. &quot;1 degraded, 3 healthy&quot;; rates over the last 10 s</extracomment>
        <translation>
            <numerusform>%n link: %1 (rates per second over the last %2 s).</numerusform>
            <numerusform>%n links: %1 (rates per second over the last %2 s).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::JobsWindow</name>
    <message numerus="yes">
        <source>Looking for jobs on %n node(s)…</source>
        <translation>
            <numerusform>Looking for jobs on %n node…</numerusform>
            <numerusform>Looking for jobs on %n nodes…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) found on the connected nodes.</source>
        <translation>
            <numerusform>%n job found on the connected nodes.</numerusform>
            <numerusform>%n jobs found on the connected nodes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::KeptComparisonsDialog</name>
    <message numerus="yes">
        <source>%n comparison(s) of &apos;%1&apos; kept in %2, newest first.</source>
        <translation>
            <numerusform>%n comparison of &apos;%1&apos; kept in %2, newest first.</numerusform>
            <numerusform>%n comparisons of &apos;%1&apos; kept in %2, newest first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n warning(s) to read.</source>
        <translation>
            <numerusform>%n warning to read.</numerusform>
            <numerusform>%n warnings to read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added.</source>
        <translation>
            <numerusform>%n virtual node added.</numerusform>
            <numerusform>%n virtual nodes added.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodeActions</name>
    <message numerus="yes">
        <source>%n node(s) imported.</source>
        <translation>
            <numerusform>%n node imported.</numerusform>
            <numerusform>%n nodes imported.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodePage</name>
    <message numerus="yes">
        <source>… and %n more on the Checks tab.</source>
        <translation>
            <numerusform>… and %n more on the Checks tab.</numerusform>
            <numerusform>… and %n more on the Checks tab.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodesPage</name>
    <message numerus="yes">
        <source>%n NIC(s)</source>
        <translation>
            <numerusform>%n NIC</numerusform>
            <numerusform>%n NICs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n RDMA port(s)</source>
        <translation>
            <numerusform>%n RDMA port</numerusform>
            <numerusform>%n RDMA ports</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) ready.</source>
        <translation>
            <numerusform>%n node ready.</numerusform>
            <numerusform>%n nodes ready.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::PreflightPage</name>
    <message numerus="yes">
        <source>%n failure(s) block the setup: fix them and probe again, or override with a reason.</source>
        <translation>
            <numerusform>%n failure blocks the setup: fix it and probe again, or override with a reason.</numerusform>
            <numerusform>%n failures block the setup: fix them and probe again, or override with a reason.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No failures; %n warning(s) to read.</source>
        <translation>
            <numerusform>No failures; %n warning to read.</numerusform>
            <numerusform>No failures; %n warnings to read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::SshImportDialog</name>
    <message numerus="yes">
        <source>&amp;Import %n Node(s)</source>
        <translation>
            <numerusform>&amp;Import %n Node</numerusform>
            <numerusform>&amp;Import %n Nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::VerifyPage</name>
    <message numerus="yes">
        <source>RDMA works between every pair; %n pair(s) have notes worth reading. %1 keeps the change and saves the cluster.</source>
        <translation>
            <numerusform>RDMA works between every pair; %n pair has notes worth reading. %1 keeps the change and saves the cluster.</numerusform>
            <numerusform>RDMA works between every pair; %n pairs have notes worth reading. %1 keeps the change and saves the cluster.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::VirtualClusterDialog</name>
    <message numerus="yes">
        <source>A virtual cluster of %n node(s) is already up (left by an earlier run); stop it, or start again to replace it.</source>
        <translation>
            <numerusform>A virtual cluster of %n node is already up (left by an earlier run); stop it, or start again to replace it.</numerusform>
            <numerusform>A virtual cluster of %n nodes is already up (left by an earlier run); stop it, or start again to replace it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (KVM). Next: Set Up the Cluster… configures RoCE v2 on them.</source>
        <translation>
            <numerusform>%n virtual node added (KVM). Next: Set Up the Cluster… configures RoCE v2 on them.</numerusform>
            <numerusform>%n virtual nodes added (KVM). Next: Set Up the Cluster… configures RoCE v2 on them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (emulated CPU, slow). Next: Set Up the Cluster… configures RoCE v2 on them.</source>
        <translation>
            <numerusform>%n virtual node added (emulated CPU, slow). Next: Set Up the Cluster… configures RoCE v2 on them.</numerusform>
            <numerusform>%n virtual nodes added (emulated CPU, slow). Next: Set Up the Cluster… configures RoCE v2 on them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolinkctl</name>
    <message numerus="yes">
        <source>%n node(s) added.</source>
        <translation>
            <numerusform>%n node added.</numerusform>
            <numerusform>%n nodes added.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No jobs on %n node(s).</source>
        <translation>
            <numerusform>No jobs on %n node.</numerusform>
            <numerusform>No jobs on %n nodes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>smoke test: %n token(s)</source>
        <translation>
            <numerusform>smoke test: %n token</numerusform>
            <numerusform>smoke test: %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>connecting to %n node(s)…</source>
        <translation>
            <numerusform>connecting to %n node…</numerusform>
            <numerusform>connecting to %n nodes…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>virtual cluster up: %n node(s) (%1) in %2</source>
        <translation>
            <numerusform>virtual cluster up: %n node (%1) in %2</numerusform>
            <numerusform>virtual cluster up: %n nodes (%1) in %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>virtual cluster down (%1); %n virtual node(s) removed from the inventory.</source>
        <translation>
            <numerusform>virtual cluster down (%1); %n virtual node removed from the inventory.</numerusform>
            <numerusform>virtual cluster down (%1); %n virtual nodes removed from the inventory.</numerusform>
        </translation>
    </message>
</context>
</TS>
