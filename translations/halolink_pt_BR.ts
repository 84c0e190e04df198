<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AdviceText</name>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 of %2 GiB</source>
        <translation>%1 de %2 GiB</translation>
    </message>
    <message>
        <source>%1 of %2 GiB on each node</source>
        <translation>%1 de %2 GiB em cada nó</translation>
    </message>
    <message>
        <source>%1 %2 of %3 GiB</source>
        <translation>%1 %2 de %3 GiB</translation>
    </message>
    <message>
        <source>%1&apos;s GPU memory is unknown</source>
        <translation>a memória da GPU de %1 é desconhecida</translation>
    </message>
    <message>
        <source>the model&apos;s weight bytes are unknown</source>
        <translation>os bytes dos pesos do modelo são desconhecidos</translation>
    </message>
    <message>
        <source>the model&apos;s KV cache per token is unknown</source>
        <translation>o cache KV por token do modelo é desconhecido</translation>
    </message>
    <message>
        <source>the model&apos;s bytes per layer are unknown</source>
        <translation>os bytes por camada do modelo são desconhecidos</translation>
    </message>
    <message>
        <source>a figure of the model or the nodes is unknown</source>
        <translation>um valor do modelo ou dos nós é desconhecido</translation>
    </message>
    <message>
        <source>not possible: %1</source>
        <translation>impossível: %1</translation>
    </message>
    <message>
        <source>fit unknown: %1</source>
        <translation>não se sabe se cabe: %1</translation>
    </message>
    <message>
        <source>%1 needs %2 of %3 GiB</source>
        <translation>%1 precisa de %2 de %3 GiB</translation>
    </message>
    <message>
        <source>does not fit (%1)</source>
        <translation>não cabe (%1)</translation>
    </message>
    <message>
        <source>fits (%1)</source>
        <translation>cabe (%1)</translation>
    </message>
    <message>
        <source>reference (FIELD_NOTES)</source>
        <translation>referência (FIELD_NOTES)</translation>
    </message>
    <message>
        <source>measured between %1 and %2 at %3</source>
        <translation>medidos entre %1 e %2 em %3</translation>
    </message>
    <message>
        <source>measured between %1 and %2</source>
        <translation>medidos entre %1 e %2</translation>
    </message>
    <message>
        <source>single node</source>
        <translation>nó único</translation>
    </message>
    <message>
        <source>single node (%1)</source>
        <translation>nó único (%1)</translation>
    </message>
    <message>
        <source>tensor parallel over %1</source>
        <translation>paralelismo de tensor em %1 nós</translation>
    </message>
    <message>
        <source>layer split over %1</source>
        <translation>divisão por camadas em %1 nós</translation>
    </message>
    <message>
        <source>no nodes to plan for</source>
        <translation>nenhum nó para planejar</translation>
    </message>
    <message>
        <source>none: no nodes</source>
        <translation>nenhuma: sem nós</translation>
    </message>
    <message>
        <source>links: %1</source>
        <translation>enlaces: %1</translation>
    </message>
    <message>
        <source>%1 tok/s over %2</source>
        <translation>%1 tok/s via %2</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 tok/s</translation>
    </message>
    <message>
        <source>unknown: the speed of %1 is unknown</source>
        <translation>desconhecida: a velocidade de %1 é desconhecida</translation>
    </message>
    <message>
        <source>unknown: %1 fits (%2), but whether %3 fits, which may be faster, is unknown</source>
        <translation>desconhecida: %1 cabe (%2), mas não se sabe se %3, que pode ser mais rápido, cabe</translation>
    </message>
    <message>
        <source>%1: the fastest way that fits (%2)</source>
        <translation>%1: a forma mais rápida que cabe (%2)</translation>
    </message>
    <message>
        <source>; whether %1 fits is unknown</source>
        <translation>; não se sabe se %1 cabe</translation>
    </message>
    <message>
        <source>unknown: no way is known to fit (whether %1 fits is unknown)</source>
        <translation>desconhecida: não se sabe de nenhuma forma que caiba (não se sabe se %1 cabe)</translation>
    </message>
    <message>
        <source>none: no way fits these nodes at this context and concurrency</source>
        <translation>nenhuma: nenhuma forma cabe nestes nós com este contexto e esta concorrência</translation>
    </message>
    <message>
        <source>%1 us one way, %2 Gbit/s</source>
        <translation>%1 us em um sentido, %2 Gbit/s</translation>
    </message>
    <message>
        <source>%1 tok/s (%2 compute)</source>
        <translation>%1 tok/s (%2 de computação)</translation>
    </message>
    <message>
        <source>%1 tok/s over %2 (%3 compute + %4 link)</source>
        <translation>%1 tok/s via %2 (%3 de computação + %4 de enlace)</translation>
    </message>
    <message>
        <source>%1 (%2 compute)</source>
        <translation>%1 (%2 de computação)</translation>
    </message>
    <message>
        <source>%1 over %2 (%3 compute + %4 link)</source>
        <translation>%1 via %2 (%3 de computação + %4 de enlace)</translation>
    </message>
    <message>
        <source>largest context unknown</source>
        <translation>maior contexto desconhecido</translation>
    </message>
    <message>
        <source>no context fits</source>
        <translation>nenhum contexto cabe</translation>
    </message>
    <message>
        <source>largest context %1 tokens (the model&apos;s own; memory allows %2)</source>
        <translation>maior contexto %1 tokens (o do próprio modelo; a memória permite %2)</translation>
    </message>
    <message>
        <source>largest context %1 tokens</source>
        <translation>maior contexto %1 tokens</translation>
    </message>
    <message>
        <source>model %1 (%2, %3 layers, %4 GiB of weights; KV cache %5 KiB per token)</source>
        <translation>modelo %1 (%2, %3 camadas, %4 GiB de pesos; cache KV %5 KiB por token)</translation>
    </message>
    <message>
        <source>%1: GPU memory %2, usable %3 (less %4 % for the runtime)</source>
        <translation>%1: memória da GPU %2, utilizável %3 (menos %4 % para o runtime)</translation>
    </message>
    <message>
        <source>links %1: RDMA %2; TCP %3</source>
        <translation>enlaces, %1: RDMA %2; TCP %3</translation>
    </message>
    <message>
        <source>decode %1</source>
        <translation>decodificação %1</translation>
    </message>
    <message>
        <source>in all (%1 sequences) %2 tok/s over RDMA, %3 over TCP</source>
        <translation>no total (%1 sequências) %2 tok/s via RDMA, %3 via TCP</translation>
    </message>
    <message>
        <source>in all (%1 sequences) %2 tok/s</source>
        <translation>no total (%1 sequências) %2 tok/s</translation>
    </message>
    <message>
        <source>time to first token %1</source>
        <translation>tempo até o primeiro token %1</translation>
    </message>
    <message>
        <source>%1: weights %2 + KV cache %3 + overhead %4 = %5, usable %6</source>
        <translation>%1: pesos %2 + cache KV %3 + sobrecarga %4 = %5, utilizável %6</translation>
    </message>
    <message>
        <source>, %1 layers</source>
        <translation>, %1 camadas</translation>
    </message>
    <message>
        <source>recommended: %1</source>
        <translation>recomendação: %1</translation>
    </message>
    <message>
        <source>notes:</source>
        <translation>notas:</translation>
    </message>
    <message>
        <source>assumptions:</source>
        <translation>premissas:</translation>
    </message>
    <message>
        <source>GPU memory unknown: the probe could not be read (%1)</source>
        <translation>memória da GPU desconhecida: não foi possível ler a sondagem (%1)</translation>
    </message>
    <message>
        <source>GPU memory unknown: the probe shows no amdgpu GPU</source>
        <translation>memória da GPU desconhecida: a sondagem não mostra nenhuma GPU amdgpu</translation>
    </message>
    <message>
        <source>%1: VRAM or system memory size unknown</source>
        <translation>%1: tamanho da VRAM ou da memória do sistema desconhecido</translation>
    </message>
    <message>
        <source>%1: VRAM %2 GiB</source>
        <translation>%1: VRAM %2 GiB</translation>
    </message>
    <message>
        <source>%1: GTT size unknown</source>
        <translation>%1: tamanho da GTT desconhecido</translation>
    </message>
    <message>
        <source>%1: GTT %2 GiB + VRAM carve-out %3 GiB</source>
        <translation>%1: GTT %2 GiB + reserva de VRAM %3 GiB</translation>
    </message>
    <message>
        <source>GPU memory unknown (%1)</source>
        <translation>memória da GPU desconhecida (%1)</translation>
    </message>
    <message>
        <source>GPU memory %1 GiB (%2; the largest of %3 amdgpu GPUs: one GPU per node is planned for)</source>
        <translation>memória da GPU %1 GiB (%2; a maior de %3 GPUs amdgpu: o plano conta com uma GPU por nó)</translation>
    </message>
    <message>
        <source>GPU memory %1 GiB (%2)</source>
        <translation>memória da GPU %1 GiB (%2)</translation>
    </message>
    <message>
        <source>latency from the live mesh, bandwidth reference (FIELD_NOTES)</source>
        <translation>latência da malha ao vivo, largura de banda de referência (FIELD_NOTES)</translation>
    </message>
    <message numerus="yes">
        <source>workload: context %1 tokens x %n sequence(s); prompt %2 tokens, answer %3 tokens</source>
        <translation>
            <numerusform>carga de trabalho: contexto de %1 tokens x %n sequência; prompt de %2 tokens, resposta de %3 tokens</numerusform>
            <numerusform>carga de trabalho: contexto de %1 tokens x %n sequências; prompt de %2 tokens, resposta de %3 tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>latency from the live mesh, bandwidth from the cluster&apos;s verification at %1</source>
        <translation>latência da malha ao vivo, largura de banda da verificação do cluster em %1</translation>
    </message>
    <message numerus="yes">
        <source>measured by the cluster&apos;s verification at %1 (the slowest of %n pair(s))</source>
        <translation>
            <numerusform>medidos pela verificação do cluster em %1 (o mais lento de %n par)</numerusform>
            <numerusform>medidos pela verificação do cluster em %1 (o mais lento de %n pares)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertRules</name>
    <message>
        <source>%1 lost</source>
        <translation>%1 perdido</translation>
    </message>
    <message>
        <source>HaloLink cannot reach it any more.</source>
        <translation>O HaloLink não consegue mais alcançá-lo.</translation>
    </message>
    <message>
        <source>%1: %2 down</source>
        <translation>%1: %2 caiu</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <extracomment>%1 node, %2 the port, %3 &quot;degraded&quot; or &quot;failing&quot;</extracomment>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <source>%1: GPU %2 hot</source>
        <translation>%1: GPU %2 quente</translation>
    </message>
    <message>
        <source>%1 °C (the alert holds from %2 °C until it is under %3 °C)</source>
        <translation>%1 °C (o alerta vale a partir de %2 °C até ficar abaixo de %3 °C)</translation>
    </message>
    <message>
        <source>%1: GTT nearly full</source>
        <translation>%1: GTT quase cheia</translation>
    </message>
    <message>
        <source>%1 % of the GPU&apos;s unified memory in use (%2 of %3 GiB, %4)</source>
        <extracomment>%1 percent used, %2 used GiB, %3 total GiB, %4 card</extracomment>
        <translation>%1 % da memória unificada da GPU em uso (%2 de %3 GiB, %4)</translation>
    </message>
</context>
<context>
    <name>CheckMessage</name>
    <message>
        <source>libibverbs is not installed: no RDMA is possible (install rdma-core and the ibverbs providers)</source>
        <comment>rdma_core.libibverbs_missing</comment>
        <translation>a libibverbs não está instalada: não há RDMA possível (instale o rdma-core e os provedores ibverbs)</translation>
    </message>
    <message>
        <source>librdmacm is not installed: RDMA connections through rdma_cm will fail</source>
        <comment>rdma_core.librdmacm_missing</comment>
        <translation>a librdmacm não está instalada: as conexões RDMA pelo rdma_cm vão falhar</translation>
    </message>
    <message>
        <source>could not tell whether rdma-core is installed</source>
        <comment>rdma_core.unknown</comment>
        <translation>não foi possível saber se o rdma-core está instalado</translation>
    </message>
    <message>
        <source>libibverbs and librdmacm are installed</source>
        <comment>rdma_core.installed</comment>
        <translation>a libibverbs e a librdmacm estão instaladas</translation>
    </message>
    <message>
        <source>no RDMA device: check that the NIC&apos;s RDMA driver (irdma, mlx5_ib) is loaded, or create a Soft-RoCE device</source>
        <comment>rdma_device.none</comment>
        <translation>nenhum dispositivo RDMA: verifique se o driver RDMA da placa de rede (irdma, mlx5_ib) está carregado, ou crie um dispositivo Soft-RoCE</translation>
    </message>
    <message>
        <source>RDMA devices: %1</source>
        <comment>rdma_device.present</comment>
        <translation>dispositivos RDMA: %1</translation>
    </message>
    <message>
        <source>%1 runs iWARP, not RoCE: NCCL/RCCL and llama.cpp RPC fall back to TCP or fail. Switch the E810 to RoCE v2 (devlink param enable_roce true, enable_iwarp false)</source>
        <comment>iwarp.iwarp</comment>
        <translation>%1 funciona em iWARP, não em RoCE: NCCL/RCCL e o RPC do llama.cpp voltam para TCP ou falham. Mude a E810 para RoCE v2 (devlink param enable_roce true, enable_iwarp false)</translation>
    </message>
    <message>
        <source>%1 transport is %2</source>
        <comment>iwarp.transport</comment>
        <translation>o transporte de %1 é %2</translation>
    </message>
    <message>
        <source>%1 is ACTIVE</source>
        <comment>port.active</comment>
        <translation>%1 está ACTIVE</translation>
    </message>
    <message>
        <source>%1 is %2: check the cable, the link partner and that the netdev is up</source>
        <comment>port.inactive</comment>
        <translation>%1 está %2: verifique o cabo, o outro lado do enlace e se a interface de rede está ativa</translation>
    </message>
    <message>
        <source>%1 is in an unknown state: check the cable, the link partner and that the netdev is up</source>
        <comment>port.inactive_unknown</comment>
        <translation>%1 está num estado desconhecido: verifique o cabo, o outro lado do enlace e se a interface de rede está ativa</translation>
    </message>
    <message>
        <source>%1 is %2: on InfiniBand a subnet manager (opensm) must run on one node</source>
        <comment>port.inactive_ib</comment>
        <translation>%1 está %2: em InfiniBand um gerenciador de sub-rede (opensm) precisa rodar em um nó</translation>
    </message>
    <message>
        <source>%1 is in an unknown state: on InfiniBand a subnet manager (opensm) must run on one node</source>
        <comment>port.inactive_ib_unknown</comment>
        <translation>%1 está num estado desconhecido: em InfiniBand um gerenciador de sub-rede (opensm) precisa rodar em um nó</translation>
    </message>
    <message>
        <source>RoCE v2 IPv4 GID at index %1</source>
        <comment>gid.roce_v2</comment>
        <translation>GID RoCE v2 IPv4 no índice %1</translation>
    </message>
    <message>
        <source>no RoCE v2 GID for an IPv4 address of %1: give the data-plane interface an IPv4 address</source>
        <comment>gid.missing</comment>
        <translation>nenhum GID RoCE v2 para um endereço IPv4 de %1: dê um endereço IPv4 à interface do plano de dados</translation>
    </message>
    <message>
        <source>no RoCE v2 GID for an IPv4 address of its netdev: give the data-plane interface an IPv4 address</source>
        <comment>gid.missing_no_netdev</comment>
        <translation>nenhum GID RoCE v2 para um endereço IPv4 da sua interface de rede: dê um endereço IPv4 à interface do plano de dados</translation>
    </message>
    <message>
        <source>the MTU of %1 is unknown</source>
        <comment>mtu.unknown</comment>
        <translation>a MTU de %1 é desconhecida</translation>
    </message>
    <message>
        <source>%1 has MTU %2: RoCE then uses 1024 or 2048-byte packets; set 9000 (active MTU 4096)</source>
        <comment>mtu.small</comment>
        <translation>%1 tem MTU %2: o RoCE então usa pacotes de 1024 ou 2048 bytes; defina 9000 (MTU ativa 4096)</translation>
    </message>
    <message>
        <source>%1 has MTU %2</source>
        <comment>mtu.ok</comment>
        <translation>%1 tem MTU %2</translation>
    </message>
    <message>
        <source>%1 runs at PCIe x%2 of x%3 (slot or riser width)</source>
        <comment>pcie_width.degraded</comment>
        <translation>%1 funciona em PCIe x%2 de x%3 (largura do slot ou do riser)</translation>
    </message>
    <message>
        <source>%1 runs at PCIe x%2 of x%3: at most %4 Gbit/s per direction (slot or riser width)</source>
        <comment>pcie_width.degraded_bandwidth</comment>
        <translation>%1 funciona em PCIe x%2 de x%3: no máximo %4 Gbit/s por sentido (largura do slot ou do riser)</translation>
    </message>
    <message>
        <source>%1 runs at PCIe x%2 of x%3: at most %4 Gbit/s per direction instead of %5 (slot or riser width)</source>
        <comment>pcie_width.degraded_bandwidth_of</comment>
        <translation>%1 funciona em PCIe x%2 de x%3: no máximo %4 Gbit/s por sentido em vez de %5 (largura do slot ou do riser)</translation>
    </message>
    <message>
        <source>%1 runs at its full PCIe width x%2</source>
        <comment>pcie_width.full</comment>
        <translation>%1 funciona na sua largura PCIe completa x%2</translation>
    </message>
    <message>
        <source>%1 links at %2 GT/s of %3 GT/s (slot generation, BIOS setting or power saving)</source>
        <comment>pcie_speed.degraded</comment>
        <translation>%1 conecta a %2 GT/s de %3 GT/s (geração do slot, configuração da BIOS ou economia de energia)</translation>
    </message>
    <message>
        <source>%1 links at its full %2 GT/s</source>
        <comment>pcie_speed.full</comment>
        <translation>%1 conecta na sua velocidade completa de %2 GT/s</translation>
    </message>
    <message>
        <source>%1 can reach only %2 GiB as GTT of %3 GiB memory: raise it with kernel parameters (amdgpu.gttsize, ttm.pages_limit)</source>
        <comment>gtt.small</comment>
        <translation>%1 alcança apenas %2 GiB como GTT de %3 GiB de memória: aumente com parâmetros do kernel (amdgpu.gttsize, ttm.pages_limit)</translation>
    </message>
    <message>
        <source>%1 can reach %2 GiB as GTT</source>
        <comment>gtt.ok</comment>
        <translation>%1 alcança %2 GiB como GTT</translation>
    </message>
    <message>
        <source>the IOMMU is in pass-through mode or off</source>
        <comment>iommu.passthrough</comment>
        <translation>a IOMMU está em modo pass-through ou desligada</translation>
    </message>
    <message>
        <source>no IOMMU is active</source>
        <comment>iommu.none</comment>
        <translation>nenhuma IOMMU está ativa</translation>
    </message>
    <message>
        <source>the IOMMU translates DMA (no iommu=pt or amd_iommu=off on the kernel command line): RDMA and GPU transfers pay for it</source>
        <comment>iommu.translating</comment>
        <translation>a IOMMU traduz o DMA (sem iommu=pt ou amd_iommu=off na linha de comando do kernel): as transferências RDMA e da GPU pagam por isso</translation>
    </message>
    <message>
        <source>firewalld is active: put the data-plane interface in the trusted zone, or RoCE&apos;s UDP port 4791 and the job ports are blocked</source>
        <comment>firewall.active</comment>
        <translation>o firewalld está ativo: coloque a interface do plano de dados na zona trusted, ou a porta UDP 4791 do RoCE e as portas dos jobs ficam bloqueadas</translation>
    </message>
    <message>
        <source>firewalld is %1</source>
        <comment>firewall.state</comment>
        <translation>o firewalld está %1</translation>
    </message>
    <message>
        <source>firewalld is not installed or its state is unknown</source>
        <comment>firewall.unknown</comment>
        <translation>o firewalld não está instalado ou o seu estado é desconhecido</translation>
    </message>
    <message>
        <source>the SSH connection runs over %1, the RDMA interface: HaloLink will not reconfigure it; keep management and data plane on separate interfaces</source>
        <comment>management.on_rdma</comment>
        <translation>a conexão SSH passa por %1, a interface RDMA: o HaloLink não vai reconfigurá-la; mantenha a gerência e o plano de dados em interfaces separadas</translation>
    </message>
    <message>
        <source>%1 does not carry the management connection</source>
        <comment>management.apart</comment>
        <translation>%1 não carrega a conexão de gerência</translation>
    </message>
    <message>
        <source>not applicable: no RDMA device</source>
        <comment>not_applicable.no_rdma_device</comment>
        <translation>não se aplica: nenhum dispositivo RDMA</translation>
    </message>
    <message>
        <source>not applicable: no RDMA port</source>
        <comment>not_applicable.no_rdma_port</comment>
        <translation>não se aplica: nenhuma porta RDMA</translation>
    </message>
    <message>
        <source>not applicable: no RDMA netdev</source>
        <comment>not_applicable.no_rdma_netdev</comment>
        <translation>não se aplica: nenhuma interface de rede RDMA</translation>
    </message>
    <message>
        <source>not applicable: no NIC with a known PCIe link width</source>
        <comment>not_applicable.no_pcie_width</comment>
        <translation>não se aplica: nenhuma placa de rede com largura de enlace PCIe conhecida</translation>
    </message>
    <message>
        <source>not applicable: no NIC with a known PCIe link speed</source>
        <comment>not_applicable.no_pcie_speed</comment>
        <translation>não se aplica: nenhuma placa de rede com velocidade de enlace PCIe conhecida</translation>
    </message>
    <message>
        <source>not applicable: no GPU</source>
        <comment>not_applicable.no_gpu</comment>
        <translation>não se aplica: nenhuma GPU</translation>
    </message>
    <message>
        <source>not applicable: no NIC with an RDMA device</source>
        <comment>not_applicable.no_rdma_nic</comment>
        <translation>não se aplica: nenhuma placa de rede com dispositivo RDMA</translation>
    </message>
    <message>
        <source>not applicable: transport is %1</source>
        <comment>not_applicable.transport</comment>
        <translation>não se aplica: o transporte é %1</translation>
    </message>
    <message>
        <source>not applicable: memory sizes of %1 unknown</source>
        <comment>not_applicable.gpu_sizes_unknown</comment>
        <translation>não se aplica: tamanhos de memória de %1 desconhecidos</translation>
    </message>
    <message>
        <source>not applicable: %1 has its own VRAM</source>
        <comment>not_applicable.own_vram</comment>
        <translation>não se aplica: %1 tem VRAM própria</translation>
    </message>
    <message>
        <source>%1 links at %2 Mb/s although both ends support %3 Mb/s (cable, transceiver, a speed set by hand, or the mode not advertised)</source>
        <comment>link_speed.degraded</comment>
        <translation>%1 conecta a %2 Mb/s, embora as duas pontas suportem %3 Mb/s (cabo, transceptor, velocidade fixada à mão ou o modo não anunciado)</translation>
    </message>
    <message>
        <source>%1 links at %2 Mb/s of the %3 Mb/s it supports; the link partner does not say what it offers</source>
        <comment>link_speed.below_supported</comment>
        <translation>%1 conecta a %2 Mb/s dos %3 Mb/s que suporta; o parceiro do enlace não informa o que oferece</translation>
    </message>
    <message>
        <source>%1 links at %2 Mb/s, the fastest both ends support</source>
        <comment>link_speed.full</comment>
        <translation>%1 conecta a %2 Mb/s, o mais rápido que as duas pontas suportam</translation>
    </message>
    <message>
        <source>not applicable: no RDMA NIC whose link modes ethtool reports</source>
        <comment>not_applicable.no_link_modes</comment>
        <translation>não se aplica: nenhuma NIC RDMA cujos modos de enlace o ethtool informe</translation>
    </message>
</context>
<context>
    <name>CheckStatus</name>
    <message>
        <source>no checks</source>
        <translation>nenhuma verificação</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 com falha</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n aviso</numerusform>
            <numerusform>%n avisos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 passed</source>
        <translation>%1 OK</translation>
    </message>
    <message>
        <source>%1 not applicable</source>
        <translation>%1 sem aplicação</translation>
    </message>
    <message>
        <source>%1 unknown</source>
        <translation>%1 com status desconhecido</translation>
    </message>
    <message>
        <source>not applicable on the workstation, which is not a node of the cluster (found: %1)</source>
        <translation>não se aplica à estação de trabalho, que não é um nó do cluster (encontrado: %1)</translation>
    </message>
    <message>
        <source>The engine %1 runs here and answered the probe.</source>
        <translation>O engine %1 roda aqui e respondeu à sondagem.</translation>
    </message>
    <message>
        <source>The engine runs here and answered the probe.</source>
        <translation>O engine roda aqui e respondeu à sondagem.</translation>
    </message>
    <message>
        <source>The system keychain works: passwords can be remembered there.</source>
        <translation>O chaveiro do sistema funciona: as senhas podem ser lembradas nele.</translation>
    </message>
    <message>
        <source>No system keychain (%1): passwords and passphrases are asked again each time, never stored elsewhere.</source>
        <translation>Nenhum chaveiro do sistema (%1): senhas e frases secretas são pedidas de novo a cada vez, e nunca são armazenadas em outro lugar.</translation>
    </message>
</context>
<context>
    <name>ClusterText</name>
    <message>
        <source>one direct cable</source>
        <translation>um cabo direto</translation>
    </message>
    <message>
        <source>a switch</source>
        <translation>um switch</translation>
    </message>
    <message>
        <source>none (left as it was)</source>
        <translation>nenhuma (deixada como estava)</translation>
    </message>
    <message>
        <source>ToS %1 only (Soft-RoCE has no PFC)</source>
        <translation>só ToS %1 (o Soft-RoCE não tem PFC)</translation>
    </message>
    <message>
        <source>DSCP %1 → priority %2</source>
        <translation>DSCP %1 → prioridade %2</translation>
    </message>
    <message>
        <source>PFC on priority %1</source>
        <translation>PFC na prioridade %1</translation>
    </message>
    <message>
        <source>ToS %1 for RDMA connections</source>
        <translation>ToS %1 para as conexões RDMA</translation>
    </message>
    <message>
        <source>not configured (left as it was)</source>
        <translation>não configurada (deixada como estava)</translation>
    </message>
    <message>
        <source>priority %1 (PFC where the NIC has it), DSCP %2, ToS %3%4</source>
        <extracomment>%1 PFC priority, %2 DSCP, %3 ToS, %4 &quot;, ECN-capable&quot; or nothing</extracomment>
        <translation>prioridade %1 (PFC onde a NIC tiver), DSCP %2, ToS %3%4</translation>
    </message>
    <message>
        <source>, ECN-capable</source>
        <translation>, com suporte a ECN</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>agora mesmo</translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s) ago</source>
        <translation>
            <numerusform>há %n minuto</numerusform>
            <numerusform>há %n minutos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s) ago</source>
        <translation>
            <numerusform>há %n hora</numerusform>
            <numerusform>há %n horas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation>
            <numerusform>há %n dia</numerusform>
            <numerusform>há %n dias</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2, MTU %3, confirmed %4 (%5).</source>
        <extracomment>%1 &quot;2 nodes&quot;, %2 the cabling (&quot;one direct cable&quot;, &quot;a switch&quot;), %3 MTU, %4 date and time, %5 how long ago</extracomment>
        <translation>%1 em %2, MTU %3, confirmado em %4 (%5).</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n nó</numerusform>
            <numerusform>%n nós</numerusform>
        </translation>
    </message>
    <message>
        <source>The configuration comes back after a reboot.</source>
        <translation>A configuração volta depois de uma reinicialização.</translation>
    </message>
    <message>
        <source>The configuration lasts until the nodes reboot (not persistent).</source>
        <translation>A configuração dura até os nós reiniciarem (não persistente).</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <extracomment>%1 &quot;2 nodes&quot;, %2 the cabling</extracomment>
        <translation>%1 em %2</translation>
    </message>
    <message>
        <source>%1, not verified</source>
        <translation>%1, não verificado</translation>
    </message>
    <message>
        <source>verified %1</source>
        <translation>verificado %1</translation>
    </message>
    <message>
        <source>measured %1, not every pair passed</source>
        <translation>medido %1, nem todos os pares passaram</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1, %2: RDMA %3 one way against TCP %4 (%5x faster)</source>
        <extracomment>%1 the nodes and cabling, %2 &quot;verified 3 hours ago&quot;, %3 RDMA latency, %4 TCP latency, %5 speed-up</extracomment>
        <translation>%1, %2: RDMA %3 em um sentido contra TCP %4 (%5x mais rápido)</translation>
    </message>
    <message>
        <source>Not verified: no measurement between the nodes was kept. Verify Again measures RDMA against TCP between every pair.</source>
        <translation>Não verificado: nenhuma medição entre os nós foi guardada. Verificar de novo mede RDMA contra TCP entre cada par.</translation>
    </message>
    <message>
        <source>Verified %1 (%2): every check and pair passed.</source>
        <translation>Verificado %1 (%2): todas as verificações e todos os pares passaram.</translation>
    </message>
    <message>
        <source>Measured %1 (%2), but not every check or pair passed: see the pairs below.</source>
        <translation>Medido %1 (%2), mas nem todas as verificações ou pares passaram: veja os pares abaixo.</translation>
    </message>
    <message>
        <source>RDMA %1 one way against TCP %2 (%3x faster)</source>
        <extracomment>%1 RDMA one-way latency, %2 TCP one-way latency, %3 the speed-up</extracomment>
        <translation>RDMA %1 em um sentido contra TCP %2 (%3x mais rápido)</translation>
    </message>
    <message>
        <source>; %1 against %2</source>
        <translation>; %1 contra %2</translation>
    </message>
    <message>
        <source> (the slowest pair).</source>
        <translation> (o par mais lento).</translation>
    </message>
</context>
<context>
    <name>EngineLocator</name>
    <message>
        <source>does not exist</source>
        <translation>não existe</translation>
    </message>
    <message>
        <source>is a directory</source>
        <translation>é um diretório</translation>
    </message>
    <message>
        <source>is not executable</source>
        <translation>não é executável</translation>
    </message>
    <message>
        <source>The engine %1 %2.</source>
        <translation>O engine %1 %2.</translation>
    </message>
    <message>
        <source>halolink-engine not found: %1 is set, but
%2</source>
        <translation>halolink-engine não encontrado: %1 está definida, mas
%2</translation>
    </message>
    <message>
        <source>halolink-engine not found. Looked at:
%1</source>
        <translation>halolink-engine não encontrado. Locais verificados:
%1</translation>
    </message>
</context>
<context>
    <name>FabricHealth</name>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>healthy</source>
        <translation>saudável</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>degradado</translation>
    </message>
    <message>
        <source>failing</source>
        <translation>falhando</translation>
    </message>
    <message>
        <source>%1 port %2</source>
        <extracomment>%1 RDMA device, %2 port number, %3 its network interface</extracomment>
        <translation>%1 porta %2</translation>
    </message>
    <message>
        <source>%1 port %2 (%3)</source>
        <translation>%1 porta %2 (%3)</translation>
    </message>
    <message>
        <source>%1 is down</source>
        <translation>a interface %1 está inativa</translation>
    </message>
    <message>
        <source>%1 port %2 is not ACTIVE</source>
        <translation>a porta %2 de %1 não está ACTIVE</translation>
    </message>
    <message>
        <source>%1 RDMA transport errors/s (retransmissions, sequence errors, timeouts)</source>
        <translation>%1 erros de transporte RDMA/s (retransmissões, erros de sequência, timeouts)</translation>
    </message>
    <message>
        <source>%1 packets/s dropped for lack of buffer</source>
        <translation>%1 pacotes/s descartados por falta de buffer</translation>
    </message>
    <message>
        <source>%1 CRC errors/s (a cable, transceiver or port fault)</source>
        <translation>%1 erros de CRC/s (defeito no cabo, no transceptor ou na porta)</translation>
    </message>
    <message>
        <source>%1 pause frames/s (the link is held back by flow control)</source>
        <translation>%1 quadros de pausa/s (o enlace é retido pelo controle de fluxo)</translation>
    </message>
    <message>
        <source>%1 congestion notifications/s</source>
        <translation>%1 notificações de congestionamento/s</translation>
    </message>
    <message numerus="yes">
        <source>the link of %1 went down and up (%n time(s) in %2 s)</source>
        <translation>
            <numerusform>o enlace de %1 caiu e voltou (%n vez em %2 s)</numerusform>
            <numerusform>o enlace de %1 caiu e voltou (%n vezes em %2 s)</numerusform>
        </translation>
    </message>
    <message>
        <source>no counters from it in the last %1 s</source>
        <translation>nenhum contador dele nos últimos %1 s</translation>
    </message>
</context>
<context>
    <name>JobFailureHints</name>
    <message numerus="yes">
        <source>This is not about the nodes&apos; GPUs: vLLM counts the GPUs of the Ray cluster it is connected to (each node of the job joins it with --num-gpus=1) and found fewer than the %n it needs, one per node.</source>
        <translation>
            <numerusform>Não se trata das GPUs dos nós: o vLLM conta as GPUs do cluster Ray ao qual está conectado (cada nó do job entra nele com --num-gpus=1) e encontrou menos que a %n de que precisa, uma por nó.</numerusform>
            <numerusform>Não se trata das GPUs dos nós: o vLLM conta as GPUs do cluster Ray ao qual está conectado (cada nó do job entra nele com --num-gpus=1) e encontrou menos que as %n de que precisa, uma por nó.</numerusform>
        </translation>
    </message>
    <message>
        <source>It did not find the job&apos;s Ray cluster and started a one-node Ray of its own: on the head, vLLM must see Ray&apos;s address (RAY_ADDRESS, or /tmp/ray of the Ray head).</source>
        <translation>Ele não encontrou o cluster Ray do job e iniciou um Ray próprio de um nó: no nó principal, o vLLM precisa ver o endereço do Ray (RAY_ADDRESS, ou /tmp/ray do Ray principal).</translation>
    </message>
    <message>
        <source>Check that every node&apos;s Ray worker is still in the cluster (ray status on the head).</source>
        <translation>Verifique se o worker Ray de cada nó ainda está no cluster (ray status no nó principal).</translation>
    </message>
    <message>
        <source>Another vLLM holds the Ray cluster&apos;s GPUs (one per node): stop the job that uses these nodes first.</source>
        <translation>Outro vLLM ocupa as GPUs do cluster Ray (uma por nó): pare primeiro o job que usa estes nós.</translation>
    </message>
    <message numerus="yes">
        <source>vLLM ran without the job&apos;s Ray cluster, on the GPUs of the head alone: it must use Ray (--distributed-executor-backend ray) to spread over %n node(s).</source>
        <translation>
            <numerusform>O vLLM rodou sem o cluster Ray do job, só nas GPUs do nó principal: ele precisa usar o Ray (--distributed-executor-backend ray) para se espalhar por %n nó.</numerusform>
            <numerusform>O vLLM rodou sem o cluster Ray do job, só nas GPUs do nó principal: ele precisa usar o Ray (--distributed-executor-backend ray) para se espalhar por %n nós.</numerusform>
        </translation>
    </message>
    <message>
        <source>The weights and the KV cache do not fit in the share of memory vLLM may take (GPU memory utilization) on each node: a smaller model, more nodes, or a shorter --max-model-len.</source>
        <translation>Os pesos e o cache KV não cabem na parte da memória que o vLLM pode usar (utilização de memória da GPU) em cada nó: um modelo menor, mais nós ou um --max-model-len menor.</translation>
    </message>
</context>
<context>
    <name>JobPreview</name>
    <message>
        <source>&apos;^&apos; excludes the devices listed</source>
        <translation>&apos;^&apos; exclui os dispositivos listados</translation>
    </message>
    <message>
        <source>&apos;=&apos; means exactly the device %1 (without it, RCCL takes every device whose name starts with %1)</source>
        <translation>&apos;=&apos; quer dizer exatamente o dispositivo %1 (sem ele, o RCCL pega todo dispositivo cujo nome começa com %1)</translation>
    </message>
    <message>
        <source>a prefix: every device whose name starts with it</source>
        <translation>um prefixo: todo dispositivo cujo nome começa com ele</translation>
    </message>
    <message>
        <source>&apos;:%1&apos; is the port of %2</source>
        <translation>&apos;:%1&apos; é a porta de %2</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>erro: </translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>aviso: </translation>
    </message>
    <message>
        <source>note: </source>
        <translation>nota: </translation>
    </message>
    <message>
        <source>Steps (same order runs at once; each waits for the one before):</source>
        <translation>Passos (a mesma ordem roda ao mesmo tempo; cada uma espera a anterior):</translation>
    </message>
    <message>
        <source>waits for: %1</source>
        <translation>espera: %1</translation>
    </message>
    <message>
        <source>API: %1/v1</source>
        <translation>API: %1/v1</translation>
    </message>
</context>
<context>
    <name>Node</name>
    <message>
        <source>This computer</source>
        <translation>Este computador</translation>
    </message>
    <message>
        <source>from the cluster setup: DSCP %1, ToS %2</source>
        <translation>da configuração do cluster: DSCP %1, ToS %2</translation>
    </message>
    <message>
        <source>the nodes were set up with different ToS (%1)</source>
        <translation>os nós foram configurados com ToS diferentes (%1)</translation>
    </message>
    <message>
        <source>%1 set up with QoS off</source>
        <translation>%1 configurado com a QoS desligada</translation>
    </message>
    <message>
        <source>no QoS saved for %1 (not set up here, or before HaloLink kept it)</source>
        <translation>nenhuma QoS salva para %1 (não configurado aqui, ou antes de o HaloLink guardá-la)</translation>
    </message>
    <message>
        <source>not from the cluster setup: %1. Left unset, RCCL sends at traffic class 0 (DSCP 0, a priority without PFC).</source>
        <translation>não vem da configuração do cluster: %1. Sem definir, o RCCL envia na classe de tráfego 0 (DSCP 0, uma prioridade sem PFC).</translation>
    </message>
</context>
<context>
    <name>NodeValidation</name>
    <message>
        <source>The port &apos;%1&apos; is not a number; use 1 to 65535, or leave it empty for the ssh config&apos;s port (else 22).</source>
        <translation>A porta &apos;%1&apos; não é um número; use de 1 a 65535, ou deixe em branco para usar a porta da configuração do ssh (senão, 22).</translation>
    </message>
    <message>
        <source>The port must be from 1 to 65535 (got %1); leave it empty for the ssh config&apos;s port (else 22).</source>
        <translation>A porta deve estar entre 1 e 65535 (recebido: %1); deixe em branco para usar a porta da configuração do ssh (senão, 22).</translation>
    </message>
    <message>
        <source>The prefix length after &apos;/&apos; in &apos;%1&apos; must be a number from 1 to 32, like /24.</source>
        <translation>O comprimento do prefixo após &apos;/&apos; em &apos;%1&apos; deve ser um número de 1 a 32, como /24.</translation>
    </message>
    <message>
        <source>The prefix length must be from 1 to 32 (got /%1 in &apos;%2&apos;).</source>
        <translation>O comprimento do prefixo deve estar entre 1 e 32 (recebido /%1 em &apos;%2&apos;).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IPv4 address: it needs four numbers from 0 to 255 separated by dots, like 192.168.100.1 (optionally with a prefix, like 192.168.100.1/30).</source>
        <translation>&apos;%1&apos; não é um endereço IPv4: são necessários quatro números de 0 a 255 separados por pontos, como 192.168.100.1 (opcionalmente com um prefixo, como 192.168.100.1/30).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in &apos;%2&apos; is not a number from 0 to 255.</source>
        <translation>&apos;%1&apos; em &apos;%2&apos; não é um número de 0 a 255.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in &apos;%2&apos; has a leading zero, which some tools read as octal; write it without (%3).</source>
        <translation>&apos;%1&apos; em &apos;%2&apos; tem um zero à esquerda, que algumas ferramentas leem como octal; escreva sem ele (%3).</translation>
    </message>
    <message>
        <source>Give the node a name.</source>
        <translation>Dê um nome ao nó.</translation>
    </message>
    <message>
        <source>The name is %1 characters long; use at most 64.</source>
        <translation>O nome tem %1 caracteres; use no máximo 64.</translation>
    </message>
    <message>
        <source>The name contains a control character (a tab or a line break).</source>
        <translation>O nome contém um caractere de controle (uma tabulação ou uma quebra de linha).</translation>
    </message>
    <message>
        <source>Another node is already called &apos;%1&apos; (names are compared without regard to case).</source>
        <translation>Outro nó já se chama &apos;%1&apos; (os nomes são comparados sem distinguir maiúsculas de minúsculas).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is the name of this computer in HaloLink; choose another.</source>
        <translation>&apos;%1&apos; é o nome deste computador no HaloLink; escolha outro.</translation>
    </message>
    <message>
        <source>Enter the SSH host: a host name, an address or a Host alias from ~/.ssh/config.</source>
        <translation>Informe o host SSH: um nome de host, um endereço ou um alias Host do ~/.ssh/config.</translation>
    </message>
    <message>
        <source>The host &apos;%1&apos; contains a space or a control character.</source>
        <translation>O host &apos;%1&apos; contém um espaço ou um caractere de controle.</translation>
    </message>
    <message>
        <source>A host cannot start with &apos;-&apos; (it would read as an ssh option).</source>
        <translation>Um host não pode começar com &apos;-&apos; (seria lido como uma opção do ssh).</translation>
    </message>
    <message>
        <source>The host &apos;%1&apos; contains &apos;%2&apos;, which no host name, address or ssh alias has.</source>
        <translation>O host &apos;%1&apos; contém &apos;%2&apos;, que nenhum nome de host, endereço ou alias do ssh tem.</translation>
    </message>
    <message>
        <source>Put the user in the User field: &apos;%1&apos; is host &apos;%2&apos; with user &apos;%3&apos;.</source>
        <translation>Coloque o usuário no campo Usuário: &apos;%1&apos; é o host &apos;%2&apos; com o usuário &apos;%3&apos;.</translation>
    </message>
    <message>
        <source>Put the port in the Port field: &apos;%1&apos; is host &apos;%2&apos; with port %3.</source>
        <translation>Coloque a porta no campo Porta: &apos;%1&apos; é o host &apos;%2&apos; com a porta %3.</translation>
    </message>
    <message>
        <source>The user name &apos;%1&apos; contains a space or a control character.</source>
        <translation>O nome de usuário &apos;%1&apos; contém um espaço ou um caractere de controle.</translation>
    </message>
    <message>
        <source>A user name cannot start with &apos;-&apos;.</source>
        <translation>Um nome de usuário não pode começar com &apos;-&apos;.</translation>
    </message>
    <message>
        <source>The user name &apos;%1&apos; cannot contain &apos;@&apos; or &apos;:&apos;.</source>
        <translation>O nome de usuário &apos;%1&apos; não pode conter &apos;@&apos; nem &apos;:&apos;.</translation>
    </message>
    <message>
        <source>The identity file %1 does not exist.</source>
        <translation>O arquivo de identidade %1 não existe.</translation>
    </message>
    <message>
        <source>%1 is not a file (the private key is).</source>
        <translation>%1 não é um arquivo (a chave privada é).</translation>
    </message>
    <message>
        <source>%1 cannot be read by you.</source>
        <translation>%1 não pode ser lido pelo seu usuário.</translation>
    </message>
    <message>
        <source>%1 is a public key; choose the private key (the same name without .pub).</source>
        <translation>%1 é uma chave pública; escolha a chave privada (o mesmo nome sem .pub).</translation>
    </message>
    <message>
        <source>The interface name &apos;%1&apos; is %2 characters long; Linux allows at most 15.</source>
        <translation>O nome de interface &apos;%1&apos; tem %2 caracteres; o Linux permite no máximo 15.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid interface name (no spaces, &apos;/&apos; or &apos;:&apos;), like enp194s0np0.</source>
        <translation>&apos;%1&apos; não é um nome de interface válido (sem espaços, &apos;/&apos; ou &apos;:&apos;), como enp194s0np0.</translation>
    </message>
    <message>
        <source>0.0.0.0 is not the address of a node.</source>
        <translation>0.0.0.0 não é o endereço de um nó.</translation>
    </message>
    <message>
        <source>%1 is a multicast address, not the address of a node.</source>
        <translation>%1 é um endereço multicast, não o endereço de um nó.</translation>
    </message>
    <message>
        <source>%1 is a reserved or broadcast address, not the address of a node.</source>
        <translation>%1 é um endereço reservado ou de broadcast, não o endereço de um nó.</translation>
    </message>
    <message>
        <source>%1 is the network address of %1/%2, not a node&apos;s address (in a /%2 the first usable one is %3).</source>
        <translation>%1 é o endereço de rede de %1/%2, não o endereço de um nó (numa /%2 o primeiro utilizável é %3).</translation>
    </message>
    <message>
        <source>%1 is the broadcast address of its /%2 network, not a node&apos;s address.</source>
        <translation>%1 é o endereço de broadcast da sua rede /%2, não o endereço de um nó.</translation>
    </message>
    <message>
        <source>%1 is a loopback address: only this node itself reaches it (fine for tests, not for a cluster).</source>
        <translation>%1 é um endereço de loopback: só o próprio nó o alcança (serve para testes, não para um cluster).</translation>
    </message>
    <message>
        <source>The data-plane address is the SSH (management) address: benchmarks and the latency mesh would measure the management network, not the RDMA link.</source>
        <translation>O endereço do plano de dados é o endereço SSH (de gerência): os benchmarks e a malha de latência mediriam a rede de gerência, não o enlace RDMA.</translation>
    </message>
    <message>
        <source>%1 already uses the data-plane address %2.</source>
        <translation>%1 já usa o endereço do plano de dados %2.</translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message>
        <source>RoCE needs the netdev MTU above its RDMA MTU (4096 needs 4200 or more); %1 on both ends</source>
        <comment>step.mtu</comment>
        <translation>o RoCE precisa da MTU da interface de rede acima da sua MTU RDMA (4096 precisa de 4200 ou mais); %1 nas duas pontas</translation>
    </message>
    <message>
        <source>the data-plane link must be administratively up</source>
        <comment>step.link_up</comment>
        <translation>o enlace do plano de dados precisa estar ativo administrativamente</translation>
    </message>
    <message>
        <source>RoCE v2 carries traffic in UDP/IPv4: the RoCE v2 IPv4 GID comes from this address</source>
        <comment>step.address</comment>
        <translation>o RoCE v2 leva o tráfego em UDP/IPv4: o GID RoCE v2 IPv4 vem deste endereço</translation>
    </message>
    <message>
        <source>peer %1 is outside %2: reach it over %3</source>
        <comment>step.route</comment>
        <translation>o par %1 está fora de %2: alcance-o por %3</translation>
    </message>
    <message>
        <source>rdma_cm&apos;s settings for %1 appear in configfs (with the rdma_cm module loaded) once its folder exists</source>
        <comment>step.roce_tos_dir</comment>
        <translation>as configurações do rdma_cm para %1 aparecem no configfs (com o módulo rdma_cm carregado) quando a sua pasta existe</translation>
    </message>
    <message>
        <source>lossless priority %1: PFC pauses only RoCE&apos;s class instead of the whole link</source>
        <comment>step.pfc</comment>
        <translation>prioridade sem perdas %1: o PFC pausa só a classe do RoCE em vez do enlace inteiro</translation>
    </message>
    <message>
        <source>packets marked DSCP %1 go to priority %2 (trust DSCP)</source>
        <comment>step.dscp_prio</comment>
        <translation>pacotes marcados com DSCP %1 vão para a prioridade %2 (confiar no DSCP)</translation>
    </message>
    <message>
        <source>Soft-RoCE is the rdma_rxe kernel module</source>
        <comment>step.rxe_modules</comment>
        <translation>o Soft-RoCE é o módulo do kernel rdma_rxe</translation>
    </message>
    <message>
        <source>create the Soft-RoCE device %1 on %2</source>
        <comment>step.rxe_device</comment>
        <translation>criar o dispositivo Soft-RoCE %1 em %2</translation>
    </message>
    <message>
        <source>the E810 runs one RDMA protocol at a time: switch irdma from iWARP to RoCE v2 (the RDMA device is re-created)</source>
        <comment>step.enable_roce</comment>
        <translation>a E810 roda um protocolo RDMA por vez: mudar o irdma de iWARP para RoCE v2 (o dispositivo RDMA é recriado)</translation>
    </message>
    <message>
        <source>the E810 firmware&apos;s LLDP agent owns DCB while it runs: turn it off so that the host&apos;s PFC settings apply</source>
        <comment>step.fw_lldp_off</comment>
        <translation>o agente LLDP do firmware da E810 controla o DCB enquanto roda: desligue-o para que as configurações de PFC do host valham</translation>
    </message>
    <message>
        <source>link flow control (global pause) and PFC exclude each other: turn LFC off before enabling PFC</source>
        <comment>step.lfc_off</comment>
        <translation>o controle de fluxo do enlace (pausa global) e o PFC se excluem: desligue o LFC antes de ativar o PFC</translation>
    </message>
    <message>
        <source>DCQCN: mark (notification point) and react (reaction point) to ECN on priority %1</source>
        <comment>step.ecn</comment>
        <translation>DCQCN: marcar (ponto de notificação) e reagir (ponto de reação) ao ECN na prioridade %1</translation>
    </message>
    <message>
        <source>NetworkManager keeps the address and MTU across reboots</source>
        <comment>step.persist_networkmanager</comment>
        <translation>o NetworkManager mantém o endereço e a MTU entre reinicializações</translation>
    </message>
    <message>
        <source>systemd-networkd keeps the address and MTU across reboots</source>
        <comment>step.persist_networkd</comment>
        <translation>o systemd-networkd mantém o endereço e a MTU entre reinicializações</translation>
    </message>
    <message>
        <source>load rdma_rxe at boot</source>
        <comment>step.persist_rxe_module</comment>
        <translation>carregar o rdma_rxe na inicialização</translation>
    </message>
    <message>
        <source>keep irdma in RoCE mode across reboots</source>
        <comment>step.persist_irdma_roce</comment>
        <translation>manter o irdma em modo RoCE entre reinicializações</translation>
    </message>
    <message>
        <source>%1 (%2) has hardware RoCE: Soft-RoCE on it is slower and uses the CPU</source>
        <comment>warning.hardware_roce</comment>
        <translation>%1 (%2) tem RoCE em hardware: o Soft-RoCE nela é mais lento e usa a CPU</translation>
    </message>
    <message>
        <source>%1 already has RDMA device %2</source>
        <comment>warning.has_rdma_device</comment>
        <translation>%1 já tem o dispositivo RDMA %2</translation>
    </message>
    <message>
        <source>backend %1 was asked for but %2&apos;s driver is %3</source>
        <comment>warning.backend_driver</comment>
        <translation>o backend %1 foi pedido, mas o driver de %2 é %3</translation>
    </message>
    <message>
        <source>backend %1 was asked for but %2&apos;s driver is unknown</source>
        <comment>warning.backend_no_driver</comment>
        <translation>o backend %1 foi pedido, mas o driver de %2 é desconhecido</translation>
    </message>
    <message>
        <source>%1 runs iWARP now: the devlink switch re-creates it as a RoCE device</source>
        <comment>warning.iwarp_now</comment>
        <translation>%1 roda iWARP agora: a troca pelo devlink o recria como dispositivo RoCE</translation>
    </message>
    <message>
        <source>the out-of-tree irdma driver (Intel&apos;s ice/irdma packages) ignores devlink enable_roce: there, load it with the module option roce_ena=1 (options irdma roce_ena=1 in /etc/modprobe.d)</source>
        <comment>warning.out_of_tree_irdma</comment>
        <translation>o driver irdma fora da árvore (pacotes ice/irdma da Intel) ignora o devlink enable_roce: nele, carregue-o com a opção de módulo roce_ena=1 (options irdma roce_ena=1 em /etc/modprobe.d)</translation>
    </message>
    <message>
        <source>qos.enabled is false: no PFC/DSCP/ToS changes; RoCE then relies on link flow control or nothing (drops cost retransmissions)</source>
        <comment>warning.qos_off</comment>
        <translation>qos.enabled é false: nenhuma mudança de PFC/DSCP/ToS; o RoCE então depende do controle de fluxo do enlace ou de nada (descartes custam retransmissões)</translation>
    </message>
    <message>
        <source>%1 has no RDMA device now: is the RDMA driver (irdma / mlx5_ib) loaded?</source>
        <comment>warning.no_rdma_device</comment>
        <translation>%1 não tem dispositivo RDMA agora: o driver RDMA (irdma / mlx5_ib) está carregado?</translation>
    </message>
    <message>
        <source>persist: neither NetworkManager nor systemd-networkd configuration found (etc/NetworkManager, etc/systemd/network): the address and MTU are not kept across reboots</source>
        <comment>warning.no_persistence</comment>
        <translation>persistência: nenhuma configuração do NetworkManager nem do systemd-networkd encontrada (etc/NetworkManager, etc/systemd/network): o endereço e a MTU não são mantidos entre reinicializações</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` exited %3; the earlier steps were rolled back</source>
        <comment>apply.step_failed_exit</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` terminou com %3; os passos anteriores foram desfeitos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` exited %3; rolling back reported problems</source>
        <comment>apply.step_failed_exit_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` terminou com %3; desfazer relatou problemas</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` was not found; the earlier steps were rolled back</source>
        <comment>apply.step_failed_not_found</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` não foi encontrado; os passos anteriores foram desfeitos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` was not found; rolling back reported problems</source>
        <comment>apply.step_failed_not_found_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` não foi encontrado; desfazer relatou problemas</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` timed out after %3 s; the earlier steps were rolled back</source>
        <comment>apply.step_failed_timeout</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` passou do tempo depois de %3 s; os passos anteriores foram desfeitos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` timed out after %3 s; rolling back reported problems</source>
        <comment>apply.step_failed_timeout_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` passou do tempo depois de %3 s; desfazer relatou problemas</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: writing %2: %3; the earlier steps were rolled back</source>
        <comment>apply.step_failed_write</comment>
        <translation>o passo &apos;%1&apos; falhou: ao escrever %2: %3; os passos anteriores foram desfeitos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: writing %2: %3; rolling back reported problems</source>
        <comment>apply.step_failed_write_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: ao escrever %2: %3; desfazer relatou problemas</translation>
    </message>
    <message>
        <source>%1 undo action(s) failed: %2</source>
        <comment>apply.rollback_incomplete</comment>
        <translation>%1 ação(ões) de desfazer falharam: %2</translation>
    </message>
    <message>
        <source>rdma_cm&apos;s settings for the RDMA device that the switch to RoCE v2 re-creates on %1 appear in configfs once its folder exists; the device is found by that PCI function, under the name udev gives it, when the step runs</source>
        <comment>step.roce_tos_dir_recreated</comment>
        <translation>as configurações do rdma_cm para o dispositivo RDMA que a mudança para RoCE v2 recria em %1 aparecem no configfs assim que a pasta dele existe; o dispositivo é encontrado por essa função PCI, com o nome que o udev lhe der, quando o passo roda</translation>
    </message>
    <message>
        <source>connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, rping) take default_roce_tos: %1 = DSCP %2, the class with PFC. NCCL/RCCL do not use rdma_cm: jobs give them the same value in NCCL_IB_TC</source>
        <comment>step.roce_tos</comment>
        <translation>as conexões feitas pelo rdma_cm sem um ToS próprio (perftest --rdma_cm, MPI, rping) usam o default_roce_tos: %1 = DSCP %2, a classe com PFC. NCCL/RCCL não usam o rdma_cm: os jobs lhes dão o mesmo valor em NCCL_IB_TC</translation>
    </message>
    <message>
        <source>connections made through rdma_cm without a ToS of their own (perftest --rdma_cm, MPI, rping) take default_roce_tos: %1 = DSCP %2 + ECT, the class with PFC. NCCL/RCCL do not use rdma_cm: jobs give them the same value in NCCL_IB_TC</source>
        <comment>step.roce_tos_ecn</comment>
        <translation>as conexões feitas pelo rdma_cm sem um ToS próprio (perftest --rdma_cm, MPI, rping) usam o default_roce_tos: %1 = DSCP %2 + ECT, a classe com PFC. NCCL/RCCL não usam o rdma_cm: os jobs lhes dão o mesmo valor em NCCL_IB_TC</translation>
    </message>
    <message>
        <source>in DSCP mode the E810 gives traffic class 0 all the guaranteed bandwidth and RoCE&apos;s class %1 none: class %1 gets %2 % and class 0 the rest, so that other traffic cannot starve RoCE</source>
        <comment>step.ets</comment>
        <translation>no modo DSCP a E810 dá à classe de tráfego 0 toda a banda garantida e à classe %1 do RoCE nenhuma: a classe %1 recebe %2 % e a classe 0 o resto, para que o outro tráfego não deixe o RoCE sem banda</translation>
    </message>
    <message>
        <source>netplan keeps the address, MTU and routes across reboots (it writes the configuration of the network stack it renders to at boot)</source>
        <comment>step.persist_netplan</comment>
        <translation>o netplan mantém o endereço, a MTU e as rotas após reinicializações (ele escreve a configuração da pilha de rede que renderiza no boot)</translation>
    </message>
    <message>
        <source>the active network stack keeps the address and MTU across reboots (which one is read when the step runs)</source>
        <comment>step.persist_network_unknown</comment>
        <translation>a pilha de rede ativa mantém o endereço e a MTU após reinicializações (qual delas é lido quando o passo roda)</translation>
    </message>
    <message>
        <source>at boot, after the NIC appears and before the network is configured, a unit runs a script that re-applies what the kernel does not keep: the Soft-RoCE device, DCB and rdma_cm&apos;s ToS</source>
        <comment>step.persist_unit</comment>
        <translation>no boot, depois que a placa de rede aparece e antes que a rede seja configurada, uma unidade roda um script que reaplica o que o kernel não guarda: o dispositivo Soft-RoCE, o DCB e o ToS do rdma_cm</translation>
    </message>
    <message>
        <source>turning the E810&apos;s firmware LLDP agent off on %1 is kept by the NIC across reboots (without persist, PFC and the DSCP map are not: after a reboot the port has no PFC until it is configured again); rolling back turns the agent on again</source>
        <comment>warning.fw_lldp_persists</comment>
        <translation>desligar o agente LLDP do firmware da E810 em %1 fica guardado pela placa após reinicializações (sem persist, o PFC e o mapa DSCP não ficam: após reiniciar, a porta fica sem PFC até ser configurada de novo); reverter liga o agente de novo</translation>
    </message>
    <message>
        <source>kernel %1: upstream ice has DSCP-based QoS from Linux 5.16 on; unless this kernel&apos;s ice has it backported, the DSCP map is accepted and does nothing (a newer kernel, such as Ubuntu&apos;s HWE kernel, has it)</source>
        <comment>warning.ice_no_dscp_mode</comment>
        <translation>kernel %1: o ice upstream tem QoS por DSCP a partir do Linux 5.16; a menos que o ice deste kernel tenha isso portado, o mapa DSCP é aceito e não faz nada (um kernel mais novo, como o kernel HWE do Ubuntu, tem)</translation>
    </message>
    <message>
        <source>%1: this mlx5 driver has no per-priority ECN switch (only NVIDIA&apos;s MLNX_OFED driver has /sys/class/net/IF/ecn): DCQCN runs as the NIC&apos;s firmware sets it</source>
        <comment>warning.mlx5_ecn_firmware</comment>
        <translation>%1: este driver mlx5 não tem uma chave de ECN por prioridade (só o driver MLNX_OFED da NVIDIA tem /sys/class/net/IF/ecn): o DCQCN funciona como o firmware da placa o define</translation>
    </message>
    <message>
        <source>%1 (%2) can do RDMA in hardware through the %3 module, which is not loaded: Soft-RoCE is slower and uses the CPU</source>
        <comment>warning.hardware_rdma_module</comment>
        <translation>%1 (%2) pode fazer RDMA em hardware pelo módulo %3, que não está carregado: o Soft-RoCE é mais lento e usa a CPU</translation>
    </message>
    <message>
        <source>%1 (%2) has the RDMA device %3, for which HaloLink has no backend: only the address, MTU and routes are configured, and its RDMA mode, PFC and DSCP stay as they are</source>
        <comment>warning.generic_backend</comment>
        <translation>%1 (%2) tem o dispositivo RDMA %3, para o qual o HaloLink não tem backend: só o endereço, a MTU e as rotas são configurados, e o modo RDMA, o PFC e o DSCP dele ficam como estão</translation>
    </message>
    <message>
        <source>persist: %1, so nothing keeps %2&apos;s address and MTU across reboots</source>
        <comment>warning.no_persistence_stack</comment>
        <translation>persist: %1, então nada mantém o endereço e a MTU de %2 após reinicializações</translation>
    </message>
    <message>
        <source>NetworkManager does not manage %1 (nmcli: unmanaged): the connection file takes effect only once NetworkManager manages it</source>
        <comment>warning.nm_unmanaged</comment>
        <translation>o NetworkManager não gerencia %1 (nmcli: unmanaged): o arquivo de conexão só tem efeito quando o NetworkManager passar a gerenciá-la</translation>
    </message>
    <message>
        <source>%1 matches %2 and comes before HaloLink&apos;s file: systemd-networkd uses the first file that matches, so %2 keeps that file&apos;s configuration after a reboot</source>
        <comment>warning.networkd_shadowed</comment>
        <translation>%1 corresponde a %2 e vem antes do arquivo do HaloLink: o systemd-networkd usa o primeiro arquivo que corresponde, então %2 mantém a configuração desse arquivo após reiniciar</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` exited %3: %4; the earlier steps were rolled back</source>
        <comment>apply.step_failed_exit_stderr</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` saiu com %3: %4; os passos anteriores foram revertidos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: `%2` exited %3: %4; rolling back reported problems</source>
        <comment>apply.step_failed_exit_stderr_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: `%2` saiu com %3: %4; a reversão relatou problemas</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: its commands ran, but afterwards this is still not so: %2; the earlier steps were rolled back</source>
        <comment>apply.step_failed_no_effect</comment>
        <translation>o passo &apos;%1&apos; falhou: os comandos dele rodaram, mas depois isto ainda não vale: %2; os passos anteriores foram revertidos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; failed: its commands ran, but afterwards this is still not so: %2; rolling back reported problems</source>
        <comment>apply.step_failed_no_effect_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; falhou: os comandos dele rodaram, mas depois isto ainda não vale: %2; a reversão relatou problemas</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; did not run: %2; nothing it could not undo was changed, and the earlier steps were rolled back</source>
        <comment>apply.step_failed_unknown</comment>
        <translation>o passo &apos;%1&apos; não rodou: %2; nada que ele não pudesse desfazer foi alterado, e os passos anteriores foram revertidos</translation>
    </message>
    <message>
        <source>step &apos;%1&apos; did not run: %2; rolling back the earlier steps reported problems</source>
        <comment>apply.step_failed_unknown_rollback_problems</comment>
        <translation>o passo &apos;%1&apos; não rodou: %2; a reversão dos passos anteriores relatou problemas</translation>
    </message>
    <message>
        <source>NetworkManager manages %1 and would replace what the next steps set with the connection it activates: it leaves %1 alone until it restarts (with persist, it takes HaloLink&apos;s connection at the next boot)</source>
        <comment>step.nm_unmanaged</comment>
        <translation>o NetworkManager gerencia %1 e substituiria o que os próximos passos definem pela conexão que ele ativa: ele deixa %1 em paz até reiniciar (com persist, ele assume a conexão do HaloLink no próximo boot)</translation>
    </message>
</context>
<context>
    <name>ProbeDecoder</name>
    <message>
        <source>a string</source>
        <translation>uma string</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>um inteiro</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>um número</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>um booleano</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>um objeto</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>um array</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation>%1: esperado %2, recebido %3</translation>
    </message>
    <message>
        <source>%1: %2 is out of range</source>
        <translation>%1: %2 está fora do intervalo</translation>
    </message>
    <message>
        <source>not a probe document: no &quot;schema&quot; (expected &quot;%1&quot;)</source>
        <translation>não é um documento de sondagem: sem &quot;schema&quot; (esperado &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>unsupported schema &quot;%1&quot; (this version reads &quot;%2&quot;)</source>
        <translation>schema &quot;%1&quot; não suportado (esta versão lê &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>JSON malformado na posição %1: %2</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>esperado um objeto JSON no nível mais alto</translation>
    </message>
    <message>
        <source>not an error document: no &quot;error&quot; object</source>
        <translation>não é um documento de erro: sem objeto &quot;error&quot;</translation>
    </message>
</context>
<context>
    <name>ProbeFacts</name>
    <message>
        <source>RDMA libraries</source>
        <translation>Bibliotecas RDMA</translation>
    </message>
    <message>
        <source>RDMA device present</source>
        <translation>Dispositivo RDMA presente</translation>
    </message>
    <message>
        <source>RoCE mode (not iWARP)</source>
        <translation>Modo RoCE (não iWARP)</translation>
    </message>
    <message>
        <source>RDMA port active</source>
        <translation>Porta RDMA ativa</translation>
    </message>
    <message>
        <source>RoCE v2 IPv4 GID</source>
        <translation>GID IPv4 RoCE v2</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>PCIe link width</source>
        <translation>Largura do enlace PCIe</translation>
    </message>
    <message>
        <source>PCIe link speed</source>
        <translation>Velocidade do enlace PCIe</translation>
    </message>
    <message>
        <source>GPU memory (GTT) size</source>
        <translation>Tamanho da memória da GPU (GTT)</translation>
    </message>
    <message>
        <source>IOMMU passthrough</source>
        <translation>IOMMU em passthrough</translation>
    </message>
    <message>
        <source>Firewall</source>
        <translation>Firewall</translation>
    </message>
    <message>
        <source>Management off the data plane</source>
        <translation>Gerência fora do plano de dados</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>%1 Mb/s</source>
        <translation>%1 Mb/s</translation>
    </message>
    <message>
        <source>%1 GT/s</source>
        <translation>%1 GT/s</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>Falha</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>GPU may map up to %1 of system memory (GTT)</source>
        <translation>a GPU pode mapear até %1 da memória do sistema (GTT)</translation>
    </message>
    <message>
        <source>driver default GTT size</source>
        <translation>tamanho de GTT padrão do driver</translation>
    </message>
    <message>
        <source>TTM may pin up to %1 (4 KiB pages)</source>
        <translation>o TTM pode fixar até %1 (páginas de 4 KiB)</translation>
    </message>
    <message>
        <source>TTM page pool %1</source>
        <translation>pool de páginas do TTM: %1</translation>
    </message>
    <message>
        <source>IOMMU in passthrough mode</source>
        <translation>IOMMU em modo passthrough</translation>
    </message>
    <message>
        <source>IOMMU off</source>
        <translation>IOMMU desligada</translation>
    </message>
    <message>
        <source>DMA remapping may cost RDMA and GPU transfers</source>
        <translation>o remapeamento de DMA pode custar desempenho às transferências RDMA e da GPU</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>(%1 GTT)</source>
        <translation>(%1 de GTT)</translation>
    </message>
    <message>
        <source>%1 of %2 ports active</source>
        <translation>%1 de %2 portas ativas</translation>
    </message>
    <message>
        <source>Not applicable</source>
        <translation>Não se aplica</translation>
    </message>
    <message>
        <source>HaloLink engine</source>
        <translation>Engine do HaloLink</translation>
    </message>
    <message>
        <source>System keychain</source>
        <translation>Chaveiro do sistema</translation>
    </message>
    <message>
        <source>Ethernet link speed</source>
        <translation>Velocidade do enlace Ethernet</translation>
    </message>
</context>
<context>
    <name>ProbeModels</name>
    <message>
        <source>Not known: the engine could not read this.</source>
        <translation>Desconhecido: o engine não conseguiu ler isto.</translation>
    </message>
</context>
<context>
    <name>ProbeSummary</name>
    <message>
        <source>OS:</source>
        <translation>SO:</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Memória:</translation>
    </message>
    <message>
        <source>Kernel flag:</source>
        <translation>Parâmetro do kernel:</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>Engine:</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <source>GTT</source>
        <translation>GTT</translation>
    </message>
    <message>
        <source>Network interfaces</source>
        <translation>Interfaces de rede</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>RDMA ports</source>
        <translation>Portas RDMA</translation>
    </message>
    <message>
        <source>netdev</source>
        <translation>netdev</translation>
    </message>
    <message>
        <source>active MTU</source>
        <translation>MTU ativa</translation>
    </message>
    <message>
        <source>RoCE v2 IPv4 GID index</source>
        <translation>índice do GID IPv4 RoCE v2</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Verificações</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>sudo password for %1</source>
        <translation>Senha do sudo para %1</translation>
    </message>
    <message>
        <source>Configuring the NIC needs root on %1, and sudo there asks for a password. It is sent only to sudo on that node, never written to disk or to a log.</source>
        <translation>Configurar a NIC exige root em %1, e o sudo lá pede uma senha. Ela é enviada apenas ao sudo nesse nó, nunca gravada em disco nem em um log.</translation>
    </message>
    <message>
        <source>sudo password</source>
        <translation>Senha do sudo</translation>
    </message>
    <message>
        <source>Remember it in the system keychain</source>
        <translation>Lembrar no chaveiro do sistema</translation>
    </message>
    <message>
        <source>Remember it (no system keychain available)</source>
        <translation>Lembrar (nenhum chaveiro do sistema disponível)</translation>
    </message>
    <message>
        <source>%1: RCCL uses TCP sockets, not RDMA (NCCL_IB_HCA=%2 matched no ACTIVE port, or NCCL_IB_DISABLE is set in the environment it runs with).</source>
        <translation>%1: o RCCL usa sockets TCP, não RDMA (NCCL_IB_HCA=%2 não correspondeu a nenhuma porta ACTIVE, ou NCCL_IB_DISABLE está definida no ambiente em que ele roda).</translation>
    </message>
    <message>
        <source>%1: RCCL found no ACTIVE RDMA port matching NCCL_IB_HCA=%2: the device is named differently in the environment it runs with, or its port is down; check `rdma link` there and probe the node again.</source>
        <translation>%1: o RCCL não encontrou nenhuma porta RDMA ACTIVE que corresponda a NCCL_IB_HCA=%2: o dispositivo tem outro nome no ambiente em que ele roda, ou a porta dele está inativa; verifique `rdma link` lá e sonde o nó de novo.</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_GID_INDEX=%2 is not in the device&apos;s GID table (ibv_query_gid failed): use the RoCE v2 GID of the node&apos;s data-plane address (HaloLink&apos;s probe gives it; leave the variable to HaloLink).</source>
        <translation>%1: NCCL_IB_GID_INDEX=%2 não está na tabela de GIDs do dispositivo (ibv_query_gid falhou): use o GID RoCE v2 do endereço do plano de dados do nó (a sondagem do HaloLink o informa; deixe a variável por conta do HaloLink).</translation>
    </message>
    <message>
        <source>%1: the queue pair could not be set up with GID index %2 (ibv_modify_qp failed): the entry is empty or not a RoCE v2 GID of the data-plane address.</source>
        <translation>%1: o queue pair não pôde ser configurado com o índice de GID %2 (ibv_modify_qp falhou): a entrada está vazia ou não é um GID RoCE v2 do endereço do plano de dados.</translation>
    </message>
    <message>
        <source>%1: RDMA messages never arrived (a completion with an error, e.g. retry exceeded): a GID of the wrong RoCE version or a link-local one, an address the peer cannot reach, or PFC/ECN dropping the traffic.</source>
        <translation>%1: as mensagens RDMA nunca chegaram (uma conclusão com erro, p. ex. retry exceeded): um GID da versão errada do RoCE ou um link-local, um endereço que o outro lado não alcança, ou PFC/ECN descartando o tráfego.</translation>
    </message>
    <message>
        <source>%1: RCCL could not register its buffers (ibv_reg_mr): raise the locked-memory limit (memlock).</source>
        <translation>%1: o RCCL não conseguiu registrar seus buffers (ibv_reg_mr): aumente o limite de memória bloqueada (memlock).</translation>
    </message>
    <message>
        <source>not the JSON array of `rdma -j resource show qp`: %1</source>
        <translation>não é o array JSON de `rdma -j resource show qp`: %1</translation>
    </message>
    <message>
        <source>%1 %2 (pid %3): %4 is not set; rendered &apos;%5&apos;</source>
        <translation>%1 %2 (pid %3): %4 não está definida; o valor renderizado é &apos;%5&apos;</translation>
    </message>
    <message>
        <source>%1 %2 (pid %3): %4 is &apos;%5&apos;, rendered &apos;%6&apos;</source>
        <translation>%1 %2 (pid %3): %4 é &apos;%5&apos;, o valor renderizado é &apos;%6&apos;</translation>
    </message>
    <message>
        <source>%1 %2 (pid %3): %4=&apos;%5&apos; comes from elsewhere (not rendered)</source>
        <translation>%1 %2 (pid %3): %4=&apos;%5&apos; vem de outro lugar (não foi renderizada)</translation>
    </message>
</context>
<context>
    <name>SshConfigImport</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1:%2: Include nested more than %3 deep; not followed.</source>
        <translation>%1:%2: Include aninhado com mais de %3 níveis; não seguido.</translation>
    </message>
    <message>
        <source>%1:%2: Include %3 does not exist; skipped.</source>
        <translation>%1:%2: o Include %3 não existe; ignorado.</translation>
    </message>
    <message>
        <source>%1:%2: Include not readable: %3</source>
        <translation>%1:%2: Include ilegível: %3</translation>
    </message>
    <message>
        <source>%1:%2: Host %3 has only patterns; nothing to import.</source>
        <translation>%1:%2: o Host %3 tem apenas padrões; nada a importar.</translation>
    </message>
    <message>
        <source>%1:%2: Match %3 is not evaluated (it may need a connection); its settings are not shown here, but ssh and HaloLink still apply them when connecting.</source>
        <translation>%1:%2: o Match %3 não é avaliado (pode exigir uma conexão); suas configurações não aparecem aqui, mas o ssh e o HaloLink as aplicam ao conectar.</translation>
    </message>
</context>
<context>
    <name>VerifyText</name>
    <message>
        <source>%1 is up</source>
        <comment>interface.up</comment>
        <translation>%1 está ativa</translation>
    </message>
    <message>
        <source>%1 is %2: RDMA needs the link up (`ip link set dev %1 up`, the plan&apos;s link_up step)</source>
        <comment>interface.down</comment>
        <translation>%1 está %2: o RDMA precisa do enlace ativo (`ip link set dev %1 up`, o passo link_up do plano)</translation>
    </message>
    <message>
        <source>%1 is in an unknown state: RDMA needs the link up (`ip link set dev %1 up`, the plan&apos;s link_up step)</source>
        <comment>interface.unknown_state</comment>
        <translation>%1 está num estado desconhecido: o RDMA precisa do enlace ativo (`ip link set dev %1 up`, o passo link_up do plano)</translation>
    </message>
    <message>
        <source>%1 exists but is bound to %2, not %3</source>
        <comment>device.rxe_bound_elsewhere</comment>
        <translation>%1 existe, mas está ligado a %2, não a %3</translation>
    </message>
    <message>
        <source>%1 exists but is bound to no netdev, not %2</source>
        <comment>device.rxe_bound_nowhere</comment>
        <translation>%1 existe, mas não está ligado a nenhuma interface de rede, não a %2</translation>
    </message>
    <message>
        <source>%1 has RDMA device %2, not the spec&apos;s Soft-RoCE device %3</source>
        <comment>device.other</comment>
        <translation>%1 tem o dispositivo RDMA %2, não o dispositivo Soft-RoCE %3 da especificação</translation>
    </message>
    <message>
        <source>no RDMA device is bound to %1 (apply creates %2 with `rdma link add %2 type rxe netdev %1`)</source>
        <comment>device.rxe_missing</comment>
        <translation>nenhum dispositivo RDMA está ligado a %1 (a aplicação cria %2 com `rdma link add %2 type rxe netdev %1`)</translation>
    </message>
    <message>
        <source>no RDMA device is bound to %1 (backend %2: the driver makes it; is its RDMA module loaded?)</source>
        <comment>device.missing</comment>
        <translation>nenhum dispositivo RDMA está ligado a %1 (backend %2: o driver o cria; o módulo RDMA dele está carregado?)</translation>
    </message>
    <message>
        <source>%1 runs %2, not RoCE</source>
        <comment>device.not_roce</comment>
        <translation>%1 roda %2, não RoCE</translation>
    </message>
    <message>
        <source>%1 runs iwarp, not RoCE (the plan&apos;s enable_roce step switches it)</source>
        <comment>device.iwarp</comment>
        <translation>%1 roda iwarp, não RoCE (o passo enable_roce do plano o troca)</translation>
    </message>
    <message>
        <source>%1 runs an unknown transport, not RoCE</source>
        <comment>device.unknown_transport</comment>
        <translation>%1 roda um transporte desconhecido, não RoCE</translation>
    </message>
    <message>
        <source>%1 port %2 is bound to %3 (backend %4)</source>
        <comment>device.bound</comment>
        <translation>%1 porta %2 está ligado a %3 (backend %4)</translation>
    </message>
    <message>
        <source>no RDMA device on %1, so no port to be ACTIVE</source>
        <comment>port.no_device</comment>
        <translation>nenhum dispositivo RDMA em %1, então nenhuma porta para estar ACTIVE</translation>
    </message>
    <message>
        <source>%1 is ACTIVE</source>
        <comment>port.active</comment>
        <translation>%1 está ACTIVE</translation>
    </message>
    <message>
        <source>%1 is %2: is %3 up with a carrier?</source>
        <comment>port.state</comment>
        <translation>%1 está %2: %3 está ativa e com portadora?</translation>
    </message>
    <message>
        <source>%1 is in an unknown state: is %2 up with a carrier?</source>
        <comment>port.unknown_state</comment>
        <translation>%1 está num estado desconhecido: %2 está ativa e com portadora?</translation>
    </message>
    <message>
        <source>no RDMA device on %1, so no GID for %2</source>
        <comment>gid.no_device</comment>
        <translation>nenhum dispositivo RDMA em %1, então nenhum GID para %2</translation>
    </message>
    <message>
        <source>RoCE v2 GID %1 at index %2 of %3</source>
        <comment>gid.found</comment>
        <translation>GID RoCE v2 %1 no índice %2 de %3</translation>
    </message>
    <message>
        <source>%1 has no RoCE v2 GID for %2 (only one %3)</source>
        <comment>gid.other_type</comment>
        <translation>%1 não tem GID RoCE v2 para %2 (só um %3)</translation>
    </message>
    <message>
        <source>%1 has no RoCE v2 GID for %2 (only one of unknown type)</source>
        <comment>gid.unknown_type</comment>
        <translation>%1 não tem GID RoCE v2 para %2 (só um de tipo desconhecido)</translation>
    </message>
    <message>
        <source>%1 has no RoCE v2 GID for %2: the kernel adds it when %3 has %2 and the port&apos;s netdev is up</source>
        <comment>gid.missing</comment>
        <translation>%1 não tem GID RoCE v2 para %2: o kernel o adiciona quando %3 tem %2 e a interface de rede da porta está ativa</translation>
    </message>
    <message>
        <source>%1 MTU is %2</source>
        <comment>mtu.same</comment>
        <translation>a MTU de %1 é %2</translation>
    </message>
    <message>
        <source>%1 MTU is %2, the spec asks for %3</source>
        <comment>mtu.differs</comment>
        <translation>a MTU de %1 é %2, a especificação pede %3</translation>
    </message>
    <message>
        <source>%1 MTU is unknown, the spec asks for %2</source>
        <comment>mtu.unknown</comment>
        <translation>a MTU de %1 é desconhecida, a especificação pede %2</translation>
    </message>
    <message>
        <source>no RDMA device on %1: no active MTU to report</source>
        <comment>rdma_mtu.no_device</comment>
        <translation>nenhum dispositivo RDMA em %1: nenhuma MTU ativa a informar</translation>
    </message>
    <message>
        <source>the active MTU of %1 is unknown (no libibverbs, or no ibv_devinfo in the snapshot)</source>
        <comment>rdma_mtu.unknown</comment>
        <translation>a MTU ativa de %1 é desconhecida (sem libibverbs, ou sem ibv_devinfo no snapshot)</translation>
    </message>
    <message>
        <source>active MTU %1; %2&apos;s MTU is unknown</source>
        <comment>rdma_mtu.netdev_unknown</comment>
        <translation>MTU ativa %1; a MTU de %2 é desconhecida</translation>
    </message>
    <message>
        <source>active MTU %1 is below the %2 that %3&apos;s MTU %4 allows: larger messages take more packets (the port may need a link down/up, or the peer&apos;s MTU is smaller)</source>
        <comment>rdma_mtu.low</comment>
        <translation>a MTU ativa %1 está abaixo dos %2 que a MTU %4 de %3 permite: mensagens maiores levam mais pacotes (a porta pode precisar de um link down/up, ou a MTU do par é menor)</translation>
    </message>
    <message>
        <source>active MTU %1 (the most %2&apos;s MTU %3 allows is %4)</source>
        <comment>rdma_mtu.ok</comment>
        <translation>MTU ativa %1 (o máximo que a MTU %3 de %2 permite é %4)</translation>
    </message>
    <message>
        <source>%1 has %2</source>
        <comment>address.present</comment>
        <translation>%1 tem %2</translation>
    </message>
    <message>
        <source>%1 does not have %2 (it has %3)</source>
        <comment>address.missing</comment>
        <translation>%1 não tem %2 (tem %3)</translation>
    </message>
    <message>
        <source>%1 does not have %2 (it has no IPv4 address)</source>
        <comment>address.none</comment>
        <translation>%1 não tem %2 (não tem endereço IPv4)</translation>
    </message>
    <message>
        <source>qos.enabled is false: the default ToS is not part of the spec</source>
        <comment>tos.qos_off</comment>
        <translation>qos.enabled é false: o ToS padrão não faz parte da especificação</translation>
    </message>
    <message>
        <source>no RDMA device on %1, so no rdma_cm ToS to read</source>
        <comment>tos.no_device</comment>
        <translation>nenhum dispositivo RDMA em %1, então nenhum ToS do rdma_cm a ler</translation>
    </message>
    <message>
        <source>%1 does not exist: rdma_cm connections use ToS 0 (apply makes that folder; is configfs mounted and the rdma_cm module loaded?)</source>
        <comment>tos.no_folder</comment>
        <translation>%1 não existe: as conexões rdma_cm usam ToS 0 (a aplicação cria essa pasta; o configfs está montado e o módulo rdma_cm carregado?)</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <comment>tos.unreadable</comment>
        <translation>não foi possível ler %1</translation>
    </message>
    <message>
        <source>%1 reads &apos;%2&apos;, not a number</source>
        <comment>tos.not_a_number</comment>
        <translation>%1 contém &apos;%2&apos;, que não é um número</translation>
    </message>
    <message>
        <source>%1 reads %2</source>
        <comment>tos.same</comment>
        <translation>%1 contém %2</translation>
    </message>
    <message>
        <source>%1 reads %2, the spec&apos;s qos.tos is %3</source>
        <comment>tos.differs</comment>
        <translation>%1 contém %2, o qos.tos da especificação é %3</translation>
    </message>
</context>
<context>
    <name>halolink::AgentCommand</name>
    <message>
        <source>The node&apos;s agent is gone.</source>
        <translation>O agente do nó não existe mais.</translation>
    </message>
</context>
<context>
    <name>halolink::AgentSession</name>
    <message>
        <source>the agent on %1 sent no hello within %2 s</source>
        <translation>o agente em %1 não enviou o hello em %2 s</translation>
    </message>
    <message>
        <source>The session was stopped.</source>
        <translation>A sessão foi encerrada.</translation>
    </message>
    <message>
        <source>%1 is not connected.</source>
        <translation>%1 não está conectado.</translation>
    </message>
    <message>
        <source>%1 did not answer %2 within %3 s.</source>
        <translation>%1 não respondeu a %2 em %3 s.</translation>
    </message>
    <message>
        <source>The engine on %1 (version %2) speaks agent protocol %3, but this HaloLink speaks protocol %4. Install the same HaloLink version on this computer and deploy its engine.</source>
        <translation>O engine em %1 (versão %2) fala o protocolo de agente %3, mas este HaloLink fala o protocolo %4. Instale a mesma versão do HaloLink neste computador e implante o engine dele.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecida</translation>
    </message>
</context>
<context>
    <name>halolink::ChecksModel</name>
    <message>
        <source>Check id: %1</source>
        <translation>ID da verificação: %1</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificação</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
</context>
<context>
    <name>halolink::ClusterController</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>Conectando a %1…</translation>
    </message>
    <message>
        <source>Deploying the engine to %1: %2 %</source>
        <translation>Implantando o engine em %1: %2 %</translation>
    </message>
    <message>
        <source>Checking the engine on %1…</source>
        <translation>Verificando o engine em %1…</translation>
    </message>
    <message>
        <source>Starting the agent on %1…</source>
        <translation>Iniciando o agente em %1…</translation>
    </message>
    <message>
        <source>reconnecting in %1 s</source>
        <translation>reconectando em %1 s</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The probe of %1 could not be read: %2</source>
        <translation>A sondagem de %1 não pôde ser lida: %2</translation>
    </message>
    <message>
        <source>Slow: no progress for %1 s, waiting for %2. HaloLink keeps waiting.</source>
        <translation>Lento: sem progresso há %1 s, aguardando %2. O HaloLink continua aguardando.</translation>
    </message>
</context>
<context>
    <name>halolink::CredentialStore</name>
    <message>
        <source>Nothing stored in the keychain for this node.</source>
        <translation>Nada armazenado no chaveiro para este nó.</translation>
    </message>
    <message>
        <source>No system keychain is available, so the secret was not stored; it is kept in memory for this session only.</source>
        <translation>Nenhum chaveiro do sistema está disponível, então o segredo não foi armazenado; ele fica na memória apenas durante esta sessão.</translation>
    </message>
    <message>
        <source>The keychain refused access (%1); the secret was not stored.</source>
        <translation>O chaveiro recusou o acesso (%1); o segredo não foi armazenado.</translation>
    </message>
    <message>
        <source>The keychain failed (%1); the secret was not stored.</source>
        <translation>O chaveiro falhou (%1); o segredo não foi armazenado.</translation>
    </message>
    <message>
        <source>Stored in the system keychain.</source>
        <translation>Armazenado no chaveiro do sistema.</translation>
    </message>
</context>
<context>
    <name>halolink::EngineCall</name>
    <message>
        <source>No SSH session to the node.</source>
        <translation>Nenhuma sessão SSH com o nó.</translation>
    </message>
    <message>
        <source>The engine did not finish in %1 s.</source>
        <translation>O engine não terminou em %1 s.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Needs root: the SSH user is not root and sudo is not installed.</source>
        <translation>Requer root: o usuário SSH não é root e o sudo não está instalado.</translation>
    </message>
    <message>
        <source>sudo needs a password on this node.</source>
        <translation>O sudo precisa de uma senha neste nó.</translation>
    </message>
    <message>
        <source>sudo did not accept the password; nothing was run.</source>
        <translation>O sudo não aceitou a senha; nada foi executado.</translation>
    </message>
    <message>
        <source>sudo does not let this user run commands as root: %1</source>
        <translation>O sudo não permite que este usuário execute comandos como root: %1</translation>
    </message>
    <message>
        <source>sudo refused: %1</source>
        <translation>O sudo recusou: %1</translation>
    </message>
    <message>
        <source>sudo does not let this user run the engine as root: %1</source>
        <translation>O sudo não permite que este usuário execute o engine como root: %1</translation>
    </message>
    <message>
        <source>The engine failed (exit status %1).</source>
        <translation>O engine falhou (status de saída %1).</translation>
    </message>
    <message>
        <source>The login shell on the node ended before it ran anything (exit status %1): %2</source>
        <translation>O shell de login do nó terminou antes de executar qualquer coisa (código de saída %1): %2</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>sem mensagem</translation>
    </message>
    <message>
        <source>Cannot give the engine its files on the node (exit status %1): %2</source>
        <translation>Não é possível entregar ao engine os seus arquivos no nó (código de saída %1): %2</translation>
    </message>
</context>
<context>
    <name>halolink::EngineDeployer</name>
    <message>
        <source>The engine %1 does not exist.</source>
        <translation>O engine %1 não existe.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>the node</source>
        <translation>o nó</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
    <message>
        <source>Checking %1 failed: %2</source>
        <translation>A verificação de %1 falhou: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>%1 is a %2 machine, but the engine %3 is built for %4. Use an engine built for %2.</source>
        <translation>%1 é uma máquina %2, mas o engine %3 foi compilado para %4. Use um engine compilado para %2.</translation>
    </message>
    <message>
        <source>%1 uses the musl C library; the engine needs glibc %2 or newer.</source>
        <translation>%1 usa a biblioteca C musl; o engine precisa da glibc %2 ou mais recente.</translation>
    </message>
    <message>
        <source>%1 has glibc %2, but the engine needs glibc %3 or newer. Update the node&apos;s system, or use an engine built on an older one.</source>
        <translation>%1 tem a glibc %2, mas o engine precisa da glibc %3 ou mais recente. Atualize o sistema do nó ou use um engine compilado num sistema mais antigo.</translation>
    </message>
    <message>
        <source>%1 has no sha256sum (coreutils), so the engine cannot be verified there.</source>
        <translation>%1 não tem sha256sum (coreutils), então o engine não pode ser verificado lá.</translation>
    </message>
    <message>
        <source>Uploading the engine to %1 failed: %2</source>
        <translation>O envio do engine para %1 falhou: %2</translation>
    </message>
    <message>
        <source>The engine uploaded to %1 did not verify (%2); removed.</source>
        <translation>O engine enviado para %1 não passou na verificação (%2); removido.</translation>
    </message>
    <message>
        <source>the login shell of %1 to start (its ~/.bashrc or profile may be slow)</source>
        <translation>o shell de login de %1 iniciar (seu ~/.bashrc ou profile pode ser lento)</translation>
    </message>
    <message>
        <source>%1 to report its architecture, C library and engine checksum</source>
        <translation>%1 informar sua arquitetura, biblioteca C e o checksum do engine</translation>
    </message>
    <message>
        <source>the engine&apos;s bytes to reach %1</source>
        <translation>os bytes do engine chegarem a %1</translation>
    </message>
    <message>
        <source>%1 to check the uploaded engine and move it in place</source>
        <translation>%1 verificar o engine enviado e colocá-lo no lugar</translation>
    </message>
    <message>
        <source>Gave up on %1 after %2 s without progress: waited for %3.</source>
        <translation>Desistiu de %1 após %2 s sem progresso: aguardava %3.</translation>
    </message>
    <message>
        <source>Cannot put the engine in place on %1 (%2): %3</source>
        <translation>Não é possível colocar o engine no lugar em %1 (%2): %3</translation>
    </message>
    <message>
        <source>%1 did not report its architecture and home directory.</source>
        <translation>%1 não informou sua arquitetura e seu diretório pessoal.</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>código de saída %1</translation>
    </message>
    <message>
        <source>exit code %1: %2</source>
        <translation>código de saída %1: %2</translation>
    </message>
    <message>
        <source>Installing the engine on %1 failed: %2</source>
        <translation>A instalação do engine em %1 falhou: %2</translation>
    </message>
    <message>
        <source>%1 to start the engine</source>
        <translation>%1 iniciar o engine</translation>
    </message>
    <message>
        <source>Starting the engine on %1 failed: %2</source>
        <translation>Falha ao iniciar o engine em %1: %2</translation>
    </message>
</context>
<context>
    <name>halolink::GidsModel</name>
    <message>
        <source>RoCE v2 traffic of %1 uses this GID.</source>
        <translation>O tráfego RoCE v2 de %1 usa este GID.</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Índice</translation>
    </message>
    <message>
        <source>GID</source>
        <translation>GID</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interface</translation>
    </message>
</context>
<context>
    <name>halolink::Inventory</name>
    <message>
        <source>%1 was written by a newer HaloLink; this version does not change it. Use the newer HaloLink, or move the file away to start a new inventory here.</source>
        <translation>%1 foi gravado por um HaloLink mais novo; esta versão não o altera. Use o HaloLink mais novo ou mova o arquivo para outro lugar para começar um novo inventário aqui.</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at byte %2)</source>
        <translation>JSON inválido (%1 no byte %2)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>não é um objeto JSON</translation>
    </message>
    <message>
        <source>&quot;format&quot; is not &quot;%1&quot;</source>
        <translation>&quot;format&quot; não é &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;version&quot; is not a positive whole number</source>
        <translation>&quot;version&quot; não é um número inteiro positivo</translation>
    </message>
    <message>
        <source>it has inventory version %1; this HaloLink reads version %2</source>
        <translation>ele tem a versão de inventário %1; este HaloLink lê a versão %2</translation>
    </message>
    <message>
        <source>&quot;nodes&quot; is not a list</source>
        <translation>&quot;nodes&quot; não é uma lista</translation>
    </message>
    <message>
        <source>node %1 is not an object</source>
        <translation>o nó %1 não é um objeto</translation>
    </message>
    <message>
        <source>node %1: unknown kind &quot;%2&quot;</source>
        <translation>nó %1: tipo &quot;%2&quot; desconhecido</translation>
    </message>
    <message>
        <source>node %1: &quot;port&quot; is not a number from 0 to 65535</source>
        <translation>nó %1: &quot;port&quot; não é um número de 0 a 65535</translation>
    </message>
    <message>
        <source>node %1 has no usable &quot;id&quot;</source>
        <translation>o nó %1 não tem um &quot;id&quot; utilizável</translation>
    </message>
    <message>
        <source>node %1 (%2) has no name</source>
        <translation>o nó %1 (%2) não tem nome</translation>
    </message>
    <message>
        <source>node %1 (%2) has no host</source>
        <translation>o nó %1 (%2) não tem host</translation>
    </message>
    <message>
        <source>the id &quot;%1&quot; is used twice</source>
        <translation>o id &quot;%1&quot; é usado duas vezes</translation>
    </message>
    <message>
        <source>the name &quot;%1&quot; is used twice</source>
        <translation>o nome &quot;%1&quot; é usado duas vezes</translation>
    </message>
    <message>
        <source>%1 cannot be used (%2) and could not be moved aside (%3); HaloLink does not change it. Repair or remove it.</source>
        <translation>%1 não pode ser usado (%2) e não pôde ser movido para o lado (%3); o HaloLink não o altera. Repare-o ou remova-o.</translation>
    </message>
    <message>
        <source>The node inventory %1 could not be read: %2. It was kept as %3 for you to repair; HaloLink starts with This computer only.</source>
        <translation>O inventário de nós %1 não pôde ser lido: %2. Ele foi mantido como %3 para você reparar; o HaloLink começa apenas com Este computador.</translation>
    </message>
    <message>
        <source>The node inventory %1 was written by a newer HaloLink (%2). It was left as it is and will not be changed by this version, which shows This computer only. Use the newer HaloLink, or move the file away to start a new inventory here.</source>
        <translation>O inventário de nós %1 foi gravado por um HaloLink mais novo (%2). Ele foi deixado como está e não será alterado por esta versão, que mostra apenas Este computador. Use o HaloLink mais novo ou mova o arquivo para outro lugar para começar um novo inventário aqui.</translation>
    </message>
    <message>
        <source>Could not save the node inventory %1: %2</source>
        <translation>Não foi possível salvar o inventário de nós %1: %2</translation>
    </message>
    <message>
        <source>There is no node &apos;%1&apos; (any more).</source>
        <translation>Não existe (mais) um nó &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>This computer is always part of HaloLink and cannot be removed.</source>
        <translation>Este computador sempre faz parte do HaloLink e não pode ser removido.</translation>
    </message>
    <message>
        <source>There is no node &apos;%1&apos;.</source>
        <translation>Não existe um nó &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>node %1: &quot;%2&quot; is not a string</source>
        <translation>nó %1: &quot;%2&quot; não é uma string</translation>
    </message>
    <message>
        <source>node %1: &quot;qos&quot; is not an object</source>
        <translation>nó %1: &quot;qos&quot; não é um objeto</translation>
    </message>
    <message>
        <source>node %1: &quot;qos&quot;: &quot;%2&quot; is not true or false</source>
        <translation>nó %1: &quot;qos&quot;: &quot;%2&quot; não é true nem false</translation>
    </message>
    <message>
        <source>node %1: &quot;qos&quot;: &quot;%2&quot; is not a number from 0 to %3</source>
        <translation>nó %1: &quot;qos&quot;: &quot;%2&quot; não é um número de 0 a %3</translation>
    </message>
</context>
<context>
    <name>halolink::KeychainProbe</name>
    <message>
        <source>The system keychain is turned off (HALOLINK_NO_KEYCHAIN).</source>
        <translation>O chaveiro do sistema está desativado (HALOLINK_NO_KEYCHAIN).</translation>
    </message>
    <message>
        <source>The system keychain did not answer.</source>
        <translation>O chaveiro do sistema não respondeu.</translation>
    </message>
</context>
<context>
    <name>halolink::LatencyMatrixModel</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>de %1</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>para %1</translation>
    </message>
    <message>
        <source>one-way</source>
        <translation>unidirecional</translation>
    </message>
    <message>
        <source>round trip</source>
        <translation>ida e volta</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>%1 %2 over %3</source>
        <translation>%1 %2 via %3</translation>
    </message>
</context>
<context>
    <name>halolink::LocalAgentTransport</name>
    <message>
        <source>the local engine crashed</source>
        <translation>o engine local travou</translation>
    </message>
    <message>
        <source>the local engine exited with code %1</source>
        <translation>o engine local saiu com o código %1</translation>
    </message>
    <message>
        <source>the local engine could not start: %1</source>
        <translation>o engine local não pôde iniciar: %1</translation>
    </message>
</context>
<context>
    <name>halolink::LocalEngine</name>
    <message>
        <source>Could not start the engine %1: %2</source>
        <translation>Não foi possível iniciar o engine %1: %2</translation>
    </message>
    <message>
        <source>`%1` did not finish within %2 s and was stopped.</source>
        <translation>`%1` não terminou em %2 s e foi interrompido.</translation>
    </message>
    <message>
        <source>The engine crashed while running `%1`.</source>
        <translation>O engine travou ao executar `%1`.</translation>
    </message>
    <message>
        <source>`%1` failed (exit code %2): %3</source>
        <translation>`%1` falhou (código de saída %2): %3</translation>
    </message>
    <message>
        <source>`%1` failed with exit code %2.</source>
        <translation>`%1` falhou com o código de saída %2.</translation>
    </message>
    <message>
        <source>%1 does not look like halolink-engine: `--version` printed &quot;%2&quot;.</source>
        <translation>%1 não parece ser o halolink-engine: `--version` imprimiu &quot;%2&quot;.</translation>
    </message>
    <message>
        <source>The engine %1 speaks protocol %2, this HaloLink speaks protocol %3.</source>
        <translation>O engine %1 fala o protocolo %2; este HaloLink fala o protocolo %3.</translation>
    </message>
    <message>
        <source>The engine&apos;s probe answer could not be read: %1</source>
        <translation>A resposta de sondagem do engine não pôde ser lida: %1</translation>
    </message>
</context>
<context>
    <name>halolink::NicsModel</name>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>MAC address %1</source>
        <translation>Endereço MAC %1</translation>
    </message>
    <message>
        <source>Below %1: RoCE runs with an active MTU of 1024 or 2048 instead of 4096.</source>
        <translation>Abaixo de %1: o RoCE funciona com MTU ativa de 1024 ou 2048 em vez de 4096.</translation>
    </message>
    <message>
        <source>No PCIe link information (for example a virtual NIC).</source>
        <translation>Sem informações do enlace PCIe (por exemplo, uma NIC virtual).</translation>
    </message>
    <message>
        <source>The link runs below what the device supports: it limits bandwidth.</source>
        <translation>O enlace opera abaixo do que o dispositivo suporta: isso limita a largura de banda.</translation>
    </message>
    <message>
        <source>Current link / what the device supports.</source>
        <translation>Enlace atual / o que o dispositivo suporta.</translation>
    </message>
    <message>
        <source>Whether this interface carries the management (SSH) connection; configuration never touches it.</source>
        <translation>Se esta interface carrega a conexão de gerência (SSH); a configuração nunca mexe nela.</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interface</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <source>PCI</source>
        <translation>PCI</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidade</translation>
    </message>
    <message>
        <source>IPv4</source>
        <translation>IPv4</translation>
    </message>
    <message>
        <source>Firmware</source>
        <translation>Firmware</translation>
    </message>
    <message>
        <source>PCIe (now / max)</source>
        <translation>PCIe (atual / máx.)</translation>
    </message>
    <message>
        <source>RDMA device</source>
        <translation>Dispositivo RDMA</translation>
    </message>
    <message>
        <source>Management</source>
        <translation>Gerência</translation>
    </message>
</context>
<context>
    <name>halolink::NodeListModel</name>
    <message>
        <source>Not probed</source>
        <translation>Não sondado</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Sondando…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Deploying the engine…</source>
        <translation>Implantando o engine…</translation>
    </message>
    <message>
        <source>Lost, reconnecting…</source>
        <translation>Perdido, reconectando…</translation>
    </message>
    <message>
        <source>Unreachable, retrying…</source>
        <translation>Inacessível, tentando de novo…</translation>
    </message>
    <message>
        <source>Ready, %1 failed</source>
        <translation>Pronto, %1 com falha</translation>
    </message>
    <message>
        <source>Deploying %1 %</source>
        <translation>Implantando %1 %</translation>
    </message>
    <message>
        <source>data %1</source>
        <translation>dados %1</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>Slow: waiting %1 s</source>
        <translation>Lento: aguardando %1 s</translation>
    </message>
    <message numerus="yes">
        <source>Ready, %n warning(s)</source>
        <translation>
            <numerusform>Pronto, %n aviso</numerusform>
            <numerusform>Pronto, %n avisos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n aviso</numerusform>
            <numerusform>%n avisos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed check(s)</source>
        <translation>
            <numerusform>%n verificação com falha</numerusform>
            <numerusform>%n verificações com falha</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::RdmaPortsModel</name>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>iWARP: RCCL/NCCL and llama.cpp RPC fall back to TCP or fail. Switch the NIC to RoCE (devlink enable_roce).</source>
        <translation>iWARP: o RCCL/NCCL e o llama.cpp RPC recorrem ao TCP ou falham. Mude a NIC para RoCE (devlink enable_roce).</translation>
    </message>
    <message>
        <source>No RoCE v2 GID for an IPv4 address of %1: give the interface an address.</source>
        <translation>Nenhum GID RoCE v2 para um endereço IPv4 de %1: atribua um endereço à interface.</translation>
    </message>
    <message>
        <source>The GID index RDMA traffic uses (NCCL_IB_GID_INDEX); detected, never assumed.</source>
        <translation>O índice de GID que o tráfego RDMA usa (NCCL_IB_GID_INDEX); detectado, nunca presumido.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transporte</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Active MTU</source>
        <translation>MTU ativa</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interface</translation>
    </message>
    <message>
        <source>RoCE v2 IPv4 GID</source>
        <translation>GID IPv4 RoCE v2</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Taxa</translation>
    </message>
</context>
<context>
    <name>halolink::RemoteProcess</name>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
</context>
<context>
    <name>halolink::RemoteTask</name>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
    <message>
        <source>The command did not finish within %1 s.</source>
        <translation>O comando não terminou em %1 s.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
</context>
<context>
    <name>halolink::SeriesTableModel</name>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Série</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>Último</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Mín</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Média</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Máx</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Atualizado</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>halolink::SftpUpload</name>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
</context>
<context>
    <name>halolink::SshAgentTransport</name>
    <message>
        <source>the agent on %1 exited with code %2</source>
        <translation>o agente em %1 saiu com o código %2</translation>
    </message>
    <message>
        <source>the agent on %1 did not start</source>
        <translation>o agente em %1 não iniciou</translation>
    </message>
</context>
<context>
    <name>halolink::SshSession</name>
    <message>
        <source>No keychain is configured; the secret is kept in memory for this session only.</source>
        <translation>Nenhum chaveiro está configurado; o segredo fica na memória apenas durante esta sessão.</translation>
    </message>
    <message>
        <source>Disconnected.</source>
        <translation>Desconectado.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
</context>
<context>
    <name>halolink::SshWorker</name>
    <message>
        <source>libssh could not create a session.</source>
        <translation>A libssh não conseguiu criar uma sessão.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Não é possível conectar a %1: %2</translation>
    </message>
    <message>
        <source>No SSH answer from %1 within %2 s.</source>
        <translation>Nenhuma resposta SSH de %1 em %2 s.</translation>
    </message>
    <message>
        <source>The host key of %1 has CHANGED: it now presents %2 key %3, which is not the key recorded in known_hosts. Someone may be intercepting the connection (a man-in-the-middle attack), or the node was reinstalled. HaloLink will not connect. If you know why the key changed, remove the old key with `ssh-keygen -R &apos;%1&apos;` and connect again.</source>
        <translation>A chave do host de %1 MUDOU: agora ele apresenta a chave %2 %3, que não é a chave registrada em known_hosts. Alguém pode estar interceptando a conexão (um ataque man-in-the-middle), ou o nó foi reinstalado. O HaloLink não vai se conectar. Se você sabe por que a chave mudou, remova a chave antiga com `ssh-keygen -R &apos;%1&apos;` e conecte de novo.</translation>
    </message>
    <message>
        <source>%1 presents a %2 host key (%3), but known_hosts records a key of another type for it. This can be an attack; HaloLink will not connect. If the node was reinstalled, remove the old key with `ssh-keygen -R &apos;%1&apos;` and connect again.</source>
        <translation>%1 apresenta uma chave de host %2 (%3), mas o known_hosts registra uma chave de outro tipo para ele. Isso pode ser um ataque; o HaloLink não vai se conectar. Se o nó foi reinstalado, remova a chave antiga com `ssh-keygen -R &apos;%1&apos;` e conecte de novo.</translation>
    </message>
    <message>
        <source>Cannot check the host key of %1 against known_hosts: %2</source>
        <translation>Não é possível conferir a chave do host de %1 com o known_hosts: %2</translation>
    </message>
    <message>
        <source>Cannot save the host key to known_hosts: %1</source>
        <translation>Não é possível salvar a chave do host no known_hosts: %1</translation>
    </message>
    <message>
        <source>The host key was not accepted; not connected.</source>
        <translation>A chave do host não foi aceita; não conectado.</translation>
    </message>
    <message>
        <source>Passphrase for the private key:</source>
        <translation>Frase secreta da chave privada:</translation>
    </message>
    <message>
        <source>Authentication of %1 broke off: %2</source>
        <translation>A autenticação em %1 foi interrompida: %2</translation>
    </message>
    <message>
        <source>Login to %1 cancelled.</source>
        <translation>Login em %1 cancelado.</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>Senha de %1:</translation>
    </message>
    <message>
        <source>Authentication failed: %1 refused the password.</source>
        <translation>Falha na autenticação: %1 recusou a senha.</translation>
    </message>
    <message>
        <source>Authentication failed: %1 offers no method HaloLink can use (it offers: %2).</source>
        <translation>Falha na autenticação: %1 não oferece nenhum método que o HaloLink possa usar (ele oferece: %2).</translation>
    </message>
    <message>
        <source>Authentication failed: %1 accepted none of the keys tried (methods tried: %2; the server offers: %3).</source>
        <translation>Falha na autenticação: %1 não aceitou nenhuma das chaves tentadas (métodos tentados: %2; o servidor oferece: %3).</translation>
    </message>
    <message>
        <source> A key passphrase was given; it may be wrong.</source>
        <translation> Foi informada uma frase secreta de chave; ela pode estar errada.</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Não conectado.</translation>
    </message>
    <message>
        <source>Cannot open an SSH channel: %1</source>
        <translation>Não é possível abrir um canal SSH: %1</translation>
    </message>
    <message>
        <source>The node refused to run the command: %1</source>
        <translation>O nó se recusou a executar o comando: %1</translation>
    </message>
    <message>
        <source>Writing to the command failed: %1</source>
        <translation>A escrita para o comando falhou: %1</translation>
    </message>
    <message>
        <source>Reading from the command failed: %1</source>
        <translation>A leitura do comando falhou: %1</translation>
    </message>
    <message>
        <source>The command ended without an exit status (killed by a signal?).</source>
        <translation>O comando terminou sem status de saída (morto por um sinal?).</translation>
    </message>
    <message>
        <source>the connection closed (%1)</source>
        <translation>a conexão foi fechada (%1)</translation>
    </message>
    <message>
        <source>no answer to %1 keep-alives</source>
        <translation>nenhuma resposta a %1 keep-alives</translation>
    </message>
    <message>
        <source>Lost the connection to %1: %2</source>
        <translation>Conexão com %1 perdida: %2</translation>
    </message>
    <message>
        <source>Cannot start SFTP: %1</source>
        <translation>Não é possível iniciar o SFTP: %1</translation>
    </message>
    <message>
        <source>The node&apos;s SFTP server did not start (error %1): %2</source>
        <translation>O servidor SFTP do nó não iniciou (erro %1): %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>Cannot create %1 on the node (SFTP error %2): %3</source>
        <translation>Não é possível criar %1 no nó (erro SFTP %2): %3</translation>
    </message>
    <message>
        <source>Reading the local file failed: %1</source>
        <translation>A leitura do arquivo local falhou: %1</translation>
    </message>
    <message>
        <source>Writing %1 on the node failed (SFTP error %2): %3</source>
        <translation>A gravação de %1 no nó falhou (erro SFTP %2): %3</translation>
    </message>
    <message>
        <source>Cannot set the mode of %1 on the node (SFTP error %2)</source>
        <translation>Não é possível definir o modo de %1 no nó (erro SFTP %2)</translation>
    </message>
    <message>
        <source>The SSH handshake with %1 did not finish within %2 s.</source>
        <translation>O handshake SSH com %1 não terminou em %2 s.</translation>
    </message>
    <message>
        <source>The SSH key exchange with %1 made no progress for %2 s.</source>
        <translation>A troca de chaves SSH com %1 ficou sem progresso por %2 s.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2 (no HostName for &quot;%3&quot; in %4)</source>
        <translation>Não é possível conectar a %1: %2 (sem HostName para &quot;%3&quot; em %4)</translation>
    </message>
</context>
<context>
    <name>halolink::VirtualCluster</name>
    <message>
        <source>The virtual cluster&apos;s script %1 could not be started: %2</source>
        <translation>O script do cluster virtual, %1, não pôde ser iniciado: %2</translation>
    </message>
    <message>
        <source>(not found)</source>
        <translation>(não encontrado)</translation>
    </message>
    <message>
        <source>The virtual cluster&apos;s script (halolink-lab) was not found; looked at: %1</source>
        <translation>O script do cluster virtual (halolink-lab) não foi encontrado; locais verificados: %1</translation>
    </message>
    <message>
        <source>Stopped before the virtual cluster was up.</source>
        <translation>Interrompido antes de o cluster virtual ficar ativo.</translation>
    </message>
    <message>
        <source>halolink-lab did not run.</source>
        <translation>O halolink-lab não rodou.</translation>
    </message>
    <message>
        <source>halolink-lab exited with code %1.</source>
        <translation>O halolink-lab terminou com o código %1.</translation>
    </message>
    <message>
        <source>halolink-lab exited with code %1:
%2</source>
        <translation>O halolink-lab terminou com o código %1:
%2</translation>
    </message>
    <message>
        <source>halolink-lab up printed no usable lab JSON: %1</source>
        <translation>halolink-lab up não imprimiu um JSON do lab utilizável: %1</translation>
    </message>
    <message>
        <source>Cancelled; the virtual machines were stopped.</source>
        <translation>Cancelado; as máquinas virtuais foram paradas.</translation>
    </message>
    <message>
        <source>Cancelled, but stopping the virtual machines failed: %1</source>
        <translation>Cancelado, mas não foi possível parar as máquinas virtuais: %1</translation>
    </message>
    <message>
        <source>not a JSON object (%1)</source>
        <translation>não é um objeto JSON (%1)</translation>
    </message>
    <message>
        <source>other JSON</source>
        <translation>outro JSON</translation>
    </message>
    <message>
        <source>no &quot;lab_dir&quot;</source>
        <translation>sem &quot;lab_dir&quot;</translation>
    </message>
    <message>
        <source>no &quot;nodes&quot;</source>
        <translation>sem &quot;nodes&quot;</translation>
    </message>
    <message>
        <source>node %1: no index, SSH port, key file or known_hosts</source>
        <translation>nó %1: sem índice, porta SSH, arquivo de chave ou known_hosts</translation>
    </message>
    <message>
        <source>halolink-lab status --json printed no usable JSON</source>
        <translation>halolink-lab status --json não imprimiu um JSON utilizável</translation>
    </message>
</context>
<context>
    <name>halolink::advise::MeshText</name>
    <message>
        <source>links: latency from the live mesh (the slowest pair, p50); bandwidth: the reference setup&apos;s (the mesh measures none)</source>
        <translation>enlaces: latência da malha ao vivo (o par mais lento, p50); largura de banda: a da configuração de referência (a malha não a mede)</translation>
    </message>
    <message>
        <source>RDMA latency: the reference setup&apos;s (the mesh has no recent RDMA figure for every pair)</source>
        <translation>latência RDMA: a da configuração de referência (a malha não tem um valor RDMA recente para todos os pares)</translation>
    </message>
    <message>
        <source>TCP latency: the reference setup&apos;s (the mesh has no recent TCP figure for every pair)</source>
        <translation>latência TCP: a da configuração de referência (a malha não tem um valor TCP recente para todos os pares)</translation>
    </message>
</context>
<context>
    <name>halolink::advise::VerificationText</name>
    <message>
        <source>RDMA latency</source>
        <translation>latência RDMA</translation>
    </message>
    <message>
        <source>TCP latency</source>
        <translation>latência TCP</translation>
    </message>
    <message>
        <source>RDMA bandwidth</source>
        <translation>largura de banda RDMA</translation>
    </message>
    <message>
        <source>TCP bandwidth</source>
        <translation>largura de banda TCP</translation>
    </message>
    <message>
        <source>links: the verification has no %1 for some pair; the reference&apos;s stands in</source>
        <translation>enlaces: a verificação não tem %1 para algum par; vale o valor da configuração de referência</translation>
    </message>
</context>
<context>
    <name>halolink::cli::CtlConnector</name>
    <message>
        <source>%1 (%2): accepting its new %3 host key %4 (--accept-new-host-key); saved to known_hosts.</source>
        <translation>%1 (%2): aceitando sua nova chave de host %3 %4 (--accept-new-host-key); salva no known_hosts.</translation>
    </message>
    <message>
        <source>the host key of %1 (%2) is not known yet: %3 %4. Compare it with the node&apos;s own key (on the node: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub), then run again with --accept-new-host-key to trust and save it.</source>
        <translation>a chave do host de %1 (%2) ainda não é conhecida: %3 %4. Compare-a com a chave do próprio nó (no nó: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub) e execute de novo com --accept-new-host-key para confiar nela e salvá-la.</translation>
    </message>
    <message>
        <source>(--accept-new-host-key does not apply: a changed key is never overridden.)</source>
        <translation>(--accept-new-host-key não se aplica: uma chave alterada nunca é aceita por cima.)</translation>
    </message>
    <message>
        <source>the password of %1</source>
        <translation>a senha de %1</translation>
    </message>
    <message>
        <source>the passphrase of the key for %1</source>
        <translation>a frase secreta da chave para %1</translation>
    </message>
    <message>
        <source>an answer for %1</source>
        <translation>uma resposta para %1</translation>
    </message>
    <message>
        <source>%1 asks for %2, and stdin is not a terminal to ask on. Set up key login (ssh-copy-id) or an ssh agent, or run halolinkctl in a terminal.</source>
        <translation>%1 pede %2, e a entrada padrão não é um terminal onde perguntar. Configure o login por chave (ssh-copy-id) ou um agente ssh, ou execute o halolinkctl num terminal.</translation>
    </message>
    <message>
        <source>%1: %2: </source>
        <translation>%1: %2: </translation>
    </message>
    <message>
        <source>no answer for %1 was given.</source>
        <translation>nenhuma resposta foi dada para %1.</translation>
    </message>
    <message>
        <source>%1 did not become ready within %2 s.</source>
        <translation>%1 não ficou pronto em %2 s.</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>não conectado</translation>
    </message>
    <message>
        <source>%1 is ready.</source>
        <translation>%1 está pronto.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>halolink::deploy</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>%1 is not an ELF executable.</source>
        <translation>%1 não é um executável ELF.</translation>
    </message>
    <message>
        <source>%1 has an unknown ELF class or byte order.</source>
        <translation>%1 tem uma classe ELF ou ordem de bytes desconhecida.</translation>
    </message>
    <message>
        <source>ELF machine %1</source>
        <translation>máquina ELF %1</translation>
    </message>
</context>
<context>
    <name>halolink::health::FabricHealthModel</name>
    <message>
        <source>%1 — data plane</source>
        <extracomment>a link on the node&apos;s data plane (the interface the cluster&apos;s RDMA uses)</extracomment>
        <translation>%1 — plano de dados</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Enlace</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Saúde</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Errors/s</source>
        <translation>Erros/s</translation>
    </message>
    <message>
        <source>Drops/s</source>
        <translation>Descartes/s</translation>
    </message>
    <message>
        <source>CRC/s</source>
        <translation>CRC/s</translation>
    </message>
    <message>
        <source>Pauses/s</source>
        <translation>Pausas/s</translation>
    </message>
    <message>
        <source>CNPs/s</source>
        <translation>CNPs/s</translation>
    </message>
</context>
<context>
    <name>halolink::jobs</name>
    <message>
        <source>Job name &apos;%1&apos;: use 1-32 lowercase letters, digits and &apos;-&apos;.</source>
        <translation>Nome do job &apos;%1&apos;: use de 1 a 32 letras minúsculas, dígitos e &apos;-&apos;.</translation>
    </message>
    <message>
        <source>No nodes.</source>
        <translation>Nenhum nó.</translation>
    </message>
    <message>
        <source>Give the model: a path that exists on every node, or a model id.</source>
        <translation>Informe o modelo: um caminho que exista em todos os nós, ou o id de um modelo.</translation>
    </message>
    <message>
        <source>The model name contains a line break.</source>
        <translation>O nome do modelo contém uma quebra de linha.</translation>
    </message>
    <message>
        <source>A model path with &apos;:&apos; cannot be mounted into a container.</source>
        <translation>Um caminho de modelo com &apos;:&apos; não pode ser montado num contêiner.</translation>
    </message>
    <message>
        <source>llama.cpp needs the path of a .gguf file on the head node.</source>
        <translation>O llama.cpp precisa do caminho de um arquivo .gguf no nó principal.</translation>
    </message>
    <message>
        <source>Give the toolbox container&apos;s name.</source>
        <translation>Informe o nome do contêiner do toolbox.</translation>
    </message>
    <message>
        <source>Give the container image (with vLLM or llama.cpp for ROCm).</source>
        <translation>Informe a imagem do contêiner (com vLLM ou llama.cpp para ROCm).</translation>
    </message>
    <message>
        <source>Port %1 is out of range (1-65535).</source>
        <translation>A porta %1 está fora do intervalo (1-65535).</translation>
    </message>
    <message>
        <source>GPU memory utilization %1 is out of range (0.05-0.99).</source>
        <translation>A utilização de memória da GPU %1 está fora do intervalo (0.05-0.99).</translation>
    </message>
    <message>
        <source>GPU memory utilization %1: on unified memory above ~0.92 the system often runs out of memory (0.90 is the usual value).</source>
        <translation>Utilização de memória da GPU %1: com memória unificada, acima de ~0.92 o sistema costuma ficar sem memória (0.90 é o valor usual).</translation>
    </message>
    <message>
        <source>Max model length %1 is too small.</source>
        <translation>O comprimento máximo do modelo, %1, é pequeno demais.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an environment variable name.</source>
        <translation>&apos;%1&apos; não é um nome de variável de ambiente.</translation>
    </message>
    <message>
        <source>%1: the value contains a line break.</source>
        <translation>%1: o valor contém uma quebra de linha.</translation>
    </message>
    <message>
        <source>%1 has no data-plane interface and address: run the cluster setup first.</source>
        <translation>%1 não tem interface nem endereço do plano de dados: execute antes a configuração do cluster.</translation>
    </message>
    <message>
        <source>%1 has not been probed.</source>
        <translation>%1 ainda não foi sondado.</translation>
    </message>
    <message>
        <source>%1: %2 is not among the probe&apos;s NICs (a bond, VLAN or virtual interface?); make sure it exists.</source>
        <translation>%1: %2 não está entre as NICs da sondagem (um bond, uma VLAN ou uma interface virtual?); confirme que ela existe.</translation>
    </message>
    <message>
        <source>%1: %2 port %3 is %4, not ACTIVE.</source>
        <translation>%1: a porta %3 de %2 está %4, não ACTIVE.</translation>
    </message>
    <message>
        <source>in an unknown state</source>
        <translation>num estado desconhecido</translation>
    </message>
    <message>
        <source>%1: %2 has no RoCE v2 GID for %3.</source>
        <translation>%1: %2 não tem GID RoCE v2 para %3.</translation>
    </message>
    <message>
        <source>data-plane interface</source>
        <translation>interface do plano de dados</translation>
    </message>
    <message>
        <source>probe: %1 port %2 on %3</source>
        <translation>sondagem: %1 porta %2 em %3</translation>
    </message>
    <message>
        <source>probe: the RoCE v2 GID of %1</source>
        <translation>sondagem: o GID RoCE v2 de %1</translation>
    </message>
    <message>
        <source>RDMA mode</source>
        <translation>modo RDMA</translation>
    </message>
    <message>
        <source>TCP-only mode</source>
        <translation>modo só TCP</translation>
    </message>
    <message>
        <source>probe: gfx1151 (no GPUDirect RDMA)</source>
        <translation>sondagem: gfx1151 (sem GPUDirect RDMA)</translation>
    </message>
    <message>
        <source>data-plane address</source>
        <translation>endereço do plano de dados</translation>
    </message>
    <message>
        <source>override</source>
        <translation>substituição</translation>
    </message>
    <message>
        <source>override for %1</source>
        <translation>substituição para %1</translation>
    </message>
    <message>
        <source>Ray head on the data plane</source>
        <translation>head do Ray no plano de dados</translation>
    </message>
    <message>
        <source>Ray answers at %1</source>
        <translation>o Ray responde em %1</translation>
    </message>
    <message>
        <source>Ray worker joining %1</source>
        <translation>worker do Ray entrando em %1</translation>
    </message>
    <message numerus="yes">
        <source>the Ray cluster has %n node(s)</source>
        <translation>
            <numerusform>o cluster Ray tem %n nó</numerusform>
            <numerusform>o cluster Ray tem %n nós</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>vLLM, tensor parallel over %n node(s)</source>
        <translation>
            <numerusform>vLLM, paralelismo de tensor em %n nó</numerusform>
            <numerusform>vLLM, paralelismo de tensor em %n nós</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/health answers and /v1/models lists the model</source>
        <translation>%1/health responde e /v1/models lista o modelo</translation>
    </message>
    <message>
        <source>llama.cpp RPC server on the data plane</source>
        <translation>servidor RPC do llama.cpp no plano de dados</translation>
    </message>
    <message>
        <source>port %1 accepts connections on %2</source>
        <translation>a porta %1 aceita conexões em %2</translation>
    </message>
    <message numerus="yes">
        <source>llama-server with %n RPC worker(s) (layers split across nodes, not tensors)</source>
        <translation>
            <numerusform>llama-server com %n worker RPC (camadas divididas entre os nós, não tensores)</numerusform>
            <numerusform>llama-server com %n workers RPC (camadas divididas entre os nós, não tensores)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/health answers</source>
        <translation>%1/health responde</translation>
    </message>
    <message>
        <source>error: %1
</source>
        <translation>erro: %1
</translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation>aviso: %1
</translation>
    </message>
    <message>
        <source>Steps (same order runs at once; each waits for the one before):
</source>
        <translation>Etapas (as de mesma ordem rodam juntas; cada uma espera a anterior):
</translation>
    </message>
    <message>
        <source>  [%1] %2 %3: %4
      $ %5
      waits for: %6
</source>
        <translation>  [%1] %2 %3: %4
      $ %5
      espera por: %6
</translation>
    </message>
    <message>
        <source>API: %1/v1
</source>
        <translation>API: %1/v1
</translation>
    </message>
    <message>
        <source>not a job description (name, engine or runtime missing)</source>
        <translation>não é uma descrição de job (falta o nome, o engine ou o runtime)</translation>
    </message>
    <message>
        <source>GPU memory (VRAM + GTT)</source>
        <translation>memória da GPU (VRAM + GTT)</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memória</translation>
    </message>
    <message>
        <source>not a halolink.job/1 document</source>
        <translation>não é um documento halolink.job/1</translation>
    </message>
    <message>
        <source>a node without an id</source>
        <translation>um nó sem id</translation>
    </message>
    <message>
        <source>no nodes</source>
        <translation>nenhum nó</translation>
    </message>
    <message>
        <source>a step on an unknown node</source>
        <translation>uma etapa num nó desconhecido</translation>
    </message>
    <message>
        <source>not a halolink.counters/1 document</source>
        <translation>não é um documento halolink.counters/1</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_DISABLE=1 (the job was launched TCP-only).</source>
        <translation>%1: NCCL_IB_DISABLE=1 (o job foi iniciado só com TCP).</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_DISABLE=1 (an override): RCCL uses sockets.</source>
        <translation>%1: NCCL_IB_DISABLE=1 (uma substituição): o RCCL usa sockets.</translation>
    </message>
    <message>
        <source>%1: no RDMA device on %2.</source>
        <translation>%1: nenhum dispositivo RDMA em %2.</translation>
    </message>
    <message>
        <source>%1: %2 runs iWARP; RCCL cannot use it (switch the E810 to RoCE v2: the cluster setup does).</source>
        <translation>%1: %2 usa iWARP; o RCCL não consegue usá-lo (mude a E810 para RoCE v2: a configuração do cluster faz isso).</translation>
    </message>
    <message>
        <source>%1: %2 port %3 is not ACTIVE.</source>
        <translation>%1: a porta %3 de %2 não está ACTIVE.</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_HCA is not set; RCCL chooses devices itself (pin %2).</source>
        <translation>%1: NCCL_IB_HCA não está definida; o RCCL escolhe os dispositivos sozinho (fixe %2).</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_HCA=%2, but the data plane&apos;s RDMA port is %3 (HCA not pinned to it).</source>
        <translation>%1: NCCL_IB_HCA=%2, mas a porta RDMA do plano de dados é %3 (HCA não fixado nela).</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_GID_INDEX is not set; the RoCE v2 GID of %2 is index %3.</source>
        <translation>%1: NCCL_IB_GID_INDEX não está definida; o GID RoCE v2 de %2 é o índice %3.</translation>
    </message>
    <message>
        <source>%1: NCCL_IB_GID_INDEX=%2, but the RoCE v2 GID of %3 is index %4 (wrong GID).</source>
        <translation>%1: NCCL_IB_GID_INDEX=%2, mas o GID RoCE v2 de %3 é o índice %4 (GID errado).</translation>
    </message>
    <message>
        <source>%1: the environment looks right; look in the job&apos;s log for &apos;NET/Socket&apos; against &apos;NET/IB&apos; (NCCL_DEBUG=INFO), at the RCCL build in the image, and whether /dev/infiniband is usable there.</source>
        <translation>%1: o ambiente parece certo; procure no log do job &apos;NET/Socket&apos; versus &apos;NET/IB&apos; (NCCL_DEBUG=INFO), confira o build do RCCL na imagem e se /dev/infiniband pode ser usado lá.</translation>
    </message>
    <message>
        <source>counters not read</source>
        <translation>contadores não lidos</translation>
    </message>
    <message>
        <source>One node: no traffic crosses between nodes, nothing to prove.</source>
        <translation>Um só nó: nenhum tráfego passa entre nós, nada a provar.</translation>
    </message>
    <message numerus="yes">
        <source>%n RDMA packet(s)</source>
        <translation>
            <numerusform>%n pacote RDMA</numerusform>
            <numerusform>%n pacotes RDMA</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 over RDMA</source>
        <translation>%1 via RDMA</translation>
    </message>
    <message>
        <source>%1 through the NIC</source>
        <translation>%1 pela NIC</translation>
    </message>
    <message>
        <source>no RDMA port</source>
        <translation>nenhuma porta RDMA</translation>
    </message>
    <message>
        <source>no counters</source>
        <translation>nenhum contador</translation>
    </message>
    <message>
        <source>RDMA carried the tensor-parallel traffic on every node.</source>
        <translation>O RDMA carregou o tráfego de paralelismo de tensor em todos os nós.</translation>
    </message>
    <message>
        <source>The tensor-parallel traffic went over TCP, not RDMA: the RDMA counters did not move while the data-plane NICs carried it.</source>
        <translation>O tráfego de paralelismo de tensor passou por TCP, não por RDMA: os contadores RDMA não se moveram enquanto as NICs do plano de dados o carregavam.</translation>
    </message>
    <message>
        <source>No traffic between the nodes during the smoke test: the model may not be split across them.</source>
        <translation>Nenhum tráfego entre os nós durante o teste rápido: o modelo pode não estar dividido entre eles.</translation>
    </message>
    <message>
        <source>RDMA on %1, but not on %2.</source>
        <translation>RDMA em %1, mas não em %2.</translation>
    </message>
    <message>
        <source>Bind address &apos;%1&apos;: give an IPv4 address of the head, 127.0.0.1 or 0.0.0.0.</source>
        <translation>Endereço de escuta &apos;%1&apos;: informe um endereço IPv4 do nó principal, 127.0.0.1 ou 0.0.0.0.</translation>
    </message>
    <message>
        <source>%1 is a secret: give its value as a secret, not in the environment.</source>
        <translation>%1 é um segredo: informe o valor dele como segredo, não no ambiente.</translation>
    </message>
    <message>
        <source>%1: %2 runs iWARP, which has no RoCE v2 GID for RCCL or llama.cpp to use.</source>
        <translation>%1: %2 usa iWARP, que não tem GID RoCE v2 para o RCCL ou o llama.cpp usarem.</translation>
    </message>
    <message>
        <source>Run the setup (it switches E810 ports to RoCE v2, or allows Soft-RoCE), or launch TCP-only.</source>
        <translation>Execute a configuração (ela muda as portas E810 para RoCE v2, ou permite o Soft-RoCE), ou inicie só com TCP.</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s RPC to and from this node stays on TCP.</source>
        <translation>O RPC do llama.cpp de e para este nó continua em TCP.</translation>
    </message>
    <message>
        <source>%1: %2&apos;s RoCE port is %3, but llama.cpp&apos;s RDMA transport uses port 1 only.</source>
        <translation>%1: a porta RoCE de %2 é a %3, mas o transporte RDMA do llama.cpp usa só a porta 1.</translation>
    </message>
    <message>
        <source>data-plane interface (&apos;=&apos;: exactly this name, not a prefix)</source>
        <translation>interface do plano de dados (&apos;=&apos;: exatamente este nome, não um prefixo)</translation>
    </message>
    <message>
        <source>; &apos;=&apos; is an exact device name (not a prefix), &apos;:%1&apos; the port</source>
        <translation>; &apos;=&apos; indica o nome exato do dispositivo (não um prefixo), &apos;:%1&apos; a porta</translation>
    </message>
    <message>
        <source>probe: the RoCE v2 GID of %1 (read again before the launch)</source>
        <translation>sondagem: o GID RoCE v2 de %1 (lido de novo antes de iniciar)</translation>
    </message>
    <message>
        <source>cluster QoS (ToS): RCCL does not use rdma_cm&apos;s default ToS</source>
        <translation>QoS do cluster (ToS): o RCCL não usa o ToS padrão do rdma_cm</translation>
    </message>
    <message>
        <source>above RCCL&apos;s default 18: ~17 s per retry</source>
        <translation>acima do padrão 18 do RCCL: ~17 s por nova tentativa</translation>
    </message>
    <message>
        <source>RCCL&apos;s default, explicit</source>
        <translation>o padrão do RCCL, explícito</translation>
    </message>
    <message>
        <source>the transport RCCL chose, in the log</source>
        <translation>o transporte que o RCCL escolheu, no log</translation>
    </message>
    <message>
        <source>Ray &gt;= 2.45 leaves HIP device visibility to vLLM</source>
        <translation>o Ray &gt;= 2.45 deixa a visibilidade dos dispositivos HIP a cargo do vLLM</translation>
    </message>
    <message>
        <source>the same for Ray &lt; 2.45</source>
        <translation>o mesmo para o Ray &lt; 2.45</translation>
    </message>
    <message>
        <source>unified memory: the GPU&apos;s memory is host memory, and Ray&apos;s memory monitor would kill the workers</source>
        <translation>memória unificada: a memória da GPU é memória do host, e o monitor de memória do Ray mataria os workers</translation>
    </message>
    <message>
        <source>probe: the RDMA device on %1</source>
        <translation>sondagem: o dispositivo RDMA em %1</translation>
    </message>
    <message>
        <source>TCP-only mode: names no device, so llama.cpp&apos;s RDMA probe finds none</source>
        <translation>modo só TCP: não nomeia nenhum dispositivo, então a sondagem RDMA do llama.cpp não encontra nenhum</translation>
    </message>
    <message>
        <source>%1: %2=%3 is not the RoCE v2 GID of %4 (the probe found index %5); RCCL fails with a wrong GID rather than use TCP.</source>
        <translation>%1: %2=%3 não é o GID RoCE v2 de %4 (a sondagem encontrou o índice %5); com um GID errado, o RCCL falha em vez de usar TCP.</translation>
    </message>
    <message>
        <source>holds ray_non_carry_over_env_vars.json: the workers keep their own %1</source>
        <translation>contém ray_non_carry_over_env_vars.json: os workers mantêm os próprios %1</translation>
    </message>
    <message>
        <source>llama.cpp RPC splits the model by layers (pipeline-like), not by tensors.</source>
        <translation>O llama.cpp RPC divide o modelo por camadas (como um pipeline), não por tensores.</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s RPC uses RDMA only where both ends were built with its RDMA transport (on by default when libibverbs is found) and its probe succeeds; otherwise it stays on TCP without a word. The proof reads which.</source>
        <translation>O RPC do llama.cpp só usa RDMA onde as duas pontas foram compiladas com o transporte RDMA dele (ativado por padrão quando a libibverbs é encontrada) e a sondagem dele dá certo; caso contrário, continua em TCP sem avisar. A prova mostra qual dos dois.</translation>
    </message>
    <message>
        <source>The API at %1 takes requests without a key from anyone who can reach %2.</source>
        <translation>A API em %1 aceita requisições sem chave de qualquer um que alcance %2.</translation>
    </message>
    <message>
        <source>%1: llama.cpp&apos;s RPC stays on TCP, without a word, unless both ends were built with its RDMA transport (GGML_RPC_RDMA, on by default when libibverbs is found) and its probe finds the device whose GID is the connection&apos;s address (GGML_RDMA_DEV=%2); in a container it also needs /dev/infiniband and the locked-memory limit.</source>
        <translation>%1: o RPC do llama.cpp continua em TCP, sem avisar, a menos que as duas pontas tenham sido compiladas com o transporte RDMA dele (GGML_RPC_RDMA, ativado por padrão quando a libibverbs é encontrada) e a sondagem dele encontre o dispositivo cujo GID é o endereço da conexão (GGML_RDMA_DEV=%2); num contêiner, ele também precisa de /dev/infiniband e do limite de memória bloqueada.</translation>
    </message>
    <message>
        <source>no RDMA port found for the data plane</source>
        <translation>nenhuma porta RDMA encontrada para o plano de dados</translation>
    </message>
    <message>
        <source>the RDMA port has no traffic counters</source>
        <translation>a porta RDMA não tem contadores de tráfego</translation>
    </message>
    <message>
        <source>port counters</source>
        <translation>contadores das portas</translation>
    </message>
    <message>
        <source>The RDMA counters could not tell on %1.</source>
        <translation>Os contadores RDMA não foram conclusivos em %1.</translation>
    </message>
    <message>
        <source>llama.cpp: %1</source>
        <translation>llama.cpp: %1</translation>
    </message>
    <message>
        <source>RDMA activated</source>
        <translation>RDMA activated</translation>
    </message>
    <message>
        <source>no RDMA connection</source>
        <translation>nenhuma conexão RDMA</translation>
    </message>
    <message>
        <source>RCCL: %1%2</source>
        <translation>RCCL: %1%2</translation>
    </message>
    <message numerus="yes">
        <source>%n queue pair(s) of the job&apos;s processes</source>
        <translation>
            <numerusform>%n queue pair dos processos do job</numerusform>
            <numerusform>%n queue pairs dos processos do job</numerusform>
        </translation>
    </message>
    <message>
        <source>in effect: %1</source>
        <translation>em vigor: %1</translation>
    </message>
    <message>
        <source>llama.cpp&apos;s log</source>
        <translation>log do llama.cpp</translation>
    </message>
    <message>
        <source>RCCL&apos;s log</source>
        <translation>log do RCCL</translation>
    </message>
    <message>
        <source>queue pairs</source>
        <translation>queue pairs</translation>
    </message>
    <message>
        <source>RDMA carried the tensor-parallel traffic on every node (by %1).</source>
        <translation>O RDMA carregou o tráfego de paralelismo de tensor em todos os nós (com base em %1).</translation>
    </message>
    <message>
        <source>The tensor-parallel traffic went over TCP, not RDMA (by %1).</source>
        <translation>O tráfego de paralelismo de tensor passou por TCP, não por RDMA (com base em %1).</translation>
    </message>
    <message>
        <source>No traffic between the nodes during the smoke test (by %1): the model may not be split across them.</source>
        <translation>Nenhum tráfego entre os nós durante o teste rápido (com base em %1): o modelo pode não estar dividido entre eles.</translation>
    </message>
    <message>
        <source>It cannot be told whether RDMA was used on %1 (by %2).</source>
        <translation>Não é possível dizer se o RDMA foi usado em %1 (com base em %2).</translation>
    </message>
    <message>
        <source>RDMA on %1, but not on %2 (by %3); a successful job does not mix transports, so missing counters or other traffic on the port are likelier.</source>
        <translation>RDMA em %1, mas não em %2 (com base em %3); um job bem-sucedido não mistura transportes, então é mais provável que faltem contadores ou que haja outro tráfego na porta.</translation>
    </message>
    <message>
        <source>The concurrency levels are numbers from 1 to %1 such as 1,4,16; &apos;%2&apos; is not one.</source>
        <translation>Os níveis de concorrência são números de 1 a %1, como 1,4,16; &apos;%2&apos; não é um deles.</translation>
    </message>
    <message>
        <source>Give at least one concurrency level, such as 1,4,16.</source>
        <translation>Informe pelo menos um nível de concorrência, como 1,4,16.</translation>
    </message>
    <message>
        <source>RDMA against TCP for the job &apos;%1&apos; (%2 on %3), %4 tokens per answer, greedy (seed %5)</source>
        <translation>RDMA contra TCP para o job &apos;%1&apos; (%2 em %3), %4 tokens por resposta, gulosa (semente %5)</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>não executado</translation>
    </message>
    <message>
        <source>done</source>
        <translation>concluído</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>falhou: %1</translation>
    </message>
    <message>
        <source>; traffic: %1</source>
        <translation>; tráfego: %1</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>concorrência</translation>
    </message>
    <message>
        <source>RDMA tok/s</source>
        <translation>RDMA tok/s</translation>
    </message>
    <message>
        <source>TCP tok/s</source>
        <translation>TCP tok/s</translation>
    </message>
    <message>
        <source>speed-up</source>
        <translation>aceleração</translation>
    </message>
    <message>
        <source>TTFT p50 RDMA/TCP ms</source>
        <translation>TTFT p50 RDMA/TCP ms</translation>
    </message>
    <message>
        <source>ITL p50 RDMA/TCP ms</source>
        <translation>ITL p50 RDMA/TCP ms</translation>
    </message>
    <message>
        <source>ITL p99 RDMA/TCP ms</source>
        <translation>ITL p99 RDMA/TCP ms</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>The greedy outputs of both runs are the same.</source>
        <translation>As saídas gulosas das duas execuções são iguais.</translation>
    </message>
    <message>
        <source>The greedy outputs differ between the runs: one transport changed the results (or the server is not deterministic).</source>
        <translation>As saídas gulosas diferem entre as execuções: um transporte mudou os resultados (ou o servidor não é determinístico).</translation>
    </message>
    <message>
        <source>The outputs could not be compared (a run is missing or failed).</source>
        <translation>Não foi possível comparar as saídas (falta uma execução ou ela falhou).</translation>
    </message>
    <message>
        <source>Predicted before launch (%1, one sequence): RDMA %2 tok/s, TCP %3 tok/s</source>
        <translation>Previsto antes do início (%1, uma sequência): RDMA %2 tok/s, TCP %3 tok/s</translation>
    </message>
    <message>
        <source>, speed-up %1x</source>
        <translation>, aceleração %1x</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>A comparação falhou: %1</translation>
    </message>
    <message>
        <source>The job runs as it did before the comparison.</source>
        <translation>O job roda como rodava antes da comparação.</translation>
    </message>
    <message>
        <source>The job could not be put back as it was: %1</source>
        <translation>Não foi possível deixar o job como estava: %1</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>Não é possível criar %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Não é possível gravar %1: %2</translation>
    </message>
</context>
<context>
    <name>halolink::jobs::JobComparison</name>
    <message>
        <source>The job reads %1 from its secrets; HaloLink keeps no secrets, and the relaunches need them. Give them to the comparison.</source>
        <translation>O job lê %1 dos seus segredos; o HaloLink não guarda segredos, e os reinícios precisam deles. Informe-os à comparação.</translation>
    </message>
    <message>
        <source>Relaunching &apos;%1&apos; with %2 only.</source>
        <translation>Reiniciando &apos;%1&apos; somente com %2.</translation>
    </message>
    <message>
        <source>The relaunch with %1 failed: %2</source>
        <translation>O reinício com %1 falhou: %2</translation>
    </message>
    <message>
        <source>Benchmark of &apos;%1&apos; over %2.</source>
        <translation>Benchmark de &apos;%1&apos; sobre %2.</translation>
    </message>
    <message>
        <source>The benchmark over %1 failed: %2</source>
        <translation>O benchmark sobre %1 falhou: %2</translation>
    </message>
    <message>
        <source>Putting &apos;%1&apos; back as it was (%2).</source>
        <translation>Deixando &apos;%1&apos; como estava (%2).</translation>
    </message>
    <message>
        <source>TCP only</source>
        <translation>somente TCP</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Cancelling: the job will be put back as it was.</source>
        <translation>Cancelando: o job voltará a ser como estava.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>The comparison could not be kept: %1</source>
        <translation>Não foi possível guardar a comparação: %1</translation>
    </message>
    <message>
        <source>The nodes cannot be probed (no cluster).</source>
        <translation>Os nós não podem ser sondados (sem cluster).</translation>
    </message>
    <message>
        <source>%1 could not be probed: %2</source>
        <translation>Não foi possível sondar %1: %2</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>sem resposta</translation>
    </message>
    <message>
        <source>Probing %1 for the relaunch.</source>
        <translation>Sondando %1 para o reinício.</translation>
    </message>
    <message>
        <source>%1 is not connected: it cannot be probed for the relaunch.</source>
        <translation>%1 não está conectado: não pode ser sondado para o reinício.</translation>
    </message>
</context>
<context>
    <name>halolink::jobs::JobDiscovery</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>A job file on %1 is not readable: %2</source>
        <translation>Um arquivo de job em %1 não pode ser lido: %2</translation>
    </message>
</context>
<context>
    <name>halolink::jobs::JobLauncher</name>
    <message>
        <source>%1 is not connected over SSH.</source>
        <translation>%1 não está conectado por SSH.</translation>
    </message>
    <message>
        <source>the command failed</source>
        <translation>o comando falhou</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Nothing to launch.</source>
        <translation>Nada a iniciar.</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n node(s): runtime, model, ports, memory.</source>
        <translation>
            <numerusform>Verificando %n nó: runtime, modelo, portas, memória.</numerusform>
            <numerusform>Verificando %n nós: runtime, modelo, portas, memória.</numerusform>
        </translation>
    </message>
    <message>
        <source>the checks could not run: %1</source>
        <translation>as verificações não puderam rodar: %1</translation>
    </message>
    <message>
        <source>the image %1 is not there: pull it first (%2 pull %1).</source>
        <translation>a imagem %1 não está lá: baixe-a antes (%2 pull %1).</translation>
    </message>
    <message>
        <source>there is no toolbox container %1 (toolbox create %1).</source>
        <translation>não existe o contêiner de toolbox %1 (toolbox create %1).</translation>
    </message>
    <message>
        <source>%1 is not installed.</source>
        <translation>%1 não está instalado.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not found in the job&apos;s PATH%2.</source>
        <translation>&apos;%1&apos; não foi encontrado no PATH do job%2.</translation>
    </message>
    <message>
        <source> inside the toolbox %1</source>
        <translation> dentro do toolbox %1</translation>
    </message>
    <message>
        <source>the model %1 is not on this node (every node needs the weights locally).</source>
        <translation>o modelo %1 não está neste nó (cada nó precisa dos pesos localmente).</translation>
    </message>
    <message>
        <source>port %1 is in use; stop what listens there or choose another port.</source>
        <translation>a porta %1 está em uso; pare o que escuta nela ou escolha outra porta.</translation>
    </message>
    <message>
        <source>the job &apos;%1&apos; already runs here (%2): stop it first.</source>
        <translation>o job &apos;%1&apos; já está rodando aqui (%2): pare-o antes.</translation>
    </message>
    <message>
        <source>the model (%1) does not fit: this node&apos;s share of the weights alone is %2, and %3 of its %4 %5 is %6.</source>
        <translation>o modelo (%1) não cabe: só a parte dos pesos deste nó já ocupa %2, e %3 dos seus %4 de %5 são %6.</translation>
    </message>
    <message>
        <source>The weights&apos; share (%1) leaves little of %2 for the KV cache.</source>
        <translation>A parte dos pesos (%1) deixa pouco de %2 para o cache KV.</translation>
    </message>
    <message>
        <source>The job cannot start:
%1</source>
        <translation>O job não pode iniciar:
%1</translation>
    </message>
    <message>
        <source>Checks passed.</source>
        <translation>Verificações aprovadas.</translation>
    </message>
    <message>
        <source>%1: cannot write the job file: %2</source>
        <translation>%1: não é possível gravar o arquivo do job: %2</translation>
    </message>
    <message>
        <source>The job runs: %1/v1</source>
        <translation>O job está rodando: %1/v1</translation>
    </message>
    <message>
        <source>Starting %1: %2</source>
        <translation>Iniciando %1: %2</translation>
    </message>
    <message>
        <source>%1: %2 did not start: %3</source>
        <translation>%1: %2 não iniciou: %3</translation>
    </message>
    <message>
        <source>%1 started (%2); waiting until %3.</source>
        <translation>%1 iniciado (%2); aguardando: %3.</translation>
    </message>
    <message>
        <source>%1 on %2 ended while starting. The end of its log:
%3</source>
        <translation>%1 em %2 terminou durante a inicialização. O fim do log:
%3</translation>
    </message>
    <message>
        <source>%1 ready: %2</source>
        <translation>%1 pronto: %2</translation>
    </message>
    <message>
        <source>Not ready in time: %1%2</source>
        <translation>Não ficou pronto a tempo: %1%2</translation>
    </message>
    <message>
        <source> (last seen: %1)</source>
        <translation> (visto por último: %1)</translation>
    </message>
    <message>
        <source>/v1/models lists %1</source>
        <translation>/v1/models lista %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>Ray does not answer yet</source>
        <translation>o Ray ainda não responde</translation>
    </message>
    <message>
        <source>the Ray cluster has %1 of %2 nodes</source>
        <translation>o cluster Ray tem %1 de %2 nós</translation>
    </message>
    <message>
        <source>Stopping what was started on every node.</source>
        <translation>Parando o que foi iniciado em cada nó.</translation>
    </message>
    <message>
        <source>%1 could not be stopped: %2</source>
        <translation>%1 não pôde ser parado: %2</translation>
    </message>
    <message>
        <source>%1 stopped.</source>
        <translation>%1 parado.</translation>
    </message>
    <message>
        <source>Stopping the job &apos;%1&apos;.</source>
        <translation>Parando o job &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Some parts of the job could not be stopped (see the messages).</source>
        <translation>Algumas partes do job não puderam ser paradas (veja as mensagens).</translation>
    </message>
    <message>
        <source>Counters not read: %1</source>
        <translation>Contadores não lidos: %1</translation>
    </message>
    <message>
        <source>Smoke test: counters, %1 s of background, one chat completion, counters again.</source>
        <translation>Teste rápido: contadores, %1 s de tráfego de fundo, um chat completion, contadores de novo.</translation>
    </message>
    <message>
        <source>Chat completion through %1/v1 ...</source>
        <translation>Chat completion por %1/v1 ...</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>The smoke test failed: %1</source>
        <translation>O teste rápido falhou: %1</translation>
    </message>
    <message>
        <source>Likely cause: %1</source>
        <translation>Causa provável: %1</translation>
    </message>
    <message numerus="yes">
        <source>Answer: %n token(s), first after %1 ms, %2 tokens/s.</source>
        <translation>
            <numerusform>Resposta: %n token, o primeiro após %1 ms, %2 tokens/s.</numerusform>
            <numerusform>Resposta: %n tokens, o primeiro após %1 ms, %2 tokens/s.</numerusform>
        </translation>
    </message>
    <message>
        <source>rootless podman gives its containers the user&apos;s hard limit, </source>
        <translation>o podman rootless dá aos contêineres dele o limite rígido do usuário, </translation>
    </message>
    <message>
        <source>a toolbox keeps the limit it was created with, </source>
        <translation>um toolbox mantém o limite com que foi criado, </translation>
    </message>
    <message>
        <source>the locked-memory limit (ulimit -l%1) is %2 KiB, and RDMA needs %3: %4raise it, e.g. &apos;%5 soft memlock unlimited&apos; and &apos;%5 hard memlock unlimited&apos; in /etc/security/limits.d/, log in again%6, or launch TCP-only.</source>
        <translation>o limite de memória bloqueada (ulimit -l%1) é %2 KiB, e o RDMA precisa que seja %3: %4aumente-o, p. ex. com &apos;%5 soft memlock unlimited&apos; e &apos;%5 hard memlock unlimited&apos; em /etc/security/limits.d/, faça login novamente%6, ou inicie só com TCP.</translation>
    </message>
    <message>
        <source>unlimited or at least 1 GiB</source>
        <translation>ilimitado ou de pelo menos 1 GiB</translation>
    </message>
    <message>
        <source>at least %1 KiB</source>
        <translation>de pelo menos %1 KiB</translation>
    </message>
    <message>
        <source> and create the toolbox again</source>
        <translation> e crie o toolbox de novo</translation>
    </message>
    <message>
        <source>GID index %1 is no longer the RoCE v2 GID of %2 (it is now %3%4; the GID table changes when addresses do)%5: probe the node again before launching.</source>
        <translation>O índice de GID %1 não é mais o GID RoCE v2 de %2 (agora é %3%4; a tabela de GIDs muda quando os endereços mudam)%5: sonde o nó de novo antes de iniciar.</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>vazio</translation>
    </message>
    <message>
        <source>; no RoCE v2 GID holds that address now</source>
        <translation>; nenhum GID RoCE v2 tem esse endereço agora</translation>
    </message>
    <message>
        <source>; index %1 holds it now</source>
        <translation>; agora ele está no índice %1</translation>
    </message>
    <message>
        <source>No value for the secret %1 (a single line): nothing was started.</source>
        <translation>Nenhum valor para o segredo %1 (uma única linha): nada foi iniciado.</translation>
    </message>
    <message>
        <source>The API key could not be read from the server on %1: %2</source>
        <translation>Não foi possível ler a chave de API do servidor em %1: %2</translation>
    </message>
    <message>
        <source>RDMA did not come up between the nodes:
%1
RCCL&apos;s lines:
%2</source>
        <translation>O RDMA não subiu entre os nós:
%1
Linhas do RCCL:
%2</translation>
    </message>
    <message>
        <source>see RCCL&apos;s lines below</source>
        <translation>veja as linhas do RCCL abaixo</translation>
    </message>
    <message>
        <source>Nothing of the job &apos;%1&apos; was started: nothing to stop.</source>
        <translation>Nada do job &apos;%1&apos; foi iniciado: nada a parar.</translation>
    </message>
    <message>
        <source>%1 on %2 has ended. The end of its log:
%3</source>
        <translation>%1 em %2 terminou. O fim do seu log:
%3</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(vazio)</translation>
    </message>
    <message>
        <source>Serving benchmark: concurrency %1, %2 tokens per answer, greedy (seed %3).</source>
        <translation>Benchmark de serviço: concorrência %1, %2 tokens por resposta, gulosa (semente %3).</translation>
    </message>
    <message>
        <source>Benchmark through %1/v1 ...</source>
        <translation>Benchmark por %1/v1 ...</translation>
    </message>
    <message numerus="yes">
        <source>Benchmark done: %n concurrency level(s).</source>
        <translation>
            <numerusform>Benchmark concluído: %n nível de concorrência.</numerusform>
            <numerusform>Benchmark concluído: %n níveis de concorrência.</numerusform>
        </translation>
    </message>
    <message>
        <source>The benchmark failed: %1</source>
        <translation>O benchmark falhou: %1</translation>
    </message>
</context>
<context>
    <name>halolink::setup</name>
    <message>
        <source>No network interface besides the one carrying the SSH connection: the data plane needs its own.</source>
        <translation>Nenhuma interface de rede além da que carrega a conexão SSH: o plano de dados precisa de uma própria.</translation>
    </message>
    <message>
        <source>%1 has the RDMA device %2 (%3) and does not carry the SSH connection.</source>
        <translation>%1 tem o dispositivo RDMA %2 (%3) e não carrega a conexão SSH.</translation>
    </message>
    <message>
        <source>transport unknown</source>
        <translation>transporte desconhecido</translation>
    </message>
    <message>
        <source>%1 has no RDMA device; RDMA there needs Soft-RoCE (software, much slower than a RoCE NIC).</source>
        <translation>%1 não tem dispositivo RDMA; lá o RDMA precisa do Soft-RoCE (em software, bem mais lento que uma NIC RoCE).</translation>
    </message>
    <message>
        <source>A cluster needs at least two nodes.</source>
        <translation>Um cluster precisa de pelo menos dois nós.</translation>
    </message>
    <message>
        <source>At most 64 nodes.</source>
        <translation>No máximo 64 nós.</translation>
    </message>
    <message>
        <source>A direct cable joins exactly two nodes; with %1 nodes choose a switch.</source>
        <translation>Um cabo direto liga exatamente dois nós; com %1 nós, escolha um switch.</translation>
    </message>
    <message>
        <source>MTU %1 is out of range: 1280 to 9216.</source>
        <translation>A MTU %1 está fora do intervalo: 1280 a 9216.</translation>
    </message>
    <message>
        <source>MTU %1 below 4200 limits RDMA to 1024- or 2048-byte packets; 9000 is usual.</source>
        <translation>Uma MTU de %1, abaixo de 4200, limita o RDMA a pacotes de 1024 ou 2048 bytes; 9000 é o usual.</translation>
    </message>
    <message>
        <source>DSCP %1 is out of range: 0 to 63.</source>
        <translation>O DSCP %1 está fora do intervalo: 0 a 63.</translation>
    </message>
    <message>
        <source>PFC priority %1 is out of range: 0 to 7.</source>
        <translation>A prioridade PFC %1 está fora do intervalo: 0 a 7.</translation>
    </message>
    <message>
        <source>The rollback timer must be 30 s to 24 h.</source>
        <translation>O temporizador de reversão deve ficar entre 30 s e 24 h.</translation>
    </message>
    <message>
        <source>%1: choose the data-plane interface.</source>
        <translation>%1: escolha a interface do plano de dados.</translation>
    </message>
    <message>
        <source>%1 has no interface %2.</source>
        <translation>%1 não tem a interface %2.</translation>
    </message>
    <message>
        <source>%1: %2 carries the SSH connection HaloLink uses; the data plane needs another interface.</source>
        <translation>%1: %2 carrega a conexão SSH que o HaloLink usa; o plano de dados precisa de outra interface.</translation>
    </message>
    <message>
        <source>%1: %2 has no RDMA device. Choose the RDMA NIC, or allow Soft-RoCE (software RDMA, for testing).</source>
        <translation>%1: %2 não tem dispositivo RDMA. Escolha a NIC RDMA ou permita o Soft-RoCE (RDMA em software, para testes).</translation>
    </message>
    <message>
        <source>%1: %2 is InfiniBand; RoCE v2 configuration is for Ethernet ports.</source>
        <translation>%1: %2 é InfiniBand; a configuração RoCE v2 é para portas Ethernet.</translation>
    </message>
    <message>
        <source>%1: give the data-plane address as a.b.c.d/prefix.</source>
        <translation>%1: informe o endereço do plano de dados como a.b.c.d/prefixo.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not an IPv4 address with a prefix (a.b.c.d/prefix).</source>
        <translation>%1: &apos;%2&apos; não é um endereço IPv4 com prefixo (a.b.c.d/prefixo).</translation>
    </message>
    <message>
        <source>%1: prefix /%2 is out of range: /8 to /30.</source>
        <translation>%1: o prefixo /%2 está fora do intervalo: /8 a /30.</translation>
    </message>
    <message>
        <source>%1: %2 is the %3 address of its subnet.</source>
        <translation>%1: %2 é o endereço de %3 da sua sub-rede.</translation>
    </message>
    <message>
        <source>network</source>
        <translation>rede</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>broadcast</translation>
    </message>
    <message>
        <source>%1: %2 is not a usable unicast address.</source>
        <translation>%1: %2 não é um endereço unicast utilizável.</translation>
    </message>
    <message>
        <source>%1: %2 overlaps the management network %3 (%4 on %5); use another subnet.</source>
        <translation>%1: %2 se sobrepõe à rede de gerência %3 (%4 em %5); use outra sub-rede.</translation>
    </message>
    <message>
        <source>%1: %2 overlaps %3 on %4 of %5.</source>
        <translation>%1: %2 se sobrepõe a %3 em %4 de %5.</translation>
    </message>
    <message>
        <source>%1 and %2 both have %3.</source>
        <translation>%1 e %2 têm ambos %3.</translation>
    </message>
    <message>
        <source>%1 (%2) and %3 (%4) are in different subnets; each reaches the other through a host route, which works on one cable or switch but is unusual.</source>
        <translation>%1 (%2) e %3 (%4) estão em sub-redes diferentes; cada um alcança o outro por uma rota de host, o que funciona num mesmo cabo ou switch, mas é incomum.</translation>
    </message>
    <message>
        <source>No QoS: RoCE traffic shares the link with everything else and relies on link flow control, or on nothing. On a quiet direct cable that works; under load, drops make RDMA retransmit and slow down sharply.</source>
        <translation>Sem QoS: o tráfego RoCE divide o enlace com todo o resto e depende do controle de fluxo do enlace, ou de nada. Num cabo direto sem outro tráfego isso funciona; sob carga, os descartes fazem o RDMA retransmitir e ficar muito mais lento.</translation>
    </message>
    <message>
        <source>RDMA packets are marked DSCP %1 (ToS %2%3) and mapped to priority %4; priority flow control (PFC) pauses only that priority when a receiver fills up, so RDMA is not dropped while other traffic is not held up.%5</source>
        <translation>Os pacotes RDMA são marcados com DSCP %1 (ToS %2%3) e mapeados para a prioridade %4; o controle de fluxo por prioridade (PFC) pausa só essa prioridade quando um receptor enche, assim o RDMA não sofre descartes e o resto do tráfego não fica retido.%5</translation>
    </message>
    <message>
        <source>, ECN-capable</source>
        <translation>, com ECN</translation>
    </message>
    <message>
        <source> ECN lets a congested switch or NIC mark packets instead of dropping them, and the sender slows down (where the driver supports it).</source>
        <translation> O ECN permite que um switch ou uma NIC congestionada marque os pacotes em vez de descartá-los, e o remetente desacelera (onde o driver suporta).</translation>
    </message>
    <message>
        <source>Add amdgpu.gttsize and ttm.pages_limit to the kernel command line so the GPU can use most of the memory.</source>
        <translation>Adicione amdgpu.gttsize e ttm.pages_limit à linha de comando do kernel para que a GPU possa usar a maior parte da memória.</translation>
    </message>
    <message>
        <source>Add &apos;amdgpu.gttsize=%1 ttm.pages_limit=%2&apos; to the kernel command line (about %3 GiB for the GPU, 4 GiB left to the system), then reboot.</source>
        <translation>Adicione &apos;amdgpu.gttsize=%1 ttm.pages_limit=%2&apos; à linha de comando do kernel (cerca de %3 GiB para a GPU, 4 GiB ficam para o sistema) e reinicie.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>aviso</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>falha</translation>
    </message>
    <message>
        <source>Data plane apart from management</source>
        <translation>Plano de dados separado da gerência</translation>
    </message>
    <message>
        <source>No interface other than the one carrying SSH.</source>
        <translation>Nenhuma interface além da que carrega o SSH.</translation>
    </message>
    <message>
        <source>Connect the RDMA NIC (or a second NIC) and keep SSH on the management network.</source>
        <translation>Conecte a NIC RDMA (ou uma segunda NIC) e mantenha o SSH na rede de gerência.</translation>
    </message>
    <message>
        <source>Data plane on %1; SSH stays on its own interface, which configuration never touches.</source>
        <translation>Plano de dados em %1; o SSH fica na sua própria interface, na qual a configuração nunca mexe.</translation>
    </message>
    <message>
        <source>rdma-core (libibverbs, librdmacm)</source>
        <translation>rdma-core (libibverbs, librdmacm)</translation>
    </message>
    <message>
        <source>Install rdma-core: Debian/Ubuntu &apos;apt install rdma-core ibverbs-providers librdmacm1&apos;, Fedora &apos;dnf install rdma-core libibverbs librdmacm&apos;.</source>
        <translation>Instale o rdma-core: Debian/Ubuntu &apos;apt install rdma-core ibverbs-providers librdmacm1&apos;, Fedora &apos;dnf install rdma-core libibverbs librdmacm&apos;.</translation>
    </message>
    <message>
        <source>RDMA device and driver</source>
        <translation>Dispositivo e driver RDMA</translation>
    </message>
    <message>
        <source>No RDMA device; a Soft-RoCE device will be created on %1 (allowed for this setup).</source>
        <translation>Nenhum dispositivo RDMA; um dispositivo Soft-RoCE será criado em %1 (permitido nesta configuração).</translation>
    </message>
    <message>
        <source>Load the NIC&apos;s RDMA driver (irdma for Intel E810, mlx5_ib for ConnectX) and check &apos;rdma link&apos;; or allow Soft-RoCE for a test setup without RDMA NICs.</source>
        <translation>Carregue o driver RDMA da NIC (irdma para Intel E810, mlx5_ib para ConnectX) e confira &apos;rdma link&apos;; ou permita o Soft-RoCE numa configuração de teste sem NICs RDMA.</translation>
    </message>
    <message>
        <source>RDMA mode (RoCE v2, not iWARP)</source>
        <translation>Modo RDMA (RoCE v2, não iWARP)</translation>
    </message>
    <message>
        <source>%1 runs iWARP; the configuration switches it to RoCE v2 (devlink enable_roce).</source>
        <translation>%1 usa iWARP; a configuração o muda para RoCE v2 (devlink enable_roce).</translation>
    </message>
    <message>
        <source>Not the data interface: left as it is.</source>
        <translation>Não é a interface de dados: fica como está.</translation>
    </message>
    <message>
        <source>RDMA port state</source>
        <translation>Estado da porta RDMA</translation>
    </message>
    <message>
        <source>%1 is not ACTIVE yet; configuration brings %2 up.</source>
        <translation>%1 ainda não está ACTIVE; a configuração ativa %2.</translation>
    </message>
    <message>
        <source>If it stays down afterwards, check the cable and the link partner (ethtool %1).</source>
        <translation>Se continuar inativa depois, confira o cabo e o outro lado do enlace (ethtool %1).</translation>
    </message>
    <message>
        <source>%1 is not ACTIVE; it is not on the data interface and is not used.</source>
        <translation>%1 não está ACTIVE; não está na interface de dados e não é usada.</translation>
    </message>
    <message>
        <source>RoCE v2 GID</source>
        <translation>GID RoCE v2</translation>
    </message>
    <message>
        <source>No RoCE v2 IPv4 GID yet on %1: it appears when the data address is configured, and its index is detected then, never assumed.</source>
        <translation>Ainda não há GID IPv4 RoCE v2 em %1: ele aparece quando o endereço de dados é configurado, e seu índice é detectado então, nunca presumido.</translation>
    </message>
    <message>
        <source>%1 has no RoCE v2 IPv4 GID; it is not on the data interface.</source>
        <translation>%1 não tem GID IPv4 RoCE v2; não está na interface de dados.</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>%1 has a small MTU now; configuration sets the MTU you choose (9000 by default).</source>
        <translation>%1 tem uma MTU pequena agora; a configuração define a MTU que você escolher (9000 por padrão).</translation>
    </message>
    <message>
        <source>PCIe link width</source>
        <translation>Largura do enlace PCIe</translation>
    </message>
    <message>
        <source>PCIe link speed</source>
        <translation>Velocidade do enlace PCIe</translation>
    </message>
    <message>
        <source>The NIC cannot move more than the PCIe link allows. A slot wired x4 (common on small boards) caps a 100 GbE NIC near 50 Gbit/s; use a full-width slot if the board has one, or expect that ceiling in the verification.</source>
        <translation>A NIC não transfere mais do que o enlace PCIe permite. Um slot com ligação x4 (comum em placas pequenas) limita uma NIC de 100 GbE a cerca de 50 Gbit/s; use um slot de largura total se a placa tiver um, ou espere esse teto na verificação.</translation>
    </message>
    <message>
        <source>GPU memory (GTT) kernel parameters</source>
        <translation>Parâmetros do kernel para a memória da GPU (GTT)</translation>
    </message>
    <message>
        <source>(amdgpu.gttsize=%1 on the command line)</source>
        <translation>(amdgpu.gttsize=%1 na linha de comando)</translation>
    </message>
    <message>
        <source>IOMMU mode</source>
        <translation>Modo da IOMMU</translation>
    </message>
    <message>
        <source>Add &apos;iommu=pt&apos; (or &apos;amd_iommu=off&apos;) to the kernel command line and reboot.</source>
        <translation>Adicione &apos;iommu=pt&apos; (ou &apos;amd_iommu=off&apos;) à linha de comando do kernel e reinicie.</translation>
    </message>
    <message>
        <source>Firewall on the data port</source>
        <translation>Firewall na porta de dados</translation>
    </message>
    <message>
        <source>Put the data interface into the trusted zone.</source>
        <translation>Coloque a interface de dados na zona confiável (trusted).</translation>
    </message>
    <message>
        <source>As root: firewall-cmd --permanent --zone=trusted --add-interface=%1 &amp;&amp; firewall-cmd --reload</source>
        <translation>Como root: firewall-cmd --permanent --zone=trusted --add-interface=%1 &amp;&amp; firewall-cmd --reload</translation>
    </message>
    <message>
        <source>Management on an RDMA NIC</source>
        <translation>Gerência numa NIC RDMA</translation>
    </message>
    <message>
        <source>Configuration never touches it. Reach the node over another network so the RDMA NIC can carry the data plane.</source>
        <translation>A configuração nunca mexe nela. Acesse o nó por outra rede para que a NIC RDMA possa carregar o plano de dados.</translation>
    </message>
    <message>
        <source>NIC driver and firmware</source>
        <translation>Driver e firmware da NIC</translation>
    </message>
    <message>
        <source>driver %1, firmware %2%3</source>
        <translation>driver %1, firmware %2%3</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>, RDMA device %1 (%2)</source>
        <translation>, dispositivo RDMA %1 (%2)</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>&apos;ethtool -i %1&apos; shows no firmware version; an old NVM can lack RoCE v2 features, update it with Intel&apos;s NVM update tool if in doubt.</source>
        <translation>&apos;ethtool -i %1&apos; não mostra versão de firmware; uma NVM antiga pode não ter recursos do RoCE v2, atualize-a com a ferramenta de atualização de NVM da Intel se tiver dúvida.</translation>
    </message>
    <message>
        <source>ROCm and GPU</source>
        <translation>ROCm e GPU</translation>
    </message>
    <message>
        <source>(target unknown)</source>
        <translation>(alvo desconhecido)</translation>
    </message>
    <message>
        <source>No AMD GPU found (amdgpu not loaded?).</source>
        <translation>Nenhuma GPU AMD encontrada (amdgpu não carregado?).</translation>
    </message>
    <message>
        <source>Inference jobs need the GPU: check that the amdgpu driver is loaded.</source>
        <translation>Os jobs de inferência precisam da GPU: confira se o driver amdgpu está carregado.</translation>
    </message>
    <message>
        <source>%1; ROCm SMI not found on the host.</source>
        <translation>%1; ROCm SMI não encontrado no host.</translation>
    </message>
    <message>
        <source>Fine when jobs run in a ROCm container (the usual way); install ROCm on the host for GPU power and temperature readings.</source>
        <translation>Tudo bem se os jobs rodam num contêiner ROCm (o jeito usual); instale o ROCm no host para ler potência e temperatura da GPU.</translation>
    </message>
    <message>
        <source>%1; ROCm SMI present.</source>
        <translation>%1; ROCm SMI presente.</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Relógio</translation>
    </message>
    <message>
        <source>Not measured.</source>
        <translation>Não medido.</translation>
    </message>
    <message>
        <source>%1 ms %2 this computer.</source>
        <translation>%1 ms %2 em relação a este computador.</translation>
    </message>
    <message>
        <source>ahead of</source>
        <translation>adiantado</translation>
    </message>
    <message>
        <source>behind</source>
        <translation>atrasado</translation>
    </message>
    <message>
        <source>Enable time sync (chrony or systemd-timesyncd); a clock this far off breaks TLS, model downloads and cluster timeouts.</source>
        <translation>Ative a sincronização de horário (chrony ou systemd-timesyncd); um relógio tão defasado quebra o TLS, os downloads de modelos e os timeouts do cluster.</translation>
    </message>
    <message>
        <source>Enable time sync (chrony or systemd-timesyncd) so logs and latency charts line up.</source>
        <translation>Ative a sincronização de horário (chrony ou systemd-timesyncd) para que os logs e os gráficos de latência fiquem alinhados.</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>não iniciado</translation>
    </message>
    <message>
        <source>planning…</source>
        <translation>planejando…</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>planejado</translation>
    </message>
    <message>
        <source>applying…</source>
        <translation>aplicando…</translation>
    </message>
    <message>
        <source>applied, awaiting confirmation</source>
        <translation>aplicado, aguardando confirmação</translation>
    </message>
    <message>
        <source>verifying…</source>
        <translation>verificando…</translation>
    </message>
    <message>
        <source>verified, awaiting confirmation</source>
        <translation>verificado, aguardando confirmação</translation>
    </message>
    <message>
        <source>confirming…</source>
        <translation>confirmando…</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>confirmado</translation>
    </message>
    <message>
        <source>rolling back…</source>
        <translation>revertendo…</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>revertido</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>Soft-RoCE has no PFC and HaloLink changes no QoS there: RDMA connections keep the default ToS.</source>
        <translation>O Soft-RoCE não tem PFC e o HaloLink não altera a QoS nele: as conexões RDMA mantêm o ToS padrão.</translation>
    </message>
    <message>
        <source>only the ToS of RDMA connections is set (rdma_cm&apos;s default ToS %1: DSCP %2%3), which a switch can use to prioritise them; nothing pauses, and losses are retransmitted by Soft-RoCE itself.</source>
        <extracomment>%1 ToS value, %2 DSCP value, %3 &quot;, ECN-capable&quot; or nothing</extracomment>
        <translation>só o ToS das conexões RDMA é definido (ToS padrão do rdma_cm %1: DSCP %2%3), que um switch pode usar para priorizá-las; nada é pausado, e as perdas são retransmitidas pelo próprio Soft-RoCE.</translation>
    </message>
    <message>
        <source>Soft-RoCE has no PFC: its plan sets no priority flow control and no DSCP-to-priority mapping; %1</source>
        <translation>O Soft-RoCE não tem PFC: o plano dele não define controle de fluxo por prioridade nem mapeamento de DSCP para prioridade; %1</translation>
    </message>
    <message>
        <source>Soft-RoCE has no PFC: on %1 (Soft-RoCE) the plan sets no priority flow control and no DSCP-to-priority mapping; %2</source>
        <translation>O Soft-RoCE não tem PFC: em %1 (Soft-RoCE), o plano não define controle de fluxo por prioridade nem mapeamento de DSCP para prioridade; %2</translation>
    </message>
    <message>
        <source>none (left as it is)</source>
        <translation>nenhuma (deixada como está)</translation>
    </message>
    <message>
        <source>DSCP %1 → priority %2</source>
        <translation>DSCP %1 → prioridade %2</translation>
    </message>
    <message>
        <source>PFC on priority %1</source>
        <translation>PFC na prioridade %1</translation>
    </message>
    <message>
        <source>ToS %1 for RDMA connections</source>
        <translation>ToS %1 para as conexões RDMA</translation>
    </message>
    <message>
        <source>this plan sets none of it</source>
        <translation>este plano não define nada disso</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>não se aplica</translation>
    </message>
    <message>
        <source>Ethernet link speed</source>
        <translation>Velocidade do enlace Ethernet</translation>
    </message>
    <message>
        <source>Both ends support a faster mode than the link runs at: check the cable or transceiver (a cable rated for less negotiates down), that no speed was forced on either end, and that the NIC advertises that mode (ethtool IF lists what it advertises; ethtool -s changes it).</source>
        <translation>As duas pontas suportam um modo mais rápido do que o enlace usa: verifique o cabo ou o transceptor (um cabo de especificação menor negocia uma velocidade menor), se nenhuma velocidade foi fixada em uma das pontas e se a NIC anuncia esse modo (ethtool IF lista o que ela anuncia; ethtool -s o altera).</translation>
    </message>
</context>
<context>
    <name>halolink::setup::ClusterVerifier</name>
    <message>
        <source>A verification is running already.</source>
        <translation>Uma verificação já está em andamento.</translation>
    </message>
    <message>
        <source>The kept cluster has fewer than two nodes: there is nothing to measure between.</source>
        <translation>O cluster guardado tem menos de dois nós: não há entre o que medir.</translation>
    </message>
    <message>
        <source>%1 of the kept cluster is no longer in the node list: change the cluster instead (Change This Cluster…).</source>
        <translation>%1, do cluster guardado, não está mais na lista de nós: em vez disso, altere o cluster (Alterar este cluster…).</translation>
    </message>
    <message>
        <source>The kept cluster has no data plane for %1: change the cluster instead.</source>
        <translation>O cluster guardado não tem plano de dados para %1: em vez disso, altere o cluster.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>measuring (%1 of %2): %3</source>
        <extracomment>%1 done, %2 of how many, %3 what runs now</extracomment>
        <translation>medindo (%1 de %2): %3</translation>
    </message>
    <message>
        <source>Not measured: the verification stopped before the pairs were measured; the kept results stay as they were.</source>
        <translation>Não medido: a verificação parou antes de os pares serem medidos; os resultados guardados continuam como estavam.</translation>
    </message>
    <message>
        <source>Measured, but not kept: the cluster was set up anew meanwhile.</source>
        <translation>Medido, mas não guardado: o cluster foi configurado de novo nesse meio-tempo.</translation>
    </message>
    <message>
        <source>Measured, but the result could not be saved: %1</source>
        <translation>Medido, mas não foi possível salvar o resultado: %1</translation>
    </message>
    <message>
        <source>Verified again: every check and pair passed.</source>
        <translation>Verificado de novo: todas as verificações e todos os pares passaram.</translation>
    </message>
    <message>
        <source>Verified again: not every check or pair passed (see the pairs).</source>
        <translation>Verificado de novo: nem todas as verificações ou pares passaram (veja os pares).</translation>
    </message>
</context>
<context>
    <name>halolink::setup::SavedSetup</name>
    <message>
        <source>not a HaloLink cluster setup record</source>
        <translation>não é um registro de configuração de cluster do HaloLink</translation>
    </message>
    <message>
        <source>cluster setup record version %1 is not supported</source>
        <translation>a versão %1 do registro de configuração do cluster não é suportada</translation>
    </message>
    <message>
        <source>a node of the cluster setup record has no id</source>
        <translation>um nó do registro de configuração do cluster não tem id</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>não é possível gravar %1: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 não é um JSON válido: %2</translation>
    </message>
</context>
<context>
    <name>halolink::setup::SetupController</name>
    <message>
        <source>restarting the agent so that it lets go of the Soft-RoCE device</source>
        <translation>reiniciando o agente para que ele libere o dispositivo Soft-RoCE</translation>
    </message>
    <message>
        <source>%1 is not connected.</source>
        <translation>%1 não está conectado.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>sudo on %1 does not let this user run the engine as root; nothing was run. Allow it in the node&apos;s sudoers or connect as root. (%2)</source>
        <translation>O sudo em %1 não permite que este usuário execute o engine como root; nada foi executado. Permita isso no sudoers do nó ou conecte como root. (%2)</translation>
    </message>
    <message>
        <source>plan: %1 steps, %2 to run</source>
        <translation>plano: %1 etapas, %2 a executar</translation>
    </message>
    <message>
        <source>apply ended without awaiting confirmation</source>
        <translation>a aplicação terminou sem aguardar confirmação</translation>
    </message>
    <message>
        <source>apply failed: %1 — the steps already applied were rolled back</source>
        <translation>a aplicação falhou: %1 — as etapas já aplicadas foram revertidas</translation>
    </message>
    <message>
        <source>apply failed: %1</source>
        <translation>a aplicação falhou: %1</translation>
    </message>
    <message>
        <source>checks failed: %1</source>
        <translation>as verificações falharam: %1</translation>
    </message>
    <message>
        <source>verify: all checks pass</source>
        <translation>verificação: todas as verificações passaram</translation>
    </message>
    <message>
        <source>verify: %1</source>
        <translation>verificação: %1</translation>
    </message>
    <message>
        <source>verify failed: %1</source>
        <translation>a verificação falhou: %1</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>confirmado</translation>
    </message>
    <message>
        <source>confirm failed: %1</source>
        <translation>a confirmação falhou: %1</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>status: %1</translation>
    </message>
    <message>
        <source>status: %1%2</source>
        <translation>status: %1%2</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>revertido</translation>
    </message>
    <message>
        <source>rollback failed: %1</source>
        <translation>a reversão falhou: %1</translation>
    </message>
    <message>
        <source>No sudo password given: %1 was not changed.</source>
        <translation>Nenhuma senha do sudo foi informada: %1 não foi alterado.</translation>
    </message>
    <message>
        <source>reflector: %1</source>
        <translation>refletor: %1</translation>
    </message>
    <message>
        <source>%1 → %2: %3 %4</source>
        <translation>%1 → %2: %3 %4</translation>
    </message>
    <message>
        <source>%1 is not connected</source>
        <translation>%1 não está conectado</translation>
    </message>
    <message>
        <source>no reflector on %1</source>
        <translation>nenhum refletor em %1</translation>
    </message>
    <message>
        <source>no address for %1</source>
        <translation>nenhum endereço para %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 falhou: %2</translation>
    </message>
    <message>
        <source>one-way p50 %1</source>
        <translation>p50 unidirecional %1</translation>
    </message>
    <message>
        <source>no figure</source>
        <translation>sem valor de referência</translation>
    </message>
    <message>
        <source>the %1 Gbit/s link</source>
        <translation>o enlace de %1 Gbit/s</translation>
    </message>
    <message>
        <source>PCIe x%1 at %2 GT/s on %3</source>
        <translation>PCIe x%1 a %2 GT/s em %3</translation>
    </message>
    <message>
        <source>Soft-RoCE (software RDMA): no hardware figures to expect; RDMA must work, and may well be slower than TCP.</source>
        <translation>Soft-RoCE (RDMA em software): não há valores de hardware a esperar; o RDMA precisa funcionar e pode muito bem ser mais lento que o TCP.</translation>
    </message>
    <message>
        <source>RoCE NIC (E810): about 5 µs one way</source>
        <translation>NIC RoCE (E810): cerca de 5 µs em um sentido</translation>
    </message>
    <message>
        <source>RoCE NIC: a few µs one way</source>
        <translation>NIC RoCE: alguns µs em um sentido</translation>
    </message>
    <message>
        <source>, RDMA bandwidth up to about %1 (%2)</source>
        <translation>, largura de banda RDMA de até cerca de %1 (%2)</translation>
    </message>
    <message>
        <source>TCP latency</source>
        <translation>latência TCP</translation>
    </message>
    <message>
        <source>RDMA latency</source>
        <translation>latência RDMA</translation>
    </message>
    <message>
        <source>TCP bandwidth</source>
        <translation>largura de banda TCP</translation>
    </message>
    <message>
        <source>RDMA bandwidth</source>
        <translation>largura de banda RDMA</translation>
    </message>
    <message>
        <source>RDMA one-way latency %1 is far above a RoCE NIC&apos;s few µs: check flow control (PFC), MTU and that the RDMA port is the data-plane one.</source>
        <translation>A latência RDMA em um sentido, %1, está muito acima dos poucos µs de uma NIC RoCE: confira o controle de fluxo (PFC), a MTU e se a porta RDMA é a do plano de dados.</translation>
    </message>
    <message>
        <source>RDMA is slower than TCP between these nodes.</source>
        <translation>O RDMA está mais lento que o TCP entre estes nós.</translation>
    </message>
    <message>
        <source>RDMA bandwidth %1 is under half of what %2 allows.</source>
        <translation>A largura de banda RDMA de %1 é menos da metade do que %2 permite.</translation>
    </message>
    <message>
        <source>not a HaloLink setup file</source>
        <translation>não é um arquivo de configuração do HaloLink</translation>
    </message>
    <message>
        <source>setup file version %1 is not supported</source>
        <translation>a versão %1 do arquivo de configuração não é suportada</translation>
    </message>
    <message>
        <source>node &apos;%1&apos; is no longer in the inventory</source>
        <translation>o nó &apos;%1&apos; não está mais no inventário</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 não é um JSON válido: %2</translation>
    </message>
    <message>
        <source>planning: the engine reads the node and lists the steps it would take</source>
        <translation>planejamento: o engine lê o nó e lista as etapas que executaria</translation>
    </message>
    <message numerus="yes">
        <source>applying the plan; the node undoes it by itself %n second(s) after the last step unless it is confirmed</source>
        <translation>
            <numerusform>aplicando o plano; o nó o desfaz sozinho %n segundo após a última etapa, a menos que ele seja confirmado</numerusform>
            <numerusform>aplicando o plano; o nó o desfaz sozinho %n segundos após a última etapa, a menos que ele seja confirmado</numerusform>
        </translation>
    </message>
    <message>
        <source>verifying: the engine checks the configuration on the node</source>
        <translation>verificação: o engine confere a configuração no nó</translation>
    </message>
    <message>
        <source>confirming: the node keeps the change and stops its rollback timer</source>
        <translation>confirmação: o nó mantém a alteração e para o seu temporizador de reversão</translation>
    </message>
    <message>
        <source>rolling back: the node undoes every applied step from its journal</source>
        <translation>reversão: o nó desfaz cada etapa aplicada a partir do seu diário</translation>
    </message>
    <message>
        <source>asking the node where its last change stands</source>
        <translation>perguntando ao nó em que pé está a sua última alteração</translation>
    </message>
    <message>
        <source>applied; it will be rolled back at %1 unless you confirm</source>
        <translation>aplicado; será revertido às %1, a menos que você confirme</translation>
    </message>
    <message>
        <source>done</source>
        <translation>concluído</translation>
    </message>
    <message>
        <source>already in place, skipped</source>
        <translation>já em vigor, pulado</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>step %1 of %2 (%3): %4</source>
        <extracomment>%1 the step&apos;s number, %2 how many, %3 its id (mtu, address, roce_tos, ...), %4 what happened</extracomment>
        <translation>etapa %1 de %2 (%3): %4</translation>
    </message>
    <message>
        <source>undid step %1 (%2)</source>
        <translation>etapa %1 desfeita (%2)</translation>
    </message>
    <message>
        <source>could not undo step %1 (%2)</source>
        <translation>não foi possível desfazer a etapa %1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>halolink::ssh</name>
    <message>
        <source>directory</source>
        <translation>diretório</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>user</source>
        <translation>usuário</translation>
    </message>
    <message>
        <source>identity file</source>
        <translation>arquivo de identidade</translation>
    </message>
    <message>
        <source>known_hosts file</source>
        <translation>arquivo known_hosts</translation>
    </message>
    <message>
        <source>global known_hosts file</source>
        <translation>arquivo known_hosts global</translation>
    </message>
    <message>
        <source>agent socket</source>
        <translation>socket do agente</translation>
    </message>
    <message>
        <source>unknown libssh error</source>
        <translation>erro desconhecido da libssh</translation>
    </message>
    <message>
        <source>Cannot set the SSH %1 &quot;%2&quot;: %3</source>
        <translation>Não é possível definir o %1 do SSH &quot;%2&quot;: %3</translation>
    </message>
    <message>
        <source>No host given.</source>
        <translation>Nenhum host informado.</translation>
    </message>
    <message>
        <source>Cannot set the SSH port %1.</source>
        <translation>Não é possível definir a porta SSH %1.</translation>
    </message>
    <message>
        <source>The server sent no host key: %1</source>
        <translation>O servidor não enviou chave de host: %1</translation>
    </message>
    <message>
        <source>Cannot hash the host key: %1</source>
        <translation>Não é possível calcular o hash da chave do host: %1</translation>
    </message>
    <message>
        <source>Cannot format the host key fingerprint.</source>
        <translation>Não é possível formatar a impressão digital da chave do host.</translation>
    </message>
    <message>
        <source>Cannot read the SSH config %1: %2</source>
        <translation>Não é possível ler a configuração SSH %1: %2</translation>
    </message>
    <message>
        <source>No SSH user: none in %1 and the local account has no name: %2</source>
        <translation>Nenhum usuário SSH: nenhum em %1 e a conta local não tem nome: %2</translation>
    </message>
</context>
<context>
    <name>halolink::ui::AdviceView</name>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>Advice: does it fit, which split, how fast</source>
        <translation>Orientação: se cabe, qual divisão, com que velocidade</translation>
    </message>
    <message>
        <source>Read the Model&apos;s Sh&amp;ape</source>
        <translation>&amp;Ler a estrutura do modelo</translation>
    </message>
    <message>
        <source>Read the model&apos;s shape on the head</source>
        <translation>Ler a estrutura do modelo no nó principal</translation>
    </message>
    <message>
        <source>Read the model&apos;s files on the head (layers, heads, sizes) for the advice; done by itself a moment after the model or the head changes</source>
        <translation>Lê os arquivos do modelo no nó principal (camadas, cabeças, tamanhos) para a orientação; é feito sozinho um momento depois que o modelo ou o nó principal muda</translation>
    </message>
    <message>
        <source>Parts and Assumptions</source>
        <translation>Partes e premissas</translation>
    </message>
    <message>
        <source>Show the parts and assumptions of the advice</source>
        <translation>Mostrar as partes e as premissas da orientação</translation>
    </message>
    <message>
        <source>The advice with its parts and assumptions</source>
        <translation>A orientação com as suas partes e premissas</translation>
    </message>
    <message>
        <source>its engine cannot read model shapes (model_shape); update it</source>
        <translation>o engine dele não sabe ler a estrutura de modelos (model_shape); atualize-o</translation>
    </message>
    <message>
        <source>%1: GPU memory unknown: not probed yet</source>
        <translation>%1: memória da GPU desconhecida: ainda não sondado</translation>
    </message>
    <message>
        <source>links: the reference setup&apos;s figures (FIELD_NOTES), not this cluster&apos;s</source>
        <translation>enlaces: os valores da configuração de referência (FIELD_NOTES), não os deste cluster</translation>
    </message>
    <message>
        <source>%1 was not predicted: %2</source>
        <translation>sem previsão para %1: %2</translation>
    </message>
    <message>
        <source>the speed of %1 is unknown</source>
        <translation>a velocidade de %1 é desconhecida</translation>
    </message>
    <message>
        <source>the advisor has no answer for this job&apos;s way</source>
        <translation>a orientação não tem resposta para a forma de rodar deste job</translation>
    </message>
    <message>
        <source>%1 is not connected</source>
        <translation>%1 não está conectado</translation>
    </message>
    <message>
        <source>%1 (what this job runs)</source>
        <translation>%1 (o que este job roda)</translation>
    </message>
    <message>
        <source>Speed unknown: the prediction needs what is unknown above.</source>
        <translation>Velocidade desconhecida: a previsão precisa do que está desconhecido acima.</translation>
    </message>
    <message>
        <source>Decode: RDMA %1 tok/s (a token: %2 ms on the nodes + %3 ms on the link), TCP %4 tok/s (%5 ms + %6 ms). First token: RDMA %7 s, TCP %8 s.</source>
        <translation>Decodificação: RDMA %1 tok/s (um token: %2 ms nos nós + %3 ms no enlace), TCP %4 tok/s (%5 ms + %6 ms). Primeiro token: RDMA %7 s, TCP %8 s.</translation>
    </message>
    <message>
        <source>Decode: %1 tok/s (a token: %2 ms). First token: %3 s.</source>
        <translation>Decodificação: %1 tok/s (um token: %2 ms). Primeiro token: %3 s.</translation>
    </message>
    <message>
        <source>Give the model to see whether it fits, which split to take and how fast it would be over RDMA and TCP.</source>
        <translation>Informe o modelo para ver se ele cabe, qual divisão usar e com que velocidade rodaria via RDMA e via TCP.</translation>
    </message>
    <message>
        <source>Check the nodes the job would run on to see whether the model fits.</source>
        <translation>Marque os nós em que o job rodaria para ver se o modelo cabe.</translation>
    </message>
    <message>
        <source>Reading the model&apos;s shape on %1…</source>
        <translation>Lendo a estrutura do modelo em %1…</translation>
    </message>
    <message>
        <source>Model shape not read yet: no fit or speed without it.</source>
        <translation>Estrutura do modelo ainda não lida: sem ela não há como saber se cabe nem a velocidade.</translation>
    </message>
    <message>
        <source>Model shape not read yet (%1): no fit or speed without it.</source>
        <translation>Estrutura do modelo ainda não lida (%1): sem ela não há como saber se cabe nem a velocidade.</translation>
    </message>
    <message>
        <source>The head must be connected to read it.</source>
        <translation>O nó principal precisa estar conectado para lê-la.</translation>
    </message>
    <message>
        <source>The model&apos;s shape could not be read on %1: %2</source>
        <translation>Não foi possível ler a estrutura do modelo em %1: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Advice&lt;/b&gt; (context %1 tokens, one request at a time): %2</source>
        <translation>&lt;b&gt;Orientação&lt;/b&gt; (contexto de %1 tokens, uma requisição por vez): %2</translation>
    </message>
    <message>
        <source>links: latency from the live mesh (the slowest pair, p50); bandwidth from the cluster&apos;s verification at %1 (the slowest pair)</source>
        <translation>enlaces: latência da malha ao vivo (o par mais lento, p50); largura de banda da verificação do cluster em %1 (o par mais lento)</translation>
    </message>
    <message>
        <source>RDMA latency: the cluster&apos;s verification&apos;s (the mesh has no recent RDMA figure for every pair)</source>
        <translation>latência RDMA: a da verificação do cluster (a malha não tem um valor RDMA recente para todos os pares)</translation>
    </message>
    <message>
        <source>TCP latency: the cluster&apos;s verification&apos;s (the mesh has no recent TCP figure for every pair)</source>
        <translation>latência TCP: a da verificação do cluster (a malha não tem um valor TCP recente para todos os pares)</translation>
    </message>
    <message>
        <source>links: %1</source>
        <translation>enlaces: %1</translation>
    </message>
</context>
<context>
    <name>halolink::ui::AlertBar</name>
    <message>
        <source>Events…</source>
        <translation>Eventos…</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Painel</translation>
    </message>
    <message>
        <source>Every alert with when it was raised and cleared (View &gt; Events…)</source>
        <translation>Todos os alertas, com quando foram disparados e encerrados (Exibir &gt; Eventos…)</translation>
    </message>
    <message>
        <source>The dashboard, with the fabric health per link</source>
        <translation>O painel, com a saúde da rede por enlace</translation>
    </message>
    <message>
        <source>%1 (since %2): %3</source>
        <translation>%1 (desde %2): %3</translation>
    </message>
    <message numerus="yes">
        <source>— and %n more alert(s).</source>
        <translation>
            <numerusform>— e mais %n alerta.</numerusform>
            <numerusform>— e mais %n alertas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Alerts: %1</source>
        <translation>Alertas: %1</translation>
    </message>
</context>
<context>
    <name>halolink::ui::ApplyPage</name>
    <message>
        <source>Apply</source>
        <translation>Aplicar</translation>
    </message>
    <message>
        <source>The engine applies the plan on every node at once, recording how to undo each step first.</source>
        <translation>O engine aplica o plano em todos os nós ao mesmo tempo, registrando antes como desfazer cada etapa.</translation>
    </message>
    <message>
        <source>&amp;Apply Now</source>
        <translation>&amp;Aplicar agora</translation>
    </message>
    <message>
        <source>&amp;Roll Back All</source>
        <translation>&amp;Reverter tudo</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Apply progress per node</source>
        <translation>Progresso da aplicação por nó</translation>
    </message>
    <message>
        <source>Apply log</source>
        <translation>Log da aplicação</translation>
    </message>
    <message>
        <source>Safety net: before its first change each node writes an undo journal, and a watchdog on the node undoes everything by itself %1 s after the last step unless HaloLink confirms it at the end of this wizard — even if this computer crashes or loses the network. A node whose apply fails undoes its own steps at once; the others can be rolled back with one click. SSH interfaces are never touched.</source>
        <translation>Rede de segurança: antes da primeira alteração, cada nó grava um diário de desfazer, e um watchdog no nó desfaz tudo sozinho %1 s após a última etapa, a menos que o HaloLink confirme no fim deste assistente — mesmo que este computador trave ou perca a rede. Um nó cuja aplicação falha desfaz as próprias etapas na hora; os outros podem ser revertidos com um clique. As interfaces SSH nunca são tocadas.</translation>
    </message>
    <message>
        <source>Working: %1…</source>
        <translation>Trabalhando: %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) failed and undid their own steps. The others still carry the change: roll them back, or fix the problem and apply again.</source>
        <translation>
            <numerusform>%n nó falhou e desfez as próprias etapas. Os outros ainda têm a alteração: reverta-os, ou corrija o problema e aplique de novo.</numerusform>
            <numerusform>%n nós falharam e desfizeram as próprias etapas. Os outros ainda têm a alteração: reverta-os, ou corrija o problema e aplique de novo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) failed; nothing is left changed.</source>
        <translation>
            <numerusform>%n nó falhou; nada ficou alterado.</numerusform>
            <numerusform>%n nós falharam; nada ficou alterado.</numerusform>
        </translation>
    </message>
    <message>
        <source>Applied on every node. Next: verify, then confirm.</source>
        <translation>Aplicado em todos os nós. Próximo passo: verificar e depois confirmar.</translation>
    </message>
    <message>
        <source>Every node is back to what it was.</source>
        <translation>Todos os nós voltaram ao que eram.</translation>
    </message>
    <message>
        <source>Press Apply Now when ready.</source>
        <translation>Pressione Aplicar agora quando estiver pronto.</translation>
    </message>
    <message>
        <source>Will be rolled back at</source>
        <translation>Será revertido às</translation>
    </message>
</context>
<context>
    <name>halolink::ui::ClusterPage</name>
    <message>
        <source>The Cluster</source>
        <translation>O cluster</translation>
    </message>
    <message>
        <source>Set Up a Cluster…</source>
        <translation>Configurar um cluster…</translation>
    </message>
    <message>
        <source>The cluster as it was set up</source>
        <translation>O cluster como foi configurado</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nós</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>Data plane</source>
        <translation>Plano de dados</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>QoS set</source>
        <translation>QoS definida</translation>
    </message>
    <message>
        <source>Nodes of the cluster</source>
        <translation>Nós do cluster</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verificação</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Par</translation>
    </message>
    <message>
        <source>RDMA one way (p50)</source>
        <translation>RDMA em um sentido (p50)</translation>
    </message>
    <message>
        <source>TCP one way (p50)</source>
        <translation>TCP em um sentido (p50)</translation>
    </message>
    <message>
        <source>RDMA faster</source>
        <translation>RDMA mais rápido</translation>
    </message>
    <message>
        <source>RDMA bandwidth</source>
        <translation>Largura de banda RDMA</translation>
    </message>
    <message>
        <source>TCP bandwidth</source>
        <translation>Largura de banda TCP</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Observações</translation>
    </message>
    <message>
        <source>Measured pairs</source>
        <translation>Pares medidos</translation>
    </message>
    <message>
        <source>Change This Cl&amp;uster…</source>
        <translation>Alterar este cl&amp;uster…</translation>
    </message>
    <message>
        <source>The setup wizard on this cluster: add or take out a node, change the QoS or MTU, verify; the change is applied with automatic rollback as before</source>
        <translation>O assistente de configuração neste cluster: adicionar ou retirar um nó, alterar a QoS ou a MTU, verificar; a alteração é aplicada com reversão automática, como antes</translation>
    </message>
    <message>
        <source>Verify &amp;Again</source>
        <translation>Verificar de &amp;novo</translation>
    </message>
    <message>
        <source>Check every node&apos;s configuration and measure RDMA against TCP between every pair again; nothing on the nodes changes</source>
        <translation>Verifica de novo a configuração de cada nó e mede RDMA contra TCP entre cada par; nada muda nos nós</translation>
    </message>
    <message>
        <source>F&amp;orget This Cluster…</source>
        <translation>Es&amp;quecer este cluster…</translation>
    </message>
    <message>
        <source>HaloLink forgets this record; the nodes keep their configuration</source>
        <translation>O HaloLink esquece este registro; os nós mantêm a configuração deles</translation>
    </message>
    <message>
        <source>Verification log</source>
        <translation>Log da verificação</translation>
    </message>
    <message>
        <source>No cluster is kept yet. Once the setup wizard has configured RoCE on your nodes and you confirmed it, the cluster is kept here: its nodes and data planes, the QoS, and what RDMA and TCP measured between every pair, with when.</source>
        <translation>Nenhum cluster guardado ainda. Depois que o assistente de configuração configurar o RoCE nos seus nós e você confirmar, o cluster fica guardado aqui: os nós e planos de dados dele, a QoS e o que RDMA e TCP mediram entre cada par, e quando.</translation>
    </message>
    <message>
        <source>The kept record (%1) cannot be read: %2</source>
        <translation>O registro guardado (%1) não pode ser lido: %2</translation>
    </message>
    <message>
        <source>QoS: %1.</source>
        <translation>QoS: %1.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>not in the node list</source>
        <translation>não está na lista de nós</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Verificando…</translation>
    </message>
    <message>
        <source>Forget this cluster?</source>
        <translation>Esquecer este cluster?</translation>
    </message>
    <message>
        <source>HaloLink forgets the kept cluster (its settings and measurements). Nothing on the nodes changes: their RoCE configuration stays, and the nodes stay in the node list.</source>
        <translation>O HaloLink esquece o cluster guardado (as configurações e medições dele). Nada muda nos nós: a configuração RoCE deles permanece, e os nós continuam na lista de nós.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::ComparisonDialog</name>
    <message>
        <source>Compare RDMA and TCP for &apos;%1&apos;</source>
        <translation>Comparar RDMA e TCP para &apos;%1&apos;</translation>
    </message>
    <message>
        <source>with RDMA</source>
        <translation>com RDMA</translation>
    </message>
    <message>
        <source>TCP-only</source>
        <translation>somente com TCP</translation>
    </message>
    <message>
        <source>The same serving benchmark (fixed prompts, greedy decoding, a fixed seed) runs twice against &apos;%1&apos;: first as the job runs now, then with the job relaunched %2. Each run carries its own proof of what carried the traffic. Then the job is relaunched as it was. The report is kept with the cluster.</source>
        <translation>O mesmo benchmark de serviço (prompts fixos, decodificação gulosa, semente fixa) roda duas vezes contra &apos;%1&apos;: primeiro com o job como roda agora, depois com o job reiniciado %2. Cada execução traz a sua própria prova do que carregou o tráfego. Em seguida o job é reiniciado como estava. O relatório é guardado com o cluster.</translation>
    </message>
    <message>
        <source>The job is relaunched twice: its API is down during each relaunch (minutes for a large model) and requests in flight are cut off. Clients keep the same API key. Cancel, or a failure, puts the job back as it was.</source>
        <translation>O job é reiniciado duas vezes: a API dele fica fora do ar durante cada reinício (minutos, para um modelo grande) e as requisições em andamento são interrompidas. Os clientes mantêm a mesma chave de API. Cancelar, ou uma falha, deixa o job como estava.</translation>
    </message>
    <message>
        <source>Concurrency levels</source>
        <translation>Níveis de concorrência</translation>
    </message>
    <message>
        <source>Requests in flight at once, one benchmark level each, separated by commas (1 to %1)</source>
        <translation>Requisições simultâneas, um nível de benchmark cada, separados por vírgulas (1 a %1)</translation>
    </message>
    <message>
        <source>Requests per level</source>
        <translation>Requisições por nível</translation>
    </message>
    <message>
        <source>the engine&apos;s default</source>
        <translation>o padrão do engine</translation>
    </message>
    <message>
        <source>The engine&apos;s default is the larger of the number of prompts (12) and twice the level</source>
        <translation>O padrão do engine é o maior entre o número de prompts (12) e o dobro do nível</translation>
    </message>
    <message>
        <source>Tokens per answer at most</source>
        <translation>Tokens por resposta, no máximo</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <source>Concurrency &amp;levels:</source>
        <translation>&amp;Níveis de concorrência:</translation>
    </message>
    <message>
        <source>&amp;Requests per level:</source>
        <translation>&amp;Requisições por nível:</translation>
    </message>
    <message>
        <source>&amp;Tokens per answer at most:</source>
        <translation>&amp;Tokens por resposta, no máximo:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;emente:</translation>
    </message>
    <message>
        <source>Value of %1</source>
        <translation>Valor de %1</translation>
    </message>
    <message>
        <source>The job reads %1; the relaunches need it again (kept in memory only)</source>
        <translation>O job lê %1; os reinícios precisam dele de novo (guardado só na memória)</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>What the comparison does now</source>
        <translation>O que a comparação faz agora</translation>
    </message>
    <message>
        <source>Steps of the comparison</source>
        <translation>Etapas da comparação</translation>
    </message>
    <message>
        <source>The current benchmark level</source>
        <translation>O nível atual do benchmark</translation>
    </message>
    <message>
        <source>Requests done in the current level</source>
        <translation>Requisições concluídas no nível atual</translation>
    </message>
    <message>
        <source>%v of %m requests</source>
        <translation>%v de %m requisições</translation>
    </message>
    <message>
        <source>&amp;Cancel the Comparison</source>
        <translation>&amp;Cancelar a comparação</translation>
    </message>
    <message>
        <source>Cancel the comparison</source>
        <translation>Cancelar a comparação</translation>
    </message>
    <message>
        <source>Stop what runs now and put the job back as it was (a relaunch under way finishes first)</source>
        <translation>Para o que está rodando agora e deixa o job como estava (um reinício em andamento termina antes)</translation>
    </message>
    <message>
        <source>&amp;Messages:</source>
        <translation>&amp;Mensagens:</translation>
    </message>
    <message>
        <source>What the comparison did</source>
        <translation>O que a comparação fez</translation>
    </message>
    <message>
        <source>&amp;Start the Comparison</source>
        <translation>&amp;Iniciar a comparação</translation>
    </message>
    <message>
        <source>Start the comparison</source>
        <translation>Iniciar a comparação</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Etapa %1 de %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>TCP run, level %1 of %2: %n request(s) in flight.</source>
        <translation>
            <numerusform>Execução TCP, nível %1 de %2: %n requisição em andamento.</numerusform>
            <numerusform>Execução TCP, nível %1 de %2: %n requisições em andamento.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>RDMA run, level %1 of %2: %n request(s) in flight.</source>
        <translation>
            <numerusform>Execução RDMA, nível %1 de %2: %n requisição em andamento.</numerusform>
            <numerusform>Execução RDMA, nível %1 de %2: %n requisições em andamento.</numerusform>
        </translation>
    </message>
    <message>
        <source>Give the value of %1: the job reads it, and HaloLink keeps no secrets.</source>
        <translation>Informe o valor de %1: o job o lê, e o HaloLink não guarda segredos.</translation>
    </message>
    <message>
        <source>The job names no nodes.</source>
        <translation>O job não indica nenhum nó.</translation>
    </message>
    <message>
        <source>Nothing was started: %1</source>
        <translation>Nada foi iniciado: %1</translation>
    </message>
    <message>
        <source>Cancelled before anything changed.</source>
        <translation>Cancelado antes de qualquer mudança.</translation>
    </message>
    <message>
        <source>The advisor&apos;s prediction for %1 is set beside the measurement.</source>
        <translation>A previsão da orientação para %1 fica ao lado da medição.</translation>
    </message>
    <message>
        <source>No prediction beside the measurement: %1</source>
        <translation>Nenhuma previsão ao lado da medição: %1</translation>
    </message>
    <message>
        <source>Reading the API key from the job&apos;s server…</source>
        <translation>Lendo a chave da API no servidor do job…</translation>
    </message>
    <message>
        <source>Reading the model&apos;s shape on %1 for the prediction…</source>
        <translation>Lendo a estrutura do modelo em %1 para a previsão…</translation>
    </message>
    <message>
        <source>%1 is not connected</source>
        <translation>%1 não está conectado</translation>
    </message>
    <message>
        <source>the model&apos;s shape cannot be read here</source>
        <translation>a estrutura do modelo não pode ser lida aqui</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>The comparison ended; the job runs as it did before.</source>
        <translation>A comparação terminou; o job roda como rodava antes.</translation>
    </message>
    <message>
        <source>The comparison ended; the job could not be put back: %1</source>
        <translation>A comparação terminou; não foi possível deixar o job como estava: %1</translation>
    </message>
    <message>
        <source>Cancel the comparison?</source>
        <translation>Cancelar a comparação?</translation>
    </message>
    <message>
        <source>The comparison of &apos;%1&apos; is running. Cancel it? The job is put back as it was first; this window stays open until it is.</source>
        <translation>A comparação de &apos;%1&apos; está rodando. Cancelá-la? Antes o job volta a ser como estava; esta janela fica aberta até lá.</translation>
    </message>
    <message>
        <source>%v of %m steps done</source>
        <translation>%v de %m etapas concluídas</translation>
    </message>
</context>
<context>
    <name>halolink::ui::ComparisonView</name>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>What was compared</source>
        <translation>O que foi comparado</translation>
    </message>
    <message>
        <source>How the comparison ended</source>
        <translation>Como a comparação terminou</translation>
    </message>
    <message>
        <source>Whether the job was put back</source>
        <translation>Se o job voltou a ser como estava</translation>
    </message>
    <message>
        <source>Whether the outputs matched</source>
        <translation>Se as saídas coincidiram</translation>
    </message>
    <message>
        <source>Each run and its traffic proof</source>
        <translation>Cada execução e a sua prova de tráfego</translation>
    </message>
    <message>
        <source>The RDMA run</source>
        <translation>A execução RDMA</translation>
    </message>
    <message>
        <source>The TCP run</source>
        <translation>A execução TCP</translation>
    </message>
    <message>
        <source>Total output tokens/s per concurrency, RDMA and TCP (the table has the numbers)</source>
        <translation>Tokens de saída/s no total por concorrência, RDMA e TCP (a tabela tem os números)</translation>
    </message>
    <message>
        <source>The figures of both runs per concurrency</source>
        <translation>Os valores das duas execuções por concorrência</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Concorrência</translation>
    </message>
    <message>
        <source>RDMA
tok/s</source>
        <translation>RDMA
tok/s</translation>
    </message>
    <message>
        <source>TCP
tok/s</source>
        <translation>TCP
tok/s</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>Aceleração</translation>
    </message>
    <message>
        <source>TTFT p50
RDMA, ms</source>
        <translation>TTFT p50
RDMA, ms</translation>
    </message>
    <message>
        <source>TTFT p50
TCP, ms</source>
        <translation>TTFT p50
TCP, ms</translation>
    </message>
    <message>
        <source>ITL p50
RDMA, ms</source>
        <translation>ITL p50
RDMA, ms</translation>
    </message>
    <message>
        <source>ITL p50
TCP, ms</source>
        <translation>ITL p50
TCP, ms</translation>
    </message>
    <message>
        <source>ITL p99
RDMA, ms</source>
        <translation>ITL p99
RDMA, ms</translation>
    </message>
    <message>
        <source>ITL p99
TCP, ms</source>
        <translation>ITL p99
TCP, ms</translation>
    </message>
    <message>
        <source>Requests in flight at once</source>
        <translation>Requisições simultâneas</translation>
    </message>
    <message>
        <source>Total output tokens per second, RDMA run</source>
        <translation>Tokens de saída por segundo no total, execução RDMA</translation>
    </message>
    <message>
        <source>Total output tokens per second, TCP-only run</source>
        <translation>Tokens de saída por segundo no total, execução somente TCP</translation>
    </message>
    <message>
        <source>RDMA tokens/s over TCP tokens/s</source>
        <translation>Tokens/s do RDMA divididos pelos tokens/s do TCP</translation>
    </message>
    <message>
        <source>Time to first token, median, RDMA run</source>
        <translation>Tempo até o primeiro token, mediana, execução RDMA</translation>
    </message>
    <message>
        <source>Time to first token, median, TCP-only run</source>
        <translation>Tempo até o primeiro token, mediana, execução somente TCP</translation>
    </message>
    <message>
        <source>Inter-token latency, median, RDMA run</source>
        <translation>Latência entre tokens, mediana, execução RDMA</translation>
    </message>
    <message>
        <source>Inter-token latency, median, TCP-only run</source>
        <translation>Latência entre tokens, mediana, execução somente TCP</translation>
    </message>
    <message>
        <source>Inter-token latency, 99th percentile, RDMA run</source>
        <translation>Latência entre tokens, percentil 99, execução RDMA</translation>
    </message>
    <message>
        <source>Inter-token latency, 99th percentile, TCP-only run</source>
        <translation>Latência entre tokens, percentil 99, execução somente TCP</translation>
    </message>
    <message>
        <source>The prediction beside the measurement</source>
        <translation>A previsão ao lado da medição</translation>
    </message>
    <message>
        <source>Copy as &amp;CSV</source>
        <translation>Copiar como &amp;CSV</translation>
    </message>
    <message>
        <source>The table as CSV, one line per concurrency (empty where a figure is missing)</source>
        <translation>A tabela em CSV, uma linha por concorrência (vazia onde falta um valor)</translation>
    </message>
    <message>
        <source>&amp;Save CSV…</source>
        <translation>&amp;Salvar CSV…</translation>
    </message>
    <message>
        <source>Copy as &amp;Text</source>
        <translation>Copiar como &amp;texto</translation>
    </message>
    <message>
        <source>The whole report as plain text, as `halolinkctl job compare` prints it</source>
        <translation>O relatório inteiro em texto simples, como `halolinkctl job compare` o imprime</translation>
    </message>
    <message>
        <source>No comparison to show.</source>
        <translation>Nenhuma comparação para mostrar.</translation>
    </message>
    <message>
        <source>vLLM over Ray</source>
        <translation>vLLM sobre Ray</translation>
    </message>
    <message>
        <source>llama.cpp RPC</source>
        <translation>llama.cpp RPC</translation>
    </message>
    <message>
        <source>RDMA against TCP for &apos;%1&apos; (%2 on %3), up to %4 tokens per answer, greedy with seed %5, started %6</source>
        <translation>RDMA contra TCP para &apos;%1&apos; (%2 em %3), até %4 tokens por resposta, gulosa com semente %5, iniciada em %6</translation>
    </message>
    <message>
        <source>The job runs as it did before the comparison.</source>
        <translation>O job roda como rodava antes da comparação.</translation>
    </message>
    <message>
        <source>The job could not be put back as it was: %1</source>
        <translation>Não foi possível deixar o job como estava: %1</translation>
    </message>
    <message>
        <source>The comparison was cancelled; what was measured before is shown.</source>
        <translation>A comparação foi cancelada; o que foi medido antes é mostrado.</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>A comparação falhou: %1</translation>
    </message>
    <message numerus="yes">
        <source>Both benchmarks finished: %n concurrency level(s) each.</source>
        <translation>
            <numerusform>Os dois benchmarks terminaram: %n nível de concorrência cada.</numerusform>
            <numerusform>Os dois benchmarks terminaram: %n níveis de concorrência cada.</numerusform>
        </translation>
    </message>
    <message>
        <source>The comparison did not finish: a run is missing or failed.</source>
        <translation>A comparação não terminou: falta uma execução ou ela falhou.</translation>
    </message>
    <message>
        <source>The outputs could not be compared: a run is missing or failed.</source>
        <translation>Não foi possível comparar as saídas: falta uma execução ou ela falhou.</translation>
    </message>
    <message>
        <source>The greedy outputs of both runs are the same: the transport did not change the answers.</source>
        <translation>As saídas gulosas das duas execuções são iguais: o transporte não mudou as respostas.</translation>
    </message>
    <message>
        <source>The greedy outputs differ between the runs: a transport changed the results, or the server is not deterministic.</source>
        <translation>As saídas gulosas diferem entre as execuções: um transporte mudou os resultados, ou o servidor não é determinístico.</translation>
    </message>
    <message>
        <source>The TCP run did not repeat its own answers either.</source>
        <translation>A execução TCP também não repetiu as próprias respostas.</translation>
    </message>
    <message>
        <source>The RDMA run did not repeat its own answers either.</source>
        <translation>A execução RDMA também não repetiu as próprias respostas.</translation>
    </message>
    <message>
        <source>TCP run: not run (the comparison stopped before it).</source>
        <translation>Execução TCP: não executada (a comparação parou antes dela).</translation>
    </message>
    <message>
        <source>RDMA run: not run (the comparison stopped before it).</source>
        <translation>Execução RDMA: não executada (a comparação parou antes dela).</translation>
    </message>
    <message>
        <source>TCP run: done.</source>
        <translation>Execução TCP: concluída.</translation>
    </message>
    <message>
        <source>RDMA run: done.</source>
        <translation>Execução RDMA: concluída.</translation>
    </message>
    <message>
        <source>TCP run: cancelled.</source>
        <translation>Execução TCP: cancelada.</translation>
    </message>
    <message>
        <source>RDMA run: cancelled.</source>
        <translation>Execução RDMA: cancelada.</translation>
    </message>
    <message>
        <source>TCP run: failed: %1</source>
        <translation>Execução TCP: falhou: %1</translation>
    </message>
    <message>
        <source>RDMA run: failed: %1</source>
        <translation>Execução RDMA: falhou: %1</translation>
    </message>
    <message>
        <source>Traffic: %1.</source>
        <translation>Tráfego: %1.</translation>
    </message>
    <message>
        <source>RDMA still carried the TCP-only run&apos;s traffic: its figures are not TCP&apos;s.</source>
        <translation>O RDMA ainda carregou o tráfego da execução somente TCP: os valores dela não são os do TCP.</translation>
    </message>
    <message>
        <source>The RDMA run&apos;s traffic did not go over RDMA: its figures are not RDMA&apos;s.</source>
        <translation>O tráfego da execução RDMA não passou pelo RDMA: os valores dela não são os do RDMA.</translation>
    </message>
    <message>
        <source>Predicted before the launch, one request at a time: RDMA %1 tok/s, TCP %2 tok/s, speed-up %3.</source>
        <translation>Previsto antes do início, uma requisição por vez: RDMA %1 tok/s, TCP %2 tok/s, aceleração %3.</translation>
    </message>
    <message>
        <source>Predicted before the launch (%1), one request at a time: RDMA %2 tok/s, TCP %3 tok/s, speed-up %4.</source>
        <translation>Previsto antes do início (%1), uma requisição por vez: RDMA %2 tok/s, TCP %3 tok/s, aceleração %4.</translation>
    </message>
    <message>
        <source>Measured with one request in flight: RDMA %1 tok/s, TCP %2 tok/s, speed-up %3.</source>
        <translation>Medido com uma requisição em andamento: RDMA %1 tok/s, TCP %2 tok/s, aceleração %3.</translation>
    </message>
    <message>
        <source>Nothing was measured with one request in flight, so the chart has no marker for it.</source>
        <translation>Nada foi medido com uma requisição em andamento, então o gráfico não tem marcador para isso.</translation>
    </message>
    <message>
        <source>Not measured: in this run the level did not complete (a request failed, the run failed or was cancelled before it)</source>
        <translation>Não medido: nesta execução o nível não foi concluído (uma requisição falhou, a execução falhou ou foi cancelada antes dele)</translation>
    </message>
    <message>
        <source>Not known: a run has no figure for this level</source>
        <translation>Desconhecido: uma execução não tem valor para este nível</translation>
    </message>
    <message>
        <source>RDMA, total output tokens/s</source>
        <translation>RDMA, tokens de saída/s no total</translation>
    </message>
    <message>
        <source>TCP only, total output tokens/s</source>
        <translation>Somente TCP, tokens de saída/s no total</translation>
    </message>
    <message>
        <source>speed-up n/a</source>
        <translation>aceleração n/d</translation>
    </message>
    <message>
        <source>concurrency %1: RDMA %2, TCP %3, speed-up %4</source>
        <translation>concorrência %1: RDMA %2, TCP %3, aceleração %4</translation>
    </message>
    <message>
        <source>Predicted, one request at a time</source>
        <translation>Previsto, uma requisição por vez</translation>
    </message>
    <message>
        <source>predicted for one request: RDMA %1, TCP %2</source>
        <translation>previsto para uma requisição: RDMA %1, TCP %2</translation>
    </message>
    <message>
        <source>No level was measured in either run.</source>
        <translation>Nenhum nível foi medido em nenhuma das execuções.</translation>
    </message>
    <message>
        <source>requests in flight (concurrency)</source>
        <translation>requisições simultâneas (concorrência)</translation>
    </message>
    <message>
        <source>total output tokens/s</source>
        <translation>tokens de saída/s no total</translation>
    </message>
    <message>
        <source>Total output tokens/s per concurrency: %1.</source>
        <translation>Tokens de saída/s no total por concorrência: %1.</translation>
    </message>
    <message>
        <source>Save the Comparison as CSV</source>
        <translation>Salvar a comparação como CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Arquivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Não é possível gravar %1: %2</translation>
    </message>
</context>
<context>
    <name>halolink::ui::CredentialsDialog</name>
    <message>
        <source>Sign In — %1</source>
        <translation>Entrar — %1</translation>
    </message>
    <message>
        <source>%1 asks for the password of %2.</source>
        <translation>%1 pede a senha de %2.</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Senha:</translation>
    </message>
    <message>
        <source>The private key for %1 is protected by a passphrase.</source>
        <translation>A chave privada de %1 está protegida por uma frase secreta.</translation>
    </message>
    <message>
        <source>&amp;Passphrase:</source>
        <translation>&amp;Frase secreta:</translation>
    </message>
    <message>
        <source>%1 asks a question to sign in.</source>
        <translation>%1 faz uma pergunta para entrar.</translation>
    </message>
    <message>
        <source>&amp;Answer:</source>
        <translation>&amp;Resposta:</translation>
    </message>
    <message>
        <source>&amp;Remember in the system keychain</source>
        <translation>&amp;Lembrar no chaveiro do sistema</translation>
    </message>
    <message>
        <source>Stored by the system keychain, never in HaloLink&apos;s files.</source>
        <translation>Armazenado pelo chaveiro do sistema, nunca nos arquivos do HaloLink.</translation>
    </message>
    <message>
        <source>Kept for this connection only.</source>
        <translation>Mantido apenas para esta conexão.</translation>
    </message>
    <message>
        <source>No system keychain is available, so this is kept in memory for this session only.</source>
        <translation>Nenhum chaveiro do sistema está disponível, então isto fica na memória apenas durante esta sessão.</translation>
    </message>
    <message>
        <source>&amp;Sign In</source>
        <translation>&amp;Entrar</translation>
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
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Cluster dashboard</source>
        <translation>Painel do cluster</translation>
    </message>
    <message>
        <source>Time window</source>
        <translation>Janela de tempo</translation>
    </message>
    <message>
        <source>How much history the charts show</source>
        <translation>Quanto histórico os gráficos mostram</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabelas</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exportar CSV…</translation>
    </message>
    <message>
        <source>Save the series of the charts, over the time shown, as CSV</source>
        <translation>Salva as séries dos gráficos, no período mostrado, como CSV</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <source>Save the charts as an image</source>
        <translation>Salva os gráficos como uma imagem</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>Jane&amp;la:</translation>
    </message>
    <message>
        <source>Latency over time</source>
        <translation>Latência ao longo do tempo</translation>
    </message>
    <message>
        <source>Also draw the 99th percentile (dashed)</source>
        <translation>Desenha também o percentil 99 (tracejado)</translation>
    </message>
    <message>
        <source>NIC bandwidth (rx solid, tx dashed)</source>
        <translation>Largura de banda das NICs (rx contínuo, tx tracejado)</translation>
    </message>
    <message>
        <source>RDMA bandwidth (rx solid, tx dashed)</source>
        <translation>Largura de banda RDMA (rx contínuo, tx tracejado)</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>Utilização da GPU</translation>
    </message>
    <message>
        <source>Unified memory used (VRAM + GTT)</source>
        <translation>Memória unificada usada (VRAM + GTT)</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Retomar</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 %2 rx</source>
        <translation>%1 %2 rx</translation>
    </message>
    <message>
        <source>%1 %2 tx</source>
        <translation>%1 %2 tx</translation>
    </message>
    <message>
        <source>Latency over time, %1%2</source>
        <translation>Latência ao longo do tempo, %1%2</translation>
    </message>
    <message>
        <source> (picked pairs)</source>
        <translation> (pares escolhidos)</translation>
    </message>
    <message>
        <source>No GPU telemetry yet (no amdgpu GPU reported by the nodes).</source>
        <translation>Ainda não há telemetria de GPU (nenhuma GPU amdgpu informada pelos nós).</translation>
    </message>
    <message>
        <source>No GPU memory telemetry yet.</source>
        <translation>Ainda não há telemetria de memória da GPU.</translation>
    </message>
    <message>
        <source>No NIC telemetry yet.</source>
        <translation>Ainda não há telemetria das NICs.</translation>
    </message>
    <message>
        <source>No RDMA byte counters: no RDMA device, or a driver that counts only packets (Soft-RoCE).</source>
        <translation type="vanished">Sem contadores de bytes RDMA: nenhum dispositivo RDMA, ou um driver que conta só pacotes (Soft-RoCE).</translation>
    </message>
    <message>
        <source>No %1 latency measured yet: the mesh needs two or more nodes.</source>
        <translation>Nenhuma latência %1 medida ainda: a malha precisa de dois ou mais nós.</translation>
    </message>
    <message>
        <source>Charts show the first %1 nodes; %2 more are in the heatmap and the tables.</source>
        <translation>Os gráficos mostram os primeiros %1 nós; outros %2 estão no mapa de calor e nas tabelas.</translation>
    </message>
    <message>
        <source>Paused at %1 — data keeps arriving. Resume to follow it.</source>
        <translation>Pausado às %1 — os dados continuam chegando. Retome para acompanhá-los.</translation>
    </message>
    <message>
        <source>Could not encode the image.</source>
        <translation>Não foi possível codificar a imagem.</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>Exportar CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Arquivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Não foi possível gravar %1: %2</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>Exportar PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imagens PNG (*.png)</translation>
    </message>
    <message>
        <source>Freeze the charts; data keeps arriving. Dragging or zooming a time axis pauses too (Ctrl+P).</source>
        <translation>Congela os gráficos; os dados continuam chegando. Arrastar ou ampliar um eixo de tempo também pausa (Ctrl+P).</translation>
    </message>
    <message>
        <source>Show every chart as a table of the same numbers (Ctrl+T)</source>
        <translation>Mostra cada gráfico como uma tabela com os mesmos números (Ctrl+T)</translation>
    </message>
    <message>
        <source>Show all charts as tables</source>
        <translation>Mostrar todos os gráficos como tabelas</translation>
    </message>
    <message>
        <source>Pause the charts</source>
        <translation>Pausar os gráficos</translation>
    </message>
    <message>
        <source>Export the charts&apos; data as CSV</source>
        <translation>Exportar os dados dos gráficos como CSV</translation>
    </message>
    <message>
        <source>Export the charts as a PNG image</source>
        <translation>Exportar os gráficos como uma imagem PNG</translation>
    </message>
    <message>
        <source>Also show the 99th percentile latency</source>
        <translation>Mostrar também a latência do percentil 99</translation>
    </message>
    <message>
        <source>Dashboard panels</source>
        <translation>Painéis do painel de controle</translation>
    </message>
    <message numerus="yes">
        <source>Live, %n node(s) reporting</source>
        <translation>
            <numerusform>Ao vivo, %n nó informando</numerusform>
            <numerusform>Ao vivo, %n nós informando</numerusform>
        </translation>
    </message>
    <message>
        <source>The cluster: %1. &lt;a href=&quot;cluster&quot;&gt;The Cluster…&lt;/a&gt;</source>
        <extracomment>%1 the cluster in one line; the link opens the Cluster page</extracomment>
        <translation>O cluster: %1. &lt;a href=&quot;cluster&quot;&gt;O cluster…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>The cluster: %1</source>
        <translation type="vanished">O cluster: %1</translation>
    </message>
    <message>
        <source>The cluster</source>
        <translation>O cluster</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 (zoomed)</source>
        <extracomment>the time span shown after zooming or dragging a chart</extracomment>
        <translation>%1 (ampliado)</translation>
    </message>
    <message numerus="yes">
        <source>RDMA bandwidth (rx solid, tx dashed); not shown: %n port(s) counting only packets</source>
        <translation>
            <numerusform>Largura de banda RDMA (rx contínuo, tx tracejado); não mostrada: %n porta que conta só pacotes</numerusform>
            <numerusform>Largura de banda RDMA (rx contínuo, tx tracejado); não mostradas: %n portas que contam só pacotes</numerusform>
        </translation>
    </message>
    <message>
        <source>RDMA packets per second (rx solid, tx dashed): Soft-RoCE counts packets, not bytes</source>
        <translation>Pacotes RDMA por segundo (rx contínuo, tx tracejado): o Soft-RoCE conta pacotes, não bytes</translation>
    </message>
    <message>
        <source>No RDMA traffic counters yet: no RDMA device reported, or its counters have no second reading yet to make a rate from.</source>
        <translation>Ainda não há contadores de tráfego RDMA: nenhum dispositivo RDMA informado, ou os contadores dele ainda não têm uma segunda leitura para calcular uma taxa.</translation>
    </message>
    <message>
        <source>%1 (data plane)</source>
        <translation>%1 (plano de dados)</translation>
    </message>
    <message>
        <source>%1 (management)</source>
        <translation>%1 (gerência)</translation>
    </message>
</context>
<context>
    <name>halolink::ui::DashboardPanel</name>
    <message>
        <source>%1 (table)</source>
        <translation>%1 (tabela)</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabela</translation>
    </message>
    <message>
        <source>Show this chart as a table of the same numbers</source>
        <translation>Mostra este gráfico como uma tabela com os mesmos números</translation>
    </message>
    <message>
        <source>Show %1 as a table</source>
        <translation>Mostrar %1 como tabela</translation>
    </message>
</context>
<context>
    <name>halolink::ui::EventLogDialog</name>
    <message>
        <source>&amp;Only those that hold now</source>
        <translation>&amp;Somente os ainda ativos</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Eventos</translation>
    </message>
    <message>
        <source>Alerts of this session, the newest first: a port down, a link&apos;s errors, drops or pauses past their limits, a node lost, a GPU too hot, GTT nearly full (docs/fabric-health.md says when each is raised and cleared).</source>
        <translation>Alertas desta sessão, os mais recentes primeiro: uma porta inativa, erros, descartes ou pausas de um enlace acima dos limites, um nó perdido, uma GPU quente demais, GTT quase cheia (docs/fabric-health.md diz quando cada um é disparado e encerrado).</translation>
    </message>
    <message>
        <source>Raised</source>
        <translation>Disparado</translation>
    </message>
    <message>
        <source>Cleared</source>
        <translation>Encerrado</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Gravidade</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Alerta</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>Alertas</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>Exportar &amp;CSV…</translation>
    </message>
    <message>
        <source>Export the events</source>
        <translation>Exportar os eventos</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <source>still holds</source>
        <translation>ainda ativo</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>crítico</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>aviso</translation>
    </message>
</context>
<context>
    <name>halolink::ui::FabricHealthPanel</name>
    <message>
        <source>Fabric health</source>
        <translation>Saúde da rede</translation>
    </message>
    <message>
        <source>Fabric health per link</source>
        <translation>Saúde da rede por enlace</translation>
    </message>
    <message>
        <source>No links known yet: the nodes&apos; RDMA ports and data-plane interfaces appear here once their agents report.</source>
        <translation>Nenhum enlace conhecido ainda: as portas RDMA e as interfaces do plano de dados dos nós aparecem aqui assim que os agentes deles informarem.</translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n falhando</numerusform>
            <numerusform>%n falhando</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n degraded</source>
        <translation>
            <numerusform>%n degradado</numerusform>
            <numerusform>%n degradados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n healthy</source>
        <translation>
            <numerusform>%n saudável</numerusform>
            <numerusform>%n saudáveis</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown</source>
        <translation>
            <numerusform>%n desconhecido</numerusform>
            <numerusform>%n desconhecidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s): %1 (rates per second over the last %2 s).</source>
        <extracomment>%1 e.g. &quot;1 degraded, 3 healthy&quot;; rates over the last 10 s</extracomment>
        <translation>
            <numerusform>%n enlace: %1 (taxas por segundo nos últimos %2 s).</numerusform>
            <numerusform>%n enlaces: %1 (taxas por segundo nos últimos %2 s).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::GpuCard</name>
    <message>
        <source>GTT is system memory the GPU can map. On a unified-memory APU it should be most of system memory (amdgpu.gttsize, ttm.pages_limit).</source>
        <translation>GTT é a memória do sistema que a GPU pode mapear. Numa APU com memória unificada, deve ser a maior parte da memória do sistema (amdgpu.gttsize, ttm.pages_limit).</translation>
    </message>
    <message>
        <source>VRAM use</source>
        <translation>Uso de VRAM</translation>
    </message>
    <message>
        <source>GTT use</source>
        <translation>Uso de GTT</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Dispositivo:</translation>
    </message>
    <message>
        <source>Busy:</source>
        <translation>Ocupação:</translation>
    </message>
    <message>
        <source>VRAM:</source>
        <translation>VRAM:</translation>
    </message>
    <message>
        <source>GTT:</source>
        <translation>GTT:</translation>
    </message>
    <message>
        <source>GPU reach:</source>
        <translation>Alcance da GPU:</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>%1 total (use unknown)</source>
        <translation>%1 no total (uso desconhecido)</translation>
    </message>
    <message>
        <source>%1 of %2 used</source>
        <translation>%1 de %2 em uso</translation>
    </message>
    <message>
        <source>GPU %1 — %2</source>
        <translation>GPU %1 — %2</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>GTT is %1 % of system memory</source>
        <translation>O GTT é %1 % da memória do sistema</translation>
    </message>
</context>
<context>
    <name>halolink::ui::HostKeyDialog</name>
    <message>
        <source>Host Key Changed — %1</source>
        <translation>Chave do host alterada — %1</translation>
    </message>
    <message>
        <source>New Host Key — %1</source>
        <translation>Nova chave de host — %1</translation>
    </message>
    <message>
        <source>The host key of %1 has changed. HaloLink will not connect.</source>
        <translation>A chave do host de %1 mudou. O HaloLink não vai se conectar.</translation>
    </message>
    <message>
        <source>The node presents another key than the one recorded in known_hosts. Someone may be intercepting the connection, or the node was reinstalled. If you know why the key changed, remove the old key with ssh-keygen -R and connect again.</source>
        <translation>O nó apresenta uma chave diferente da registrada em known_hosts. Alguém pode estar interceptando a conexão, ou o nó foi reinstalado. Se você sabe por que a chave mudou, remova a chave antiga com ssh-keygen -R e conecte de novo.</translation>
    </message>
    <message>
        <source>%1 (%2) is not known yet.</source>
        <translation>%1 (%2) ainda não é conhecido.</translation>
    </message>
    <message>
        <source>Its host key is not in your known_hosts. Compare the fingerprint below with the node&apos;s own (run on the node: ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub). Trust it only if they are the same; it is then saved to known_hosts, as ssh does.</source>
        <translation>A chave do host dele não está no seu known_hosts. Compare a impressão digital abaixo com a do próprio nó (execute no nó: ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub). Confie nela só se forem iguais; ela é então salva no known_hosts, como o ssh faz.</translation>
    </message>
    <message>
        <source>Key type:</source>
        <translation>Tipo de chave:</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint:</source>
        <translation>Impressão digital SHA-256:</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint</source>
        <translation>Impressão digital SHA-256</translation>
    </message>
    <message>
        <source>&amp;Trust and Connect</source>
        <translation>&amp;Confiar e conectar</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>&amp;Rejeitar</translation>
    </message>
</context>
<context>
    <name>halolink::ui::JobForm</name>
    <message>
        <source>Job name</source>
        <translation>Nome do job</translation>
    </message>
    <message>
        <source>1-32 lowercase letters, digits and &apos;-&apos;: it names the containers and log files.</source>
        <translation>1 a 32 letras minúsculas, dígitos e &apos;-&apos;: dá nome aos contêineres e aos arquivos de log.</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>vLLM over Ray (tensor parallel)</source>
        <translation>vLLM sobre Ray (paralelismo de tensor)</translation>
    </message>
    <message>
        <source>llama.cpp RPC (layers across nodes)</source>
        <translation>llama.cpp RPC (camadas entre os nós)</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Imagem</translation>
    </message>
    <message>
        <source>container image, or the toolbox&apos;s name</source>
        <translation>imagem de contêiner, ou o nome do toolbox</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>/models/… on every node, or a model id</source>
        <translation>/models/… em todos os nós, ou o id de um modelo</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Porta da API</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>Utilização de memória da GPU</translation>
    </message>
    <message>
        <source>The share of each node&apos;s GPU memory vLLM may take; 0.90 is the usual value on unified memory.</source>
        <translation>A fração da memória de GPU de cada nó que o vLLM pode ocupar; 0.90 é o valor usual com memória unificada.</translation>
    </message>
    <message>
        <source>TCP only (NCCL_IB_DISABLE=1)</source>
        <translation>Só TCP (NCCL_IB_DISABLE=1)</translation>
    </message>
    <message>
        <source>No RDMA: the comparison run.</source>
        <translation>Sem RDMA: a execução de comparação.</translation>
    </message>
    <message>
        <source>Traffic class</source>
        <translation>Classe de tráfego</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>não definida</translation>
    </message>
    <message>
        <source>Environment overrides</source>
        <translation>Substituições de ambiente</translation>
    </message>
    <message>
        <source>NAME=VALUE NAME=VALUE … (override)</source>
        <translation>NOME=VALOR NOME=VALOR … (substituição)</translation>
    </message>
    <message>
        <source>Set on every node; they win over the computed values.</source>
        <translation>Definidas em todos os nós; prevalecem sobre os valores calculados.</translation>
    </message>
    <message>
        <source>Nodes of the job</source>
        <translation>Nós do job</translation>
    </message>
    <message>
        <source>Checked nodes take part; the first checked node is the head.</source>
        <translation>Os nós marcados participam; o primeiro nó marcado é o principal.</translation>
    </message>
    <message>
        <source>&amp;Up</source>
        <translation>P&amp;ara cima</translation>
    </message>
    <message>
        <source>Move the node up</source>
        <translation>Move o nó para cima</translation>
    </message>
    <message>
        <source>Move the node up (the first checked node is the head)</source>
        <translation>Move o nó para cima (o primeiro nó marcado é o principal)</translation>
    </message>
    <message>
        <source>&amp;Down</source>
        <translation>Para bai&amp;xo</translation>
    </message>
    <message>
        <source>Move the node down</source>
        <translation>Move o nó para baixo</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>&amp;Engine:</translation>
    </message>
    <message>
        <source>&amp;Runtime:</source>
        <translation>Run&amp;time:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>Ima&amp;gem:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>P&amp;orta da API:</translation>
    </message>
    <message>
        <source>GPU &amp;memory:</source>
        <translation>Memória da GP&amp;U:</translation>
    </message>
    <message>
        <source>&amp;Traffic class:</source>
        <translation>Classe de trá&amp;fego:</translation>
    </message>
    <message>
        <source>En&amp;vironment:</source>
        <translation>Am&amp;biente:</translation>
    </message>
    <message>
        <source>N&amp;odes:</source>
        <translation>Nó&amp;s:</translation>
    </message>
    <message>
        <source>What would run &amp;where (environment per node, then the steps in order):</source>
        <translation>O &amp;que rodaria onde (o ambiente de cada nó, depois as etapas em ordem):</translation>
    </message>
    <message>
        <source>What would run on each node</source>
        <translation>O que rodaria em cada nó</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 — head</source>
        <translation>%1 — principal</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not NAME=VALUE</source>
        <translation>&apos;%1&apos; não está no formato NOME=VALOR</translation>
    </message>
    <message>
        <source>No node has a data-plane address yet: run Cluster &gt; Set Up Cluster first.</source>
        <translation>Nenhum nó tem endereço do plano de dados ainda: execute antes Cluster &gt; Configurar cluster.</translation>
    </message>
    <message>
        <source>NCCL_IB_TC: the traffic class RCCL gives its RDMA traffic. By default the ToS the cluster setup applied to the nodes (106 with the default QoS); RCCL does not take the nodes&apos; default ToS, unset it sends at 0.</source>
        <translation>NCCL_IB_TC: a classe de tráfego que o RCCL dá ao seu tráfego RDMA. Por padrão, o ToS que a configuração do cluster aplicou aos nós (106 com a QoS padrão); o RCCL não usa o ToS padrão dos nós, sem definir ele envia em 0.</translation>
    </message>
    <message>
        <source>Use t&amp;he Setup&apos;s</source>
        <translation>&amp;Herdar da configuração</translation>
    </message>
    <message>
        <source>Use the traffic class of the cluster setup</source>
        <translation>Usar a classe de tráfego da configuração do cluster</translation>
    </message>
    <message>
        <source>Back to the traffic class the nodes&apos; saved QoS gives (or unset when they give none)</source>
        <translation>Voltar à classe de tráfego que a QoS salva dos nós dá (ou não definida quando não dá nenhuma)</translation>
    </message>
    <message>
        <source>Where the traffic class comes from</source>
        <translation>De onde vem a classe de tráfego</translation>
    </message>
    <message>
        <source>Set it here if the cluster has one.</source>
        <translation>Defina-a aqui se o cluster tiver uma.</translation>
    </message>
    <message>
        <source>Unset, chosen here (the cluster setup gave ToS %1).</source>
        <translation>Não definida, escolhido aqui (a configuração do cluster deu ToS %1).</translation>
    </message>
    <message>
        <source>Unset, chosen here.</source>
        <translation>Não definida, escolhido aqui.</translation>
    </message>
    <message>
        <source>Chosen here (the cluster setup gave ToS %1).</source>
        <translation>Escolhida aqui (a configuração do cluster deu ToS %1).</translation>
    </message>
    <message>
        <source>Chosen here.</source>
        <translation>Escolhida aqui.</translation>
    </message>
    <message>
        <source>set in the form</source>
        <translation>definida no formulário</translation>
    </message>
    <message>
        <source>NCCL_IB_TC is unset (chosen in the form): RCCL sends at traffic class 0 (DSCP 0, a priority without PFC).</source>
        <translation>NCCL_IB_TC não está definida (escolhido no formulário): o RCCL envia na classe de tráfego 0 (DSCP 0, uma prioridade sem PFC).</translation>
    </message>
    <message>
        <source>NCCL_IB_TC is unset, %1</source>
        <translation>NCCL_IB_TC não está definida, %1</translation>
    </message>
    <message>
        <source>API listens on</source>
        <translation>Onde a API escuta</translation>
    </message>
    <message>
        <source>data-plane address (default)</source>
        <translation>endereço do plano de dados (padrão)</translation>
    </message>
    <message>
        <source>this node only (127.0.0.1)</source>
        <translation>só este nó (127.0.0.1)</translation>
    </message>
    <message>
        <source>every interface (0.0.0.0)</source>
        <translation>todas as interfaces (0.0.0.0)</translation>
    </message>
    <message>
        <source>The address of the head the API listens on: its data-plane address by default, 127.0.0.1 (the head only), 0.0.0.0 (every interface), or another IPv4 address of the head (type it).</source>
        <translation>O endereço do head em que a API escuta: por padrão o do plano de dados, 127.0.0.1 (só o head), 0.0.0.0 (todas as interfaces) ou outro endereço IPv4 do head (digite-o).</translation>
    </message>
    <message>
        <source>Re&amp;quire an API key</source>
        <translation>Exigir uma cha&amp;ve de API</translation>
    </message>
    <message>
        <source>The server takes only requests with the key, a random one made at launch (Show API Key shows it).</source>
        <translation>O servidor só aceita requisições com a chave, uma aleatória criada no início (Revelar chave da API a mostra).</translation>
    </message>
    <message>
        <source>Without a key, anyone who can reach the address can use the API.</source>
        <translation>Sem chave, qualquer um que alcance o endereço pode usar a API.</translation>
    </message>
    <message>
        <source>No API key warning</source>
        <translation>Aviso de API sem chave</translation>
    </message>
    <message>
        <source>Hugging Face token</source>
        <translation>Token do Hugging Face</translation>
    </message>
    <message>
        <source>optional: for gated models</source>
        <translation>opcional: para modelos com acesso restrito</translation>
    </message>
    <message>
        <source>HF_TOKEN on every node, handed over on standard input: never saved, never shown in the preview or a log.</source>
        <translation>HF_TOKEN em todos os nós, entregue pela entrada padrão: nunca salvo, nunca mostrado na prévia nem em um log.</translation>
    </message>
    <message>
        <source>E&amp;xpose the API on:</source>
        <translation>Endere&amp;ço da API:</translation>
    </message>
    <message>
        <source>Hu&amp;gging Face token:</source>
        <translation>To&amp;ken do Hugging Face:</translation>
    </message>
</context>
<context>
    <name>halolink::ui::JobTableModel</name>
    <message>
        <source>running</source>
        <translation>rodando</translation>
    </message>
    <message>
        <source>partly running</source>
        <translation>rodando em parte</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>parado</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>verificando…</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>iniciando…</translation>
    </message>
    <message>
        <source>running, smoke test…</source>
        <translation>rodando, teste rápido…</translation>
    </message>
    <message>
        <source>stopping…</source>
        <translation>parando…</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>unknown (not reachable)</source>
        <translation>desconhecido (inacessível)</translation>
    </message>
    <message>
        <source>Head: %1</source>
        <translation>Principal: %1</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Engine, runtime</source>
        <translation>Engine, runtime</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Nodes (head first)</source>
        <translation>Nós (o principal primeiro)</translation>
    </message>
    <message>
        <source>refused (nothing started)</source>
        <translation>recusado (nada iniciado)</translation>
    </message>
    <message>
        <source>running, benchmark…</source>
        <translation>rodando, benchmark…</translation>
    </message>
</context>
<context>
    <name>halolink::ui::JobsWindow</name>
    <message>
        <source>vLLM over Ray</source>
        <translation>vLLM sobre Ray</translation>
    </message>
    <message>
        <source>llama.cpp RPC</source>
        <translation>llama.cpp RPC</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>aguardando</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>iniciando…</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>pronto</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>parado</translation>
    </message>
    <message>
        <source>running</source>
        <translation>rodando</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <source>Jobs — HaloLink</source>
        <translation>Jobs — HaloLink</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>New &amp;Job</source>
        <translation>Novo &amp;job</translation>
    </message>
    <message>
        <source>Describe a job and launch it</source>
        <translation>Descreva um job e inicie-o</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Atuali&amp;zar</translation>
    </message>
    <message>
        <source>Look for jobs on the connected nodes again (%1)</source>
        <translation>Procura de novo os jobs nos nós conectados (%1)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>Stop every part of the selected job on its nodes</source>
        <translation>Para todas as partes do job selecionado nos seus nós</translation>
    </message>
    <message>
        <source>Rest&amp;art</source>
        <translation>&amp;Reiniciar</translation>
    </message>
    <message>
        <source>Stop the selected job, then launch it again with the same settings</source>
        <translation>Para o job selecionado e o inicia de novo com as mesmas configurações</translation>
    </message>
    <message>
        <source>Smo&amp;ke Test</source>
        <translation>Teste rápi&amp;do</translation>
    </message>
    <message>
        <source>One prompt through the job&apos;s API, with the RDMA port counters of every node as proof of what carried the traffic</source>
        <translation>Um prompt pela API do job, com os contadores das portas RDMA de cada nó como prova do que carregou o tráfego</translation>
    </message>
    <message>
        <source>&amp;Cancel Launch</source>
        <translation>&amp;Cancelar início</translation>
    </message>
    <message>
        <source>Abandon the launch in progress; what was started is stopped again</source>
        <translation>Abandona o início em andamento; o que foi iniciado é parado de novo</translation>
    </message>
    <message>
        <source>Jobs status</source>
        <translation>Status dos jobs</translation>
    </message>
    <message>
        <source>Job details</source>
        <translation>Detalhes do job</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>Launch the job</source>
        <translation>Inicia o job</translation>
    </message>
    <message>
        <source>Check every node (runtime, image, model, ports, memory), then start the job in order, waiting for each part to be ready, then run the smoke test</source>
        <translation>Verifica cada nó (runtime, imagem, modelo, portas, memória), inicia o job em ordem, esperando cada parte ficar pronta, e então roda o teste rápido</translation>
    </message>
    <message>
        <source>New Job</source>
        <translation>Novo job</translation>
    </message>
    <message>
        <source>Ste&amp;ps, in order (each waits for the one before to be ready):</source>
        <translation>&amp;Etapas, em ordem (cada uma espera a anterior ficar pronta):</translation>
    </message>
    <message>
        <source>Steps of the job</source>
        <translation>Etapas do job</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Papel</translation>
    </message>
    <message>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>Espera por</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>&amp;Messages:</source>
        <translation>&amp;Mensagens:</translation>
    </message>
    <message>
        <source>What the launcher did</source>
        <translation>O que o inicializador fez</translation>
    </message>
    <message>
        <source>Steps and Messages</source>
        <translation>Etapas e mensagens</translation>
    </message>
    <message>
        <source>&amp;Node and role:</source>
        <translation>&amp;Nó e papel:</translation>
    </message>
    <message>
        <source>Node and role of the log</source>
        <translation>Nó e papel do log</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Recarre&amp;gar</translation>
    </message>
    <message>
        <source>Reload the log</source>
        <translation>Recarrega o log</translation>
    </message>
    <message>
        <source>Log of the role</source>
        <translation>Log do papel</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Logs</translation>
    </message>
    <message>
        <source>Smoke Test and RDMA Proof</source>
        <translation>Teste rápido e prova de RDMA</translation>
    </message>
    <message>
        <source>Live Traffic</source>
        <translation>Tráfego ao vivo</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; runs: %2/v1</source>
        <translation>O job &apos;%1&apos; está rodando: %2/v1</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; cannot start; nothing was started:</source>
        <translation>O job &apos;%1&apos; não pode iniciar; nada foi iniciado:</translation>
    </message>
    <message>
        <source>The launch of &apos;%1&apos; failed; what was started was stopped again:</source>
        <translation>O início de &apos;%1&apos; falhou; o que foi iniciado foi parado de novo:</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; did not start (see Steps and Messages).</source>
        <translation>O job &apos;%1&apos; não iniciou (veja Etapas e mensagens).</translation>
    </message>
    <message>
        <source>Parts of the job &apos;%1&apos; could not be stopped (see Steps and Messages).</source>
        <translation>Partes do job &apos;%1&apos; não puderam ser paradas (veja Etapas e mensagens).</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; is stopped.</source>
        <translation>O job &apos;%1&apos; está parado.</translation>
    </message>
    <message>
        <source>Smoke test of &apos;%1&apos;: %2</source>
        <translation>Teste rápido de &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>The smoke test of &apos;%1&apos; failed.</source>
        <translation>O teste rápido de &apos;%1&apos; falhou.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>The smoke test is running…</source>
        <translation>O teste rápido está rodando…</translation>
    </message>
    <message>
        <source>Select a job in the list, or launch one from New Job.</source>
        <translation>Selecione um job na lista, ou inicie um em Novo job.</translation>
    </message>
    <message>
        <source>The job cannot start:</source>
        <translation>O job não pode iniciar:</translation>
    </message>
    <message>
        <source>No SSH node is connected yet: jobs are looked for on connected nodes (Refresh).</source>
        <translation>Nenhum nó SSH está conectado ainda: os jobs são procurados nos nós conectados (Atualizar).</translation>
    </message>
    <message numerus="yes">
        <source>Looking for jobs on %n node(s)…</source>
        <translation>
            <numerusform>Procurando jobs em %n nó…</numerusform>
            <numerusform>Procurando jobs em %n nós…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 is not running</source>
        <translation>%1 em %2 não está rodando</translation>
    </message>
    <message>
        <source>Not reachable: %1</source>
        <translation>Inacessível: %1</translation>
    </message>
    <message>
        <source>Started %1</source>
        <translation>Iniciado em %1</translation>
    </message>
    <message>
        <source>Its job.json is no longer on its nodes.</source>
        <translation>O job.json dele não está mais nos seus nós.</translation>
    </message>
    <message>
        <source>No jobs on the connected nodes.</source>
        <translation>Nenhum job nos nós conectados.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) found on the connected nodes.</source>
        <translation>
            <numerusform>%n job encontrado nos nós conectados.</numerusform>
            <numerusform>%n jobs encontrados nos nós conectados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not asked: %1</source>
        <translation>Não consultados: %1</translation>
    </message>
    <message>
        <source>%1 is not connected (%2).</source>
        <translation>%1 não está conectado (%2).</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; is busy (%2): wait, or cancel it.</source>
        <translation>O job &apos;%1&apos; está ocupado (%2): espere ou cancele-o.</translation>
    </message>
    <message>
        <source>A job named &apos;%1&apos; is busy (%2): wait, or choose another name.</source>
        <translation>Um job chamado &apos;%1&apos; está ocupado (%2): espere ou escolha outro nome.</translation>
    </message>
    <message>
        <source>A job named &apos;%1&apos; already runs on %2: stop it first, or choose another name.</source>
        <translation>Um job chamado &apos;%1&apos; já está rodando em %2: pare-o antes ou escolha outro nome.</translation>
    </message>
    <message>
        <source>The job cannot start; nothing was started:</source>
        <translation>O job não pode iniciar; nada foi iniciado:</translation>
    </message>
    <message>
        <source>The launch was refused: see New Job.</source>
        <translation>O início foi recusado: veja Novo job.</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Aviso: %1</translation>
    </message>
    <message>
        <source>Launching &apos;%1&apos;…</source>
        <translation>Iniciando &apos;%1&apos;…</translation>
    </message>
    <message>
        <source>Stop the job?</source>
        <translation>Parar o job?</translation>
    </message>
    <message>
        <source>Stop the job &apos;%1&apos; on %2? Requests in flight are cut off.</source>
        <translation>Parar o job &apos;%1&apos; em %2? As requisições em andamento são interrompidas.</translation>
    </message>
    <message>
        <source>Select a running job to see its data-plane traffic live.</source>
        <translation>Selecione um job em execução para ver ao vivo o tráfego do plano de dados dele.</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; is %2: live rates are shown while it runs.</source>
        <translation>O job &apos;%1&apos; está %2: as taxas ao vivo aparecem enquanto ele roda.</translation>
    </message>
    <message>
        <source>Select a job to read its logs.</source>
        <translation>Selecione um job para ler os logs dele.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 is not connected: its logs cannot be read now.</source>
        <translation>%1 não está conectado: os logs dele não podem ser lidos agora.</translation>
    </message>
    <message>
        <source>The log stream ended (exit code %1).</source>
        <translation>O fluxo do log terminou (código de saída %1).</translation>
    </message>
    <message>
        <source>The log stream ended: %1</source>
        <translation>O fluxo do log terminou: %1</translation>
    </message>
    <message>
        <source>The last %1 lines, then new ones as they come.</source>
        <translation>As últimas %1 linhas, e depois as novas conforme chegam.</translation>
    </message>
    <message>
        <source>Not following the log.</source>
        <translation>Sem acompanhar o log.</translation>
    </message>
    <message>
        <source>Remove Jo&amp;b</source>
        <translation>Remover jo&amp;b</translation>
    </message>
    <message>
        <source>Take the selected job out of the list (it is stopped, failed or was refused; nothing on the nodes changes) (%1)</source>
        <translation>Tirar o job selecionado da lista (está parado, falhou ou foi recusado; nada muda nos nós) (%1)</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>não iniciado</translation>
    </message>
    <message>
        <source>Try &amp;Again</source>
        <translation>&amp;Tentar de novo</translation>
    </message>
    <message>
        <source>Run the checks on the nodes again and launch the job with the same settings (once what they found is fixed)</source>
        <translation>Rodar de novo as verificações nos nós e lançar o job com as mesmas configurações (depois de corrigir o que elas encontraram)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no longer listed (Refresh lists it again if it is found on the nodes).</source>
        <translation>&apos;%1&apos; não está mais na lista (Atualizar o lista de novo se ele for encontrado nos nós).</translation>
    </message>
    <message>
        <source>Show API Ke&amp;y…</source>
        <translation>Reve&amp;lar chave da API…</translation>
    </message>
    <message>
        <source>Show the key the selected job&apos;s API asks for (read from its server on the head when it is not known here)</source>
        <translation>Mostra a chave que a API do job selecionado pede (lida do seu servidor no head quando não é conhecida aqui)</translation>
    </message>
    <message>
        <source>Reading the API key of &apos;%1&apos; from its server…</source>
        <translation>Lendo a chave da API de &apos;%1&apos; do seu servidor…</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; has no API key.</source>
        <translation>O job &apos;%1&apos; não tem chave de API.</translation>
    </message>
    <message>
        <source>API Key of &apos;%1&apos;</source>
        <translation>Chave da API de &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Requests to the job&apos;s API give this key (Authorization: Bearer …). Whoever has it can use the API.</source>
        <translation>As requisições à API do job dão esta chave (Authorization: Bearer …). Quem a tiver pode usar a API.</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Chave da API</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>Copiar a chave da API</translation>
    </message>
    <message>
        <source>Compare R&amp;DMA and TCP…</source>
        <translation>Comp&amp;arar RDMA e TCP…</translation>
    </message>
    <message>
        <source>Benchmark the selected job as it runs, relaunch it with the other transport and benchmark it again, then relaunch it as it was: the speed-up per concurrency, with each run&apos;s traffic proof (the job&apos;s API is down during the relaunches)</source>
        <translation>Faz o benchmark do job selecionado como ele roda, reinicia-o com o outro transporte e faz o benchmark de novo, depois o reinicia como estava: a aceleração por concorrência, com a prova de tráfego de cada execução (a API do job fica fora do ar durante os reinícios)</translation>
    </message>
    <message>
        <source>Kep&amp;t Comparisons…</source>
        <translation>Comparações g&amp;uardadas…</translation>
    </message>
    <message>
        <source>The RDMA/TCP comparisons of the selected job kept with the cluster</source>
        <translation>As comparações RDMA/TCP do job selecionado guardadas com o cluster</translation>
    </message>
    <message>
        <source>Comparing RDMA and TCP.</source>
        <translation>Comparando RDMA e TCP.</translation>
    </message>
    <message>
        <source>Comparing RDMA and TCP for &apos;%1&apos;: the job is relaunched twice.</source>
        <translation>Comparando RDMA e TCP para &apos;%1&apos;: o job é reiniciado duas vezes.</translation>
    </message>
    <message>
        <source>The comparison of &apos;%1&apos; was cancelled.</source>
        <translation>A comparação de &apos;%1&apos; foi cancelada.</translation>
    </message>
    <message>
        <source>The comparison of &apos;%1&apos; failed: %2</source>
        <translation>A comparação de &apos;%1&apos; falhou: %2</translation>
    </message>
    <message>
        <source>RDMA against TCP for &apos;%1&apos;: up to %2× the tokens/s.</source>
        <translation>RDMA contra TCP para &apos;%1&apos;: até %2× os tokens/s.</translation>
    </message>
    <message>
        <source>The comparison of &apos;%1&apos; ended without a speed-up to show.</source>
        <translation>A comparação de &apos;%1&apos; terminou sem uma aceleração para mostrar.</translation>
    </message>
    <message>
        <source>The job runs as it did before.</source>
        <translation>O job roda como rodava antes.</translation>
    </message>
    <message>
        <source>The comparison could not put the job back: %1</source>
        <translation>A comparação não conseguiu deixar o job como estava: %1</translation>
    </message>
</context>
<context>
    <name>halolink::ui::KeptComparisonsDialog</name>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>done</source>
        <translation>concluída</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>%1, the job was not put back</source>
        <translation>%1, o job não voltou a ser como estava</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1× to %2×</source>
        <translation>%1× a %2×</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>não comparadas</translation>
    </message>
    <message>
        <source>same</source>
        <translation>iguais</translation>
    </message>
    <message>
        <source>differ</source>
        <translation>diferem</translation>
    </message>
    <message>
        <source>Kept Comparisons of &apos;%1&apos;</source>
        <translation>Comparações guardadas de &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Kept comparisons, newest first</source>
        <translation>Comparações guardadas, as mais recentes primeiro</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>Concurrency levels</source>
        <translation>Níveis de concorrência</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>Aceleração</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Saídas</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Recarre&amp;gar</translation>
    </message>
    <message>
        <source>Reload the kept comparisons</source>
        <translation>Recarrega as comparações guardadas</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>No comparison of &apos;%1&apos; is kept in %2 yet.</source>
        <translation>Ainda não há nenhuma comparação de &apos;%1&apos; guardada em %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n comparison(s) of &apos;%1&apos; kept in %2, newest first.</source>
        <translation>
            <numerusform>%n comparação de &apos;%1&apos; guardada em %2.</numerusform>
            <numerusform>%n comparações de &apos;%1&apos; guardadas em %2, as mais recentes primeiro.</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare RDMA and TCP runs a comparison; each one is kept here.</source>
        <translation>Comparar RDMA e TCP executa uma comparação; cada uma fica guardada aqui.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::LatencyHeatmap</name>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Latency measured over RDMA</source>
        <translation>Latência medida via RDMA</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>Latency measured over TCP</source>
        <translation>Latência medida via TCP</translation>
    </message>
    <message>
        <source>One-way</source>
        <translation>Um sentido</translation>
    </message>
    <message>
        <source>One-way latency (round trip / 2, as perftest and sockperf report)</source>
        <translation>Latência em um sentido (ida e volta / 2, como o perftest e o sockperf informam)</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>Ida e volta</translation>
    </message>
    <message>
        <source>Round-trip latency</source>
        <translation>Latência de ida e volta</translation>
    </message>
    <message>
        <source>Percentile of each measurement burst</source>
        <translation>Percentil de cada rajada de medições</translation>
    </message>
    <message>
        <source>Latency percentile</source>
        <translation>Percentil de latência</translation>
    </message>
    <message>
        <source>to</source>
        <translation>para</translation>
    </message>
    <message>
        <source>from</source>
        <translation>de</translation>
    </message>
    <message>
        <source>Latency, %1</source>
        <translation>Latência, %1</translation>
    </message>
    <message>
        <source>Latency needs two or more nodes: add nodes to see the mesh.</source>
        <translation>A latência precisa de dois ou mais nós: adicione nós para ver a malha.</translation>
    </message>
    <message>
        <source>No %1 latency measured between these nodes yet.</source>
        <translation>Nenhuma latência %1 medida entre estes nós ainda.</translation>
    </message>
    <message>
        <source>%1, %2 nodes. Lowest %3 → %4: %5; highest %6 → %7: %8. The table has every pair.</source>
        <translation>%1, %2 nós. Menor %3 → %4: %5; maior %6 → %7: %8. A tabela tem todos os pares.</translation>
    </message>
    <message>
        <source>%1: nothing measured yet.</source>
        <translation>%1: nada medido ainda.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::LiveTrafficView</name>
    <message>
        <source>Live data-plane traffic per node</source>
        <translation>Tráfego ao vivo do plano de dados por nó</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>RDMA device:port</source>
        <translation>Dispositivo:porta RDMA</translation>
    </message>
    <message>
        <source>RDMA tx</source>
        <translation>RDMA tx</translation>
    </message>
    <message>
        <source>RDMA rx</source>
        <translation>RDMA rx</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>NIC tx</source>
        <translation>NIC tx</translation>
    </message>
    <message>
        <source>NIC rx</source>
        <translation>NIC rx</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>The data plane of each node of the job, averaged over the last second and refreshed every second from the nodes&apos; telemetry (the dashboard&apos;s series). While the job works (a prompt, the smoke test), RDMA tx/rx move when RDMA carries the tensor-parallel traffic; NIC traffic with the RDMA port quiet means TCP.</source>
        <translation>O plano de dados de cada nó do job, com a média do último segundo, atualizado a cada segundo a partir da telemetria dos nós (as séries do painel). Enquanto o job trabalha (um prompt, o teste rápido), RDMA tx/rx se movem quando o RDMA carrega o tráfego de paralelismo de tensor; tráfego na NIC com a porta RDMA parada significa TCP.</translation>
    </message>
    <message>
        <source>Live rates are shown while the job runs.</source>
        <translation>As taxas ao vivo aparecem enquanto o job roda.</translation>
    </message>
    <message>
        <source>No recent sample</source>
        <translation>Nenhuma amostra recente</translation>
    </message>
</context>
<context>
    <name>halolink::ui::MainWindow</name>
    <message>
        <source>HaloLink</source>
        <translation>HaloLink</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nós</translation>
    </message>
    <message>
        <source>Engine version</source>
        <translation>Versão do engine</translation>
    </message>
    <message>
        <source>Engine: not started</source>
        <translation>Engine: não iniciado</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>Probe the node again (%1)</source>
        <translation>Sonda o nó de novo (%1)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>Cluster &amp;dashboard</source>
        <translation>&amp;Painel do cluster</translation>
    </message>
    <message>
        <source>Live latency, bandwidth and GPU charts of the whole cluster (%1)</source>
        <translation>Gráficos ao vivo de latência, largura de banda e GPU do cluster inteiro (%1)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>&amp;Node</source>
        <translation>&amp;Nó</translation>
    </message>
    <message>
        <source>&amp;Set Up Cluster…</source>
        <translation>&amp;Configurar cluster…</translation>
    </message>
    <message>
        <source>Guided RoCE v2 setup: nodes, preflight, addresses, QoS, apply with automatic rollback, verification</source>
        <translation>Configuração guiada do RoCE v2: nós, verificações prévias, endereços, QoS, aplicação com reversão automática, verificação</translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation>&amp;Cluster</translation>
    </message>
    <message>
        <source>&amp;Jobs…</source>
        <translation>&amp;Jobs…</translation>
    </message>
    <message>
        <source>Tensor-parallel jobs (vLLM over Ray, llama.cpp RPC): launch with the RDMA environment from the probes, follow, stop, smoke-test and prove RDMA (%1)</source>
        <translation>Jobs com paralelismo de tensor (vLLM sobre Ray, llama.cpp RPC): inicie com o ambiente RDMA das sondagens, acompanhe, pare, faça o teste rápido e prove o RDMA (%1)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>&amp;About HaloLink</source>
        <translation>&amp;Sobre o HaloLink</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Sobre o &amp;Qt</translation>
    </message>
    <message>
        <source>Resume the setup?</source>
        <translation>Retomar a configuração?</translation>
    </message>
    <message>
        <source>A cluster setup was left unfinished. Resume it where it was?</source>
        <translation>Uma configuração de cluster ficou inacabada. Retomá-la de onde parou?</translation>
    </message>
    <message>
        <source>Cannot resume</source>
        <translation>Não é possível retomar</translation>
    </message>
    <message>
        <source>The saved setup cannot be used (%1); starting afresh.</source>
        <translation>A configuração salva não pode ser usada (%1); começando do zero.</translation>
    </message>
    <message>
        <source>Cluster configured and saved: the dashboard shows it live.</source>
        <translation>Cluster configurado e salvo: o painel o mostra ao vivo.</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; runs.</source>
        <translation>O job &apos;%1&apos; está rodando.</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; did not start (Cluster &gt; Jobs).</source>
        <translation>O job &apos;%1&apos; não iniciou (Cluster &gt; Jobs).</translation>
    </message>
    <message>
        <source>Job &apos;%1&apos; is running on %2 (%3)</source>
        <translation>O job &apos;%1&apos; está rodando em %2 (%3)</translation>
    </message>
    <message>
        <source>Job &apos;%1&apos; is partly running on %2 (%3)</source>
        <translation>O job &apos;%1&apos; está rodando em parte em %2 (%3)</translation>
    </message>
    <message>
        <source>Starting live telemetry of %1…</source>
        <translation>Iniciando a telemetria ao vivo de %1…</translation>
    </message>
    <message>
        <source>Live telemetry of %1 stopped (%2); starting it again…</source>
        <translation>A telemetria ao vivo de %1 parou (%2); iniciando de novo…</translation>
    </message>
    <message>
        <source>No live telemetry from %1: %2</source>
        <translation>Sem telemetria ao vivo de %1: %2</translation>
    </message>
    <message>
        <source>Demo data: synthetic numbers for 4 imaginary nodes (demo1–demo4), because HALOLINK_DEMO_TELEMETRY is set. Nothing from the demo nodes was measured.</source>
        <translation>Dados de demonstração: números sintéticos de 4 nós imaginários (demo1–demo4), porque HALOLINK_DEMO_TELEMETRY está definida. Nada dos nós de demonstração foi medido.</translation>
    </message>
    <message>
        <source>Probing %1…</source>
        <translation>Sondando %1…</translation>
    </message>
    <message>
        <source>%1 is not connected; it is probed when it is.</source>
        <translation>%1 não está conectado; ele será sondado quando estiver.</translation>
    </message>
    <message>
        <source>%1 probed.</source>
        <translation>%1 sondado.</translation>
    </message>
    <message>
        <source>Engine: not found</source>
        <translation>Engine: não encontrado</translation>
    </message>
    <message>
        <source>Probing %1 failed.</source>
        <translation>A sondagem de %1 falhou.</translation>
    </message>
    <message>
        <source>Engine %1 (protocol %2)</source>
        <translation>Engine %1 (protocolo %2)</translation>
    </message>
    <message>
        <source>About HaloLink</source>
        <translation>Sobre o HaloLink</translation>
    </message>
    <message>
        <source>&lt;h3&gt;HaloLink %1&lt;/h3&gt;&lt;p&gt;Cluster manager for RDMA-linked Strix Halo GPU nodes.&lt;/p&gt;&lt;p&gt;Engine protocol %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;HaloLink %1&lt;/h3&gt;&lt;p&gt;Gerenciador de clusters de nós de GPU Strix Halo ligados por RDMA.&lt;/p&gt;&lt;p&gt;Protocolo do engine: %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Quit while a job is busy?</source>
        <translation>Sair com um job ocupado?</translation>
    </message>
    <message>
        <source>A job is being launched, stopped or smoke-tested. Quitting abandons that half-way (jobs already started keep running on their nodes). Quit anyway?</source>
        <translation>Um job está sendo iniciado, parado ou testado. Sair abandona isso no meio do caminho (os jobs já iniciados continuam rodando nos seus nós). Sair mesmo assim?</translation>
    </message>
    <message>
        <source>Try a &amp;Virtual Cluster…</source>
        <translation>Experimentar um cluster &amp;virtual…</translation>
    </message>
    <message>
        <source>Boot two to four Soft-RoCE virtual machines on this computer and try HaloLink on them, without RDMA hardware</source>
        <translation>Inicia de duas a quatro máquinas virtuais com Soft-RoCE neste computador para experimentar o HaloLink nelas, sem hardware RDMA</translation>
    </message>
    <message>
        <source>of unknown version</source>
        <translation>de versão desconhecida</translation>
    </message>
    <message>
        <source>HaloLink runs on this computer (engine %1), but its checks found: %2.</source>
        <translation>O HaloLink roda neste computador (engine %1), mas as verificações dele encontraram: %2.</translation>
    </message>
    <message>
        <source>HaloLink works on this computer (engine %1).</source>
        <translation>O HaloLink funciona neste computador (engine %1).</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) to read.</source>
        <translation>
            <numerusform>%n aviso para ler.</numerusform>
            <numerusform>%n avisos para ler.</numerusform>
        </translation>
    </message>
    <message>
        <source>HaloLink cannot probe this computer: %1</source>
        <translation>O HaloLink não consegue sondar este computador: %1</translation>
    </message>
    <message>
        <source>A virtual cluster is starting: Cluster &gt; Try a Virtual Cluster… shows its progress.</source>
        <translation>Um cluster virtual está iniciando: Cluster &gt; Experimentar um cluster virtual… mostra o progresso.</translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added.</source>
        <translation>
            <numerusform>%n nó virtual adicionado.</numerusform>
            <numerusform>%n nós virtuais adicionados.</numerusform>
        </translation>
    </message>
    <message>
        <source>The virtual cluster was stopped.</source>
        <translation>O cluster virtual foi parado.</translation>
    </message>
    <message>
        <source>The &amp;Cluster</source>
        <translation>O c&amp;luster</translation>
    </message>
    <message>
        <source>The cluster as it was set up: nodes, data planes, QoS, and what RDMA and TCP measured between every pair (%1)</source>
        <translation>O cluster como foi configurado: nós, planos de dados, QoS e o que RDMA e TCP mediram entre cada par (%1)</translation>
    </message>
    <message>
        <source>&amp;Events…</source>
        <translation>&amp;Eventos…</translation>
    </message>
    <message>
        <source>The alerts of this session: port down, link errors, nodes lost, GPU heat, GTT</source>
        <translation>Os alertas desta sessão: porta inativa, erros de enlace, nós perdidos, calor da GPU, GTT</translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodeActions</name>
    <message>
        <source>&amp;Add Node…</source>
        <translation>A&amp;dicionar nó…</translation>
    </message>
    <message>
        <source>&amp;Edit Node…</source>
        <translation>&amp;Editar nó…</translation>
    </message>
    <message>
        <source>Re&amp;move Node</source>
        <translation>&amp;Remover nó</translation>
    </message>
    <message>
        <source>&amp;Import from SSH Config…</source>
        <translation>&amp;Importar da configuração SSH…</translation>
    </message>
    <message>
        <source>Re&amp;connect</source>
        <translation>Re&amp;conectar</translation>
    </message>
    <message>
        <source>Add a node reached over SSH</source>
        <translation>Adiciona um nó acessado por SSH</translation>
    </message>
    <message>
        <source>Change the selected node&apos;s SSH or data-plane settings</source>
        <translation>Altera as configurações de SSH ou do plano de dados do nó selecionado</translation>
    </message>
    <message>
        <source>Remove the selected node from HaloLink (nothing on the node changes)</source>
        <translation>Remove o nó selecionado do HaloLink (nada muda no nó)</translation>
    </message>
    <message>
        <source>Add the Host entries of ~/.ssh/config as nodes</source>
        <translation>Adiciona as entradas Host do ~/.ssh/config como nós</translation>
    </message>
    <message>
        <source>Connect to the selected node again now</source>
        <translation>Conecta de novo ao nó selecionado agora</translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation>%1: %2 falhou: %3</translation>
    </message>
    <message>
        <source>Node Inventory</source>
        <translation>Inventário de nós</translation>
    </message>
    <message>
        <source>Add a Node</source>
        <translation>Adicionar um nó</translation>
    </message>
    <message>
        <source>Added %1; connecting…</source>
        <translation>%1 adicionado; conectando…</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>Editar %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Remover %1</translation>
    </message>
    <message>
        <source>Remove %1 from HaloLink? Its connection ends; nothing on the node is changed, and its host key stays in known_hosts.</source>
        <translation>Remover %1 do HaloLink? A conexão dele é encerrada; nada é alterado no nó, e a chave do host dele continua no known_hosts.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Import from SSH Config</source>
        <translation>Importar da configuração SSH</translation>
    </message>
    <message>
        <source>Some hosts were not added:
%1</source>
        <translation>Alguns hosts não foram adicionados:
%1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) imported.</source>
        <translation>
            <numerusform>%n nó importado.</numerusform>
            <numerusform>%n nós importados.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodeDialog</name>
    <message>
        <source>Add a Node</source>
        <translation>Adicionar um nó</translation>
    </message>
    <message>
        <source>This Computer</source>
        <translation>Este computador</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>Editar %1</translation>
    </message>
    <message>
        <source>This computer runs the engine itself, without SSH. Give its data-plane (RDMA) address if it takes part in the cluster&apos;s latency mesh.</source>
        <translation>Este computador executa o próprio engine, sem SSH. Informe o endereço do plano de dados (RDMA) dele se ele participar da malha de latência do cluster.</translation>
    </message>
    <message>
        <source>HaloLink reaches the node over SSH, as &lt;code&gt;ssh&lt;/code&gt; would: a Host alias of ~/.ssh/config brings its user, port, key and ProxyJump. Fields left empty come from there.</source>
        <translation>O HaloLink acessa o nó por SSH, como o &lt;code&gt;ssh&lt;/code&gt; faria: um alias Host do ~/.ssh/config traz o usuário, a porta, a chave e o ProxyJump dele. Os campos deixados em branco vêm de lá.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>e.g. halo1</source>
        <translation>p. ex. halo1</translation>
    </message>
    <message>
        <source>SSH &amp;host:</source>
        <translation>&amp;Host SSH:</translation>
    </message>
    <message>
        <source>host name, address or ~/.ssh/config alias</source>
        <translation>nome de host, endereço ou alias do ~/.ssh/config</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Usuário:</translation>
    </message>
    <message>
        <source>from the ssh config, else your user name</source>
        <translation>da configuração do ssh; senão, o seu nome de usuário</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Porta:</translation>
    </message>
    <message>
        <source>from the ssh config, else 22</source>
        <translation>da configuração do ssh; senão, 22</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Choose the identity file</source>
        <translation>Escolha o arquivo de identidade</translation>
    </message>
    <message>
        <source>&amp;Identity file:</source>
        <translation>Arquivo de i&amp;dentidade:</translation>
    </message>
    <message>
        <source>ssh agent and the config&apos;s keys</source>
        <translation>agente ssh e as chaves da configuração</translation>
    </message>
    <message>
        <source>Data-plane &amp;interface:</source>
        <translation>&amp;Interface do plano de dados:</translation>
    </message>
    <message>
        <source>optional, e.g. enp194s0np0</source>
        <translation>opcional, p. ex. enp194s0np0</translation>
    </message>
    <message>
        <source>Data-plane &amp;address:</source>
        <translation>&amp;Endereço do plano de dados:</translation>
    </message>
    <message>
        <source>e.g. 192.168.100.1/30 (RDMA network)</source>
        <translation>p. ex. 192.168.100.1/30 (rede RDMA)</translation>
    </message>
    <message>
        <source>The node&apos;s address on the RDMA network: benchmarks and the latency mesh use it, never the SSH address.</source>
        <translation>O endereço do nó na rede RDMA: os benchmarks e a malha de latência o usam, nunca o endereço SSH.</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Adicionar</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Salvar</translation>
    </message>
    <message>
        <source>Private Key</source>
        <translation>Chave privada</translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodePage</name>
    <message>
        <source>Node name</source>
        <translation>Nome do nó</translation>
    </message>
    <message>
        <source>Node state</source>
        <translation>Estado do nó</translation>
    </message>
    <message>
        <source>Probing</source>
        <translation>Sondando</translation>
    </message>
    <message>
        <source>Refresh node</source>
        <translation>Atualizar o nó</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Node details</source>
        <translation>Detalhes do nó</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>&amp;Visão geral</translation>
    </message>
    <message>
        <source>&amp;Checks</source>
        <translation>V&amp;erificações</translation>
    </message>
    <message>
        <source>&amp;Network &amp;&amp; RDMA</source>
        <translation>&amp;Rede &amp;&amp; RDMA</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Hostname:</source>
        <translation>Nome do host:</translation>
    </message>
    <message>
        <source>OS:</source>
        <translation>SO:</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Memória:</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>Engine:</translation>
    </message>
    <message>
        <source>Libraries:</source>
        <translation>Bibliotecas:</translation>
    </message>
    <message>
        <source>Unified memory (kernel command line)</source>
        <translation>Memória unificada (linha de comando do kernel)</translation>
    </message>
    <message>
        <source>Kernel command line flags</source>
        <translation>Parâmetros da linha de comando do kernel</translation>
    </message>
    <message>
        <source>Preflight</source>
        <translation>Verificações prévias</translation>
    </message>
    <message>
        <source>Preflight summary</source>
        <translation>Resumo das verificações prévias</translation>
    </message>
    <message>
        <source>Show all checks</source>
        <translation>Mostrar todas as verificações</translation>
    </message>
    <message>
        <source>No GPU found.</source>
        <translation>Nenhuma GPU encontrada.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Visão geral</translation>
    </message>
    <message>
        <source>Show only warnings and failures</source>
        <translation>Mostrar só avisos e falhas</translation>
    </message>
    <message>
        <source>Show only problems</source>
        <translation>Mostrar só problemas</translation>
    </message>
    <message>
        <source>Preflight checks</source>
        <translation>Verificações prévias</translation>
    </message>
    <message>
        <source>Network interfaces</source>
        <translation>Interfaces de rede</translation>
    </message>
    <message>
        <source>RDMA ports</source>
        <translation>Portas RDMA</translation>
    </message>
    <message>
        <source>GID table</source>
        <translation>Tabela de GIDs</translation>
    </message>
    <message>
        <source>No network interfaces with a device were found.</source>
        <translation>Nenhuma interface de rede com dispositivo foi encontrada.</translation>
    </message>
    <message>
        <source>No RDMA device. RoCE needs an RDMA-capable NIC (E810 with irdma, ConnectX with mlx5) or Soft-RoCE (rdma link add rxe0 type rxe netdev IFACE).</source>
        <translation>Nenhum dispositivo RDMA. O RoCE precisa de uma NIC com RDMA (E810 com irdma, ConnectX com mlx5) ou do Soft-RoCE (rdma link add rxe0 type rxe netdev IFACE).</translation>
    </message>
    <message>
        <source>No GIDs: an RDMA port gets them from the addresses of its interface.</source>
        <translation>Sem GIDs: uma porta RDMA os obtém a partir dos endereços da sua interface.</translation>
    </message>
    <message>
        <source>GID table (the marked entry carries RoCE v2 traffic)</source>
        <translation>Tabela de GIDs (a entrada marcada carrega o tráfego RoCE v2)</translation>
    </message>
    <message>
        <source>Network and RDMA</source>
        <translation>Rede e RDMA</translation>
    </message>
    <message>
        <source>Install HaloLink together with its engine, build it (cmake --build build --target halolink-engine), or set HALOLINK_ENGINE to the engine&apos;s path. Then press Refresh (F5).</source>
        <translation>Instale o HaloLink junto com o engine dele, compile-o (cmake --build build --target halolink-engine) ou aponte HALOLINK_ENGINE para o caminho do engine. Depois pressione Atualizar (F5).</translation>
    </message>
    <message>
        <source>Make sure the engine file is executable (chmod +x) and built for this machine.</source>
        <translation>Confirme que o arquivo do engine é executável (chmod +x) e foi compilado para esta máquina.</translation>
    </message>
    <message>
        <source>Run &quot;halolink-engine probe&quot; in a terminal to see where it stops, and report it with that output.</source>
        <translation>Execute &quot;halolink-engine probe&quot; num terminal para ver onde ele para, e relate o problema com essa saída.</translation>
    </message>
    <message>
        <source>Something the engine reads is not answering (for example a NIC driver or ethtool). Run &quot;halolink-engine probe&quot; in a terminal to see which.</source>
        <translation>Algo que o engine lê não está respondendo (por exemplo, um driver de NIC ou o ethtool). Execute &quot;halolink-engine probe&quot; num terminal para ver o quê.</translation>
    </message>
    <message>
        <source>The engine says what went wrong above. Fix that, then press Refresh (F5).</source>
        <translation>O engine diz acima o que deu errado. Corrija isso e pressione Atualizar (F5).</translation>
    </message>
    <message>
        <source>This program is not the engine this HaloLink expects. Reinstall HaloLink, or point HALOLINK_ENGINE at the halolink-engine of the same version.</source>
        <translation>Este programa não é o engine que este HaloLink espera. Reinstale o HaloLink ou aponte HALOLINK_ENGINE para o halolink-engine da mesma versão.</translation>
    </message>
    <message>
        <source>Install the engine that came with this HaloLink version.</source>
        <translation>Instale o engine que veio com esta versão do HaloLink.</translation>
    </message>
    <message>
        <source>“%1” cannot be reached yet; HaloLink keeps trying.</source>
        <translation>“%1” ainda não pode ser acessado; o HaloLink continua tentando.</translation>
    </message>
    <message>
        <source>The connection to “%1” was lost; HaloLink keeps trying.</source>
        <translation>A conexão com “%1” foi perdida; o HaloLink continua tentando.</translation>
    </message>
    <message>
        <source>HaloLink cannot work with “%1”.</source>
        <translation>O HaloLink não consegue trabalhar com “%1”.</translation>
    </message>
    <message>
        <source>Connecting to “%1”…</source>
        <translation>Conectando a “%1”…</translation>
    </message>
    <message>
        <source>The details below are from the last probe, before that.</source>
        <translation>Os detalhes abaixo são da última sondagem, de antes disso.</translation>
    </message>
    <message>
        <source>Could not probe “%1”.</source>
        <translation>Não foi possível sondar “%1”.</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>O que fazer:</translation>
    </message>
    <message>
        <source>The details below are from the last successful probe.</source>
        <translation>Os detalhes abaixo são da última sondagem bem-sucedida.</translation>
    </message>
    <message>
        <source>Linux %1</source>
        <translation>Linux %1</translation>
    </message>
    <message>
        <source>The machine HaloLink runs on; no SSH needed.</source>
        <translation>A máquina onde o HaloLink roda; não precisa de SSH.</translation>
    </message>
    <message>
        <source>%1 over SSH</source>
        <translation>%1 por SSH</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>Ainda não sondado</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Sondando…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Ready — checks failed</source>
        <translation>Pronto — verificações com falha</translation>
    </message>
    <message>
        <source>Ready — with warnings</source>
        <translation>Pronto — com avisos</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>Asking the engine about %1…</source>
        <translation>Consultando o engine sobre %1…</translation>
    </message>
    <message>
        <source>Not probed yet. Press Refresh (F5).</source>
        <translation>Ainda não sondado. Pressione Atualizar (F5).</translation>
    </message>
    <message>
        <source>No probe yet.</source>
        <translation>Nenhuma sondagem ainda.</translation>
    </message>
    <message>
        <source>libibverbs: %1 · librdmacm: %2 · ROCm SMI: %3</source>
        <translation>libibverbs: %1 · librdmacm: %2 · ROCm SMI: %3</translation>
    </message>
    <message>
        <source>The kernel command line could not be read.</source>
        <translation>A linha de comando do kernel não pôde ser lida.</translation>
    </message>
    <message>
        <source>No amdgpu, ttm or IOMMU flags: the driver defaults apply, so the GPU may reach only part of system memory.</source>
        <translation>Nenhum parâmetro amdgpu, ttm ou IOMMU: valem os padrões do driver, então a GPU pode alcançar só parte da memória do sistema.</translation>
    </message>
    <message>
        <source>No amdgpu, ttm or IOMMU flags on the kernel command line.</source>
        <translation>Nenhum parâmetro amdgpu, ttm ou IOMMU na linha de comando do kernel.</translation>
    </message>
    <message>
        <source>Everything HaloLink checks looks right on this node.</source>
        <translation>Tudo o que o HaloLink verifica parece certo neste nó.</translation>
    </message>
    <message>
        <source>No checks yet.</source>
        <translation>Nenhuma verificação ainda.</translation>
    </message>
    <message>
        <source>&amp;Checks (%1)</source>
        <translation>V&amp;erificações (%1)</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more on the Checks tab.</source>
        <translation>
            <numerusform>… e mais %n na aba Verificações.</numerusform>
            <numerusform>… e mais %n na aba Verificações.</numerusform>
        </translation>
    </message>
    <message>
        <source>HaloLink works on this computer.</source>
        <translation>O HaloLink funciona neste computador.</translation>
    </message>
    <message>
        <source>This computer is the workstation HaloLink runs on, not a node of the cluster, so the checks about cluster nodes (RDMA, RoCE, GTT) do not apply here. If it takes part in the cluster, give it a data plane (Node &gt; Edit Node…).</source>
        <translation>Este computador é a estação de trabalho onde o HaloLink roda, não um nó do cluster, então as verificações sobre os nós do cluster (RDMA, RoCE, GTT) não se aplicam aqui. Se ele fizer parte do cluster, dê a ele um plano de dados (Nó &gt; Editar nó…).</translation>
    </message>
    <message>
        <source>Checks: %1</source>
        <translation>Verificações: %1</translation>
    </message>
</context>
<context>
    <name>halolink::ui::NodesPage</name>
    <message>
        <source>Nodes</source>
        <translation>Nós</translation>
    </message>
    <message>
        <source>Choose the two to eight machines of the cluster. HaloLink connects to each over SSH, deploys its engine and probes the hardware; nothing on the nodes changes yet.</source>
        <translation>Escolha as duas a oito máquinas do cluster. O HaloLink conecta a cada uma por SSH, implanta o engine e sonda o hardware; nada muda nos nós por enquanto.</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Nodes of the cluster</source>
        <translation>Nós do cluster</translation>
    </message>
    <message>
        <source>user@host[:port] …, separated by spaces or commas</source>
        <translation>usuário@host[:porta] …, separados por espaços ou vírgulas</translation>
    </message>
    <message>
        <source>Type one or more hosts, e.g. root@10.0.0.11 or node2:2222.</source>
        <translation>Digite um ou mais hosts, p. ex. root@10.0.0.11 ou node2:2222.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not user@host[:port].</source>
        <translation>&apos;%1&apos; não está no formato usuário@host[:porta].</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: port %2 is out of range.</source>
        <translation>&apos;%1&apos;: a porta %2 está fora do intervalo.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Connected, probing…</source>
        <translation>Conectado, sondando…</translation>
    </message>
    <message>
        <source>unknown host</source>
        <translation>host desconhecido</translation>
    </message>
    <message>
        <source>Probe failed: %1</source>
        <translation>A sondagem falhou: %1</translation>
    </message>
    <message>
        <source>Choose at least two nodes.</source>
        <translation>Escolha pelo menos dois nós.</translation>
    </message>
    <message>
        <source>At most 64 nodes.</source>
        <translation>No máximo 64 nós.</translation>
    </message>
    <message>
        <source>Waiting for %1 (connected and probed). Uncheck a node that cannot be reached, or fix its SSH settings with Edit in the main window.</source>
        <translation>Aguardando %1 (conectado e sondado). Desmarque um nó que não pode ser acessado ou corrija as configurações SSH dele com Editar na janela principal.</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) ready.</source>
        <translation>
            <numerusform>%n nó pronto.</numerusform>
            <numerusform>%n nós prontos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready: %1, %2, %3</source>
        <extracomment>%1 the host name, %2 &quot;N NIC(s)&quot;, %3 &quot;N RDMA port(s)&quot;</extracomment>
        <translation>Pronto: %1, %2, %3</translation>
    </message>
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
            <numerusform>%n porta RDMA</numerusform>
            <numerusform>%n portas RDMA</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Add Node…</source>
        <translation>A&amp;dicionar nó…</translation>
    </message>
    <message>
        <source>&amp;Import from SSH Config…</source>
        <translation>&amp;Importar da configuração SSH…</translation>
    </message>
    <message>
        <source>Or type &amp;hosts:</source>
        <translation>Ou digite &amp;hosts:</translation>
    </message>
    <message>
        <source>Add Hos&amp;ts</source>
        <translation>Adicionar hos&amp;ts</translation>
    </message>
    <message>
        <source>The cluster confirmed on %1 is chosen. Add a node or take one out, or go on to change its QoS or MTU, or to verify it again; what changes is planned, reviewed and applied with automatic rollback as the first time.</source>
        <extracomment>%1 the date and time the cluster was confirmed</extracomment>
        <translation>O cluster confirmado em %1 está selecionado. Adicione um nó ou retire um, ou siga adiante para alterar a QoS ou a MTU dele, ou para verificá-lo de novo; o que muda é planejado, revisado e aplicado com reversão automática, como da primeira vez.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::PreflightPage</name>
    <message>
        <source>Preflight</source>
        <translation>Verificações prévias</translation>
    </message>
    <message>
        <source>What each node has, and what stands in the way. Failures block the next step unless you override them with a reason; warnings are worth reading.</source>
        <translation>O que cada nó tem e o que atrapalha. As falhas bloqueiam o próximo passo, a menos que você as ignore informando um motivo; vale a pena ler os avisos.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificação</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Encontrado</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>O que fazer</translation>
    </message>
    <message>
        <source>Preflight checks per node</source>
        <translation>Verificações prévias por nó</translation>
    </message>
    <message>
        <source>the reason (kept in the setup log)</source>
        <translation>o motivo (guardado no log da configuração)</translation>
    </message>
    <message>
        <source>%1: no probe yet</source>
        <translation>%1: nenhuma sondagem ainda</translation>
    </message>
    <message>
        <source>%1 — %2 fail, %3 warn, data plane on %4</source>
        <translation>%1 — %2 falhas, %3 avisos, plano de dados em %4</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message numerus="yes">
        <source>%n failure(s) block the setup: fix them and probe again, or override with a reason.</source>
        <translation>
            <numerusform>%n falha bloqueia a configuração: corrija-a e sonde de novo, ou ignore-a informando um motivo.</numerusform>
            <numerusform>%n falhas bloqueiam a configuração: corrija-as e sonde de novo, ou ignore-as informando um motivo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No failures; %n warning(s) to read.</source>
        <translation>
            <numerusform>Nenhuma falha; %n aviso para ler.</numerusform>
            <numerusform>Nenhuma falha; %n avisos para ler.</numerusform>
        </translation>
    </message>
    <message>
        <source>Everything checked passes.</source>
        <translation>Tudo o que foi verificado passou.</translation>
    </message>
    <message>
        <source>Reason for overriding the failures</source>
        <translation>Motivo para ignorar as falhas</translation>
    </message>
    <message>
        <source>Use &amp;Soft-RoCE where a node has no RDMA NIC (software RDMA, for testing; far slower than a RoCE NIC)</source>
        <translation>Usar &amp;Soft-RoCE onde um nó não tem NIC RDMA (RDMA em software, para testes; bem mais lento que uma NIC RoCE)</translation>
    </message>
    <message>
        <source>&amp;Probe Again</source>
        <translation>Sondar &amp;de novo</translation>
    </message>
    <message>
        <source>&amp;Override the failures, because:</source>
        <translation>&amp;Ignorar as falhas, porque:</translation>
    </message>
</context>
<context>
    <name>halolink::ui::QosPage</name>
    <message>
        <source>Quality of service</source>
        <translation>Qualidade de serviço</translation>
    </message>
    <message>
        <source>RoCE v2 wants a lossless path. HaloLink marks RDMA traffic and gives it its own paused priority; the defaults suit a direct cable and most switches.</source>
        <translation>O RoCE v2 quer um caminho sem perdas. O HaloLink marca o tráfego RDMA e lhe dá uma prioridade própria com pausa; os padrões servem para um cabo direto e para a maioria dos switches.</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Avançado</translation>
    </message>
    <message>
        <source>PFC &amp;priority:</source>
        <translation>Prioridade P&amp;FC:</translation>
    </message>
    <message>
        <source>&amp;DSCP:</source>
        <translation>&amp;DSCP:</translation>
    </message>
    <message>
        <source>ToS for rdma_cm:</source>
        <translation>ToS para o rdma_cm:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>After applying, each node undoes the change by itself unless HaloLink confirms it within this time, even if this computer loses the connection.</source>
        <translation>Depois de aplicar, cada nó desfaz a alteração sozinho, a menos que o HaloLink a confirme dentro desse tempo, mesmo que este computador perca a conexão.</translation>
    </message>
    <message>
        <source>Automatic &amp;rollback after:</source>
        <translation>&amp;Reversão automática após:</translation>
    </message>
    <message>
        <source>%1 (DSCP × 4%2)</source>
        <translation>%1 (DSCP × 4%2)</translation>
    </message>
    <message>
        <source> + 2 for ECN</source>
        <translation> + 2 para ECN</translation>
    </message>
    <message>
        <source>Recommended: DSCP %1 → priority %2, PFC on priority %2, ToS %3%4</source>
        <translation>Recomendado: DSCP %1 → prioridade %2, PFC na prioridade %2, ToS %3%4</translation>
    </message>
    <message>
        <source> (ECN)</source>
        <translation> (ECN)</translation>
    </message>
    <message>
        <source>Re&amp;commended: DSCP 26 → priority 3, PFC on priority 3, ToS 106 (ECN)</source>
        <translation>Re&amp;comendado: DSCP 26 → prioridade 3, PFC na prioridade 3, ToS 106 (ECN)</translation>
    </message>
    <message>
        <source>N&amp;one: leave QoS alone</source>
        <translation>&amp;Nenhuma: não mexer na QoS</translation>
    </message>
    <message>
        <source>&amp;Advanced</source>
        <translation>&amp;Avançado</translation>
    </message>
    <message>
        <source>&amp;ECN (congestion marking instead of drops)</source>
        <translation>&amp;ECN (marcação de congestionamento em vez de descartes)</translation>
    </message>
    <message>
        <source>&amp;Keep the configuration across reboots (network files and a boot unit)</source>
        <translation>&amp;Manter a configuração após reinicializações (arquivos de rede e uma unidade de boot)</translation>
    </message>
    <message>
        <source>Recommended: RDMA connections marked ToS %1 (DSCP %2%3); Soft-RoCE has no PFC</source>
        <translation>Recomendado: conexões RDMA marcadas com ToS %1 (DSCP %2%3); o Soft-RoCE não tem PFC</translation>
    </message>
    <message>
        <source>, ECN</source>
        <translation>, ECN</translation>
    </message>
    <message>
        <source>RoCE v2 wants a lossless path, and Soft-RoCE cannot pause a priority: HaloLink marks its RDMA connections so that a switch can prioritise them.</source>
        <translation>O RoCE v2 quer um caminho sem perdas, e o Soft-RoCE não consegue pausar uma prioridade: o HaloLink marca as suas conexões RDMA para que um switch possa priorizá-las.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>Revisão</translation>
    </message>
    <message>
        <source>Exactly what will run on each node, planned by the engine against the node as it is now. Steps already in place are skipped.</source>
        <translation>Exatamente o que vai rodar em cada nó, planejado pelo engine com base no nó como está agora. As etapas já em vigor são puladas.</translation>
    </message>
    <message>
        <source>The plan of every node</source>
        <translation>O plano de cada nó</translation>
    </message>
    <message>
        <source>Export the configuration as a shell script</source>
        <translation>Exporta a configuração como um script de shell</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh)</source>
        <translation>Scripts de shell (*.sh)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <source>Planning on every node…</source>
        <translation>Planejando em cada nó…</translation>
    </message>
    <message>
        <source>  planning…
</source>
        <translation>  planejando…
</translation>
    </message>
    <message>
        <source>  plan failed: %1
</source>
        <translation>  o planejamento falhou: %1
</translation>
    </message>
    <message>
        <source>  backend %1, RDMA device %2
</source>
        <translation>  backend %1, dispositivo RDMA %2
</translation>
    </message>
    <message>
        <source> — already done, skipped</source>
        <translation> — já feito, pulado</translation>
    </message>
    <message>
        <source>     writes %1
</source>
        <translation>     grava %1
</translation>
    </message>
    <message>
        <source>     undo: %1
</source>
        <translation>     desfazer: %1
</translation>
    </message>
    <message>
        <source>  warning: %1
</source>
        <translation>  aviso: %1
</translation>
    </message>
    <message>
        <source>Every node has a plan. Copy it or export it as a script to run it yourself, or go on to apply it with automatic rollback.</source>
        <translation>Cada nó tem um plano. Copie-o ou exporte-o como script para executá-lo você mesmo, ou siga adiante para aplicá-lo com reversão automática.</translation>
    </message>
    <message>
        <source>No plan for %1: go back and fix what it says.</source>
        <translation>Nenhum plano para %1: volte e corrija o que ele diz.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Não é possível gravar %1: %2</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>&amp;Export as Shell Script…</source>
        <translation>&amp;Exportar como script de shell…</translation>
    </message>
    <message>
        <source> — read again when it runs</source>
        <translation> — lido de novo quando roda</translation>
    </message>
    <message>
        <source>     not readable now: %1
</source>
        <translation>     não dá para ler agora: %1
</translation>
    </message>
    <message>
        <source>  QoS: %1
</source>
        <translation>  QoS: %1
</translation>
    </message>
    <message>
        <source>     undo: put back %1 as it was before (apply keeps a copy)
</source>
        <translation>     desfazer: restaura %1 como estava antes (a aplicação guarda uma cópia)
</translation>
    </message>
    <message>
        <source>     undo, then: %1
</source>
        <translation>     desfazer, depois: %1
</translation>
    </message>
</context>
<context>
    <name>halolink::ui::SetupWizard</name>
    <message>
        <source>Set Up the Cluster</source>
        <translation>Configurar o cluster</translation>
    </message>
    <message>
        <source>Confirm failed</source>
        <translation>A confirmação falhou</translation>
    </message>
    <message>
        <source>Not every node confirmed; those nodes roll back by themselves at their deadline. Details are in the Apply page&apos;s log.</source>
        <translation>Nem todos os nós confirmaram; esses nós se revertem sozinhos no prazo deles. Os detalhes estão no log da página Aplicar.</translation>
    </message>
    <message>
        <source>Confirm anyway?</source>
        <translation>Confirmar mesmo assim?</translation>
    </message>
    <message>
        <source>Verification did not pass on every node or pair. Confirm the change anyway? (Otherwise go back and roll back, or verify again.)</source>
        <translation>A verificação não passou em todos os nós ou pares. Confirmar a alteração mesmo assim? (Senão, volte e reverta, ou verifique de novo.)</translation>
    </message>
    <message>
        <source>Setup left; nothing on the nodes was changed. It can be resumed.</source>
        <translation>Você saiu da configuração; nada foi alterado nos nós. Ela pode ser retomada.</translation>
    </message>
    <message>
        <source>Leave the setup?</source>
        <translation>Sair da configuração?</translation>
    </message>
    <message>
        <source>The nodes carry a change that is not confirmed.</source>
        <translation>Os nós têm uma alteração que não foi confirmada.</translation>
    </message>
    <message>
        <source>Roll it back now, or leave it: each node undoes it by itself at %1 unless you resume the setup and confirm before then.</source>
        <translation>Reverta-a agora ou deixe-a: cada nó a desfaz sozinho às %1, a menos que você retome a configuração e confirme antes disso.</translation>
    </message>
    <message>
        <source>Roll it back now, or leave it to the nodes&apos; own timers.</source>
        <translation>Reverta-a agora ou deixe-a para os temporizadores dos próprios nós.</translation>
    </message>
    <message>
        <source>Roll Back Now</source>
        <translation>Reverter agora</translation>
    </message>
    <message>
        <source>Leave It to the Timers</source>
        <translation>Deixar para os temporizadores</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Ficar</translation>
    </message>
    <message>
        <source>Setup left with the change applied but not confirmed: each node rolls back by itself at its deadline unless the setup is resumed and confirmed.</source>
        <translation>Você saiu da configuração com a alteração aplicada, mas não confirmada: cada nó se reverte sozinho no prazo dele, a menos que a configuração seja retomada e confirmada.</translation>
    </message>
    <message>
        <source>Setup left: every change was rolled back; the nodes are as they were.</source>
        <translation>Você saiu da configuração: todas as alterações foram revertidas; os nós estão como eram.</translation>
    </message>
    <message>
        <source>Setup left, but the rollback failed on some nodes; they roll back by themselves at their deadline. See the log.</source>
        <translation>Você saiu da configuração, mas a reversão falhou em alguns nós; eles se revertem sozinhos no prazo deles. Veja o log.</translation>
    </message>
    <message>
        <source>Change the Cluster</source>
        <translation>Alterar o cluster</translation>
    </message>
</context>
<context>
    <name>halolink::ui::SmokeResultView</name>
    <message>
        <source>RDMA carried it</source>
        <translation>O RDMA carregou o tráfego</translation>
    </message>
    <message>
        <source>It went over TCP, not RDMA</source>
        <translation>Passou por TCP, não por RDMA</translation>
    </message>
    <message>
        <source>Mixed: RDMA on some nodes only</source>
        <translation>Misto: RDMA só em alguns nós</translation>
    </message>
    <message>
        <source>No traffic between the nodes</source>
        <translation>Nenhum tráfego entre os nós</translation>
    </message>
    <message>
        <source>Unknown: the counters could not be read</source>
        <translation>Desconhecido: os contadores não puderam ser lidos</translation>
    </message>
    <message>
        <source>Smoke test: one chat completion on the head</source>
        <translation>Teste rápido: um chat completion no nó principal</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Tempo até o primeiro token</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens por segundo</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>Tempo total</translation>
    </message>
    <message>
        <source>Time to first token:</source>
        <translation>Tempo até o primeiro token:</translation>
    </message>
    <message>
        <source>Tokens/s:</source>
        <translation>Tokens/s:</translation>
    </message>
    <message>
        <source>Tokens:</source>
        <translation>Tokens:</translation>
    </message>
    <message>
        <source>Total time:</source>
        <translation>Tempo total:</translation>
    </message>
    <message>
        <source>The answer</source>
        <translation>A resposta</translation>
    </message>
    <message>
        <source>The model&apos;s answer</source>
        <translation>A resposta do modelo</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
    <message>
        <source>Likely ca&amp;uses:</source>
        <translation>Causas prová&amp;veis:</translation>
    </message>
    <message>
        <source>Likely causes</source>
        <translation>Causas prováveis</translation>
    </message>
    <message>
        <source>Per &amp;node (background traffic subtracted):</source>
        <translation>Por &amp;nó (tráfego de fundo descontado):</translation>
    </message>
    <message>
        <source>Traffic per node during the smoke test</source>
        <translation>Tráfego por nó durante o teste rápido</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>RDMA device:port</source>
        <translation>Dispositivo:porta RDMA</translation>
    </message>
    <message>
        <source>RDMA packets</source>
        <translation>Pacotes RDMA</translation>
    </message>
    <message>
        <source>RDMA bytes</source>
        <translation>Bytes RDMA</translation>
    </message>
    <message>
        <source>NIC bytes</source>
        <translation>Bytes na NIC</translation>
    </message>
    <message>
        <source>Carried by</source>
        <translation>Transportado por</translation>
    </message>
    <message>
        <source>No smoke test yet. Smoke Test sends one prompt to the job&apos;s API on the head (time to first token, tokens/s) and reads every node&apos;s RDMA port and NIC counters before and after: the proof of what carried the tensor-parallel traffic.</source>
        <translation>Nenhum teste rápido ainda. O Teste rápido envia um prompt à API do job no nó principal (tempo até o primeiro token, tokens/s) e lê os contadores das portas RDMA e das NICs de cada nó antes e depois: a prova do que carregou o tráfego de paralelismo de tensor.</translation>
    </message>
    <message>
        <source>The job answered.</source>
        <translation>O job respondeu.</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>The smoke test failed: %1</source>
        <translation>O teste rápido falhou: %1</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>Veredito: %1</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>TCP (NIC only)</source>
        <translation>TCP (só a NIC)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>%1 packets</source>
        <translation>%1 pacotes</translation>
    </message>
    <message>
        <source>RDMA proof: the port counters, what the library says and the job&apos;s queue pairs</source>
        <translation>Prova de RDMA: os contadores das portas, o que a biblioteca diz e os queue pairs do job</translation>
    </message>
    <message>
        <source>Library says</source>
        <translation>A biblioteca diz</translation>
    </message>
    <message>
        <source>Queue pairs</source>
        <translation>Queue pairs</translation>
    </message>
    <message>
        <source>In effect: %1</source>
        <translation>Em vigor: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>RDMA activated</source>
        <translation>RDMA activated</translation>
    </message>
    <message>
        <source>no RDMA connection</source>
        <translation>nenhuma conexão RDMA</translation>
    </message>
</context>
<context>
    <name>halolink::ui::SshImportDialog</name>
    <message>
        <source>Import from SSH Config</source>
        <translation>Importar da configuração SSH</translation>
    </message>
    <message>
        <source>Each Host of your ssh config becomes a node named after its alias. The alias stays the node&apos;s host, so user, port, keys and ProxyJump keep coming from the config.</source>
        <translation>Cada Host da sua configuração do ssh vira um nó com o nome do seu alias. O alias continua sendo o host do nó, então usuário, porta, chaves e ProxyJump continuam vindo da configuração.</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Arquivo:</translation>
    </message>
    <message>
        <source>SSH config file</source>
        <translation>Arquivo de configuração SSH</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>SSH Config</source>
        <translation>Configuração SSH</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>Host name</source>
        <translation>Nome do host</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <source>Hosts in the SSH config</source>
        <translation>Hosts na configuração SSH</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importar</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>Não é possível ler %1</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1, linha %2</translation>
    </message>
    <message>
        <source>%1 (already added)</source>
        <translation>%1 (já adicionado)</translation>
    </message>
    <message>
        <source>No Host entries without wildcards in this file.</source>
        <translation>Nenhuma entrada Host sem curingas neste arquivo.</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Import %n Node(s)</source>
        <translation>
            <numerusform>&amp;Importar %n nó</numerusform>
            <numerusform>&amp;Importar %n nós</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::TimeSeriesChart</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>No data.</source>
        <translation>Sem dados.</translation>
    </message>
    <message>
        <source>Latest values: %1.</source>
        <translation>Últimos valores: %1.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::TopologyPage</name>
    <message>
        <source>Topology and addresses</source>
        <translation>Topologia e endereços</translation>
    </message>
    <message>
        <source>How the nodes are cabled, which interface carries the data plane on each, and its address. The SSH interface is never touched.</source>
        <translation>Como os nós estão cabeados, qual interface carrega o plano de dados em cada um e o endereço dela. A interface SSH nunca é tocada.</translation>
    </message>
    <message>
        <source>Cabling</source>
        <translation>Cabeamento</translation>
    </message>
    <message>
        <source>9000 (jumbo frames) lets RDMA use 4096-byte packets. Every device on the path must allow it.</source>
        <translation>9000 (jumbo frames) permite que o RDMA use pacotes de 4096 bytes. Todos os dispositivos no caminho precisam permitir.</translation>
    </message>
    <message>
        <source>&amp;MTU:</source>
        <translation>&amp;MTU:</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Data-plane interface</source>
        <translation>Interface do plano de dados</translation>
    </message>
    <message>
        <source>RDMA</source>
        <translation>RDMA</translation>
    </message>
    <message>
        <source>Address/prefix</source>
        <translation>Endereço/prefixo</translation>
    </message>
    <message>
        <source>Data-plane interface and address per node</source>
        <translation>Interface e endereço do plano de dados por nó</translation>
    </message>
    <message>
        <source>Data-plane interface of %1</source>
        <translation>Interface do plano de dados de %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Soft-RoCE (to be created)</source>
        <translation>Soft-RoCE (a criar)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Data-plane address of %1</source>
        <translation>Endereço do plano de dados de %1</translation>
    </message>
    <message>
        <source>✗</source>
        <translation>✗</translation>
    </message>
    <message>
        <source>!</source>
        <translation>!</translation>
    </message>
    <message>
        <source>Addresses and interfaces are consistent.</source>
        <translation>Os endereços e as interfaces estão consistentes.</translation>
    </message>
    <message>
        <source>Two nodes on one &amp;direct cable (a /30 between them)</source>
        <translation>Dois nós num cabo &amp;direto (uma /30 entre eles)</translation>
    </message>
    <message>
        <source>Through a &amp;switch (one subnet for all)</source>
        <translation>Por um &amp;switch (uma sub-rede para todos)</translation>
    </message>
    <message>
        <source>&amp;Propose Addresses</source>
        <translation>Propor &amp;endereços</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>The proposal changed with the cabling: %2. The addresses you typed (%1) are kept; press Propose Addresses to use the proposal instead.</source>
        <extracomment>%1 the node names whose address was typed, %2 &quot;node address, node address&quot;</extracomment>
        <translation>A proposta mudou com o cabeamento: %2. Os endereços que você digitou (%1) foram mantidos; pressione Propor endereços para usar a proposta no lugar deles.</translation>
    </message>
</context>
<context>
    <name>halolink::ui::VerifyPage</name>
    <message>
        <source>Verify</source>
        <translation>Verificar</translation>
    </message>
    <message>
        <source>The engine checks every node, then measures TCP and RDMA between every pair with the same program and the same definitions: one-way is half the round trip, both p50.</source>
        <translation>O engine verifica cada nó e depois mede TCP e RDMA entre cada par com o mesmo programa e as mesmas definições: um sentido é metade da ida e volta, ambos em p50.</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>Par</translation>
    </message>
    <message>
        <source>TCP one-way</source>
        <translation>TCP, um sentido</translation>
    </message>
    <message>
        <source>TCP round trip</source>
        <translation>TCP, ida e volta</translation>
    </message>
    <message>
        <source>RDMA one-way</source>
        <translation>RDMA, um sentido</translation>
    </message>
    <message>
        <source>RDMA round trip</source>
        <translation>RDMA, ida e volta</translation>
    </message>
    <message>
        <source>RDMA speed-up</source>
        <translation>Ganho do RDMA</translation>
    </message>
    <message>
        <source>TCP bandwidth</source>
        <translation>Largura de banda TCP</translation>
    </message>
    <message>
        <source>RDMA bandwidth</source>
        <translation>Largura de banda RDMA</translation>
    </message>
    <message>
        <source>RDMA device, GID</source>
        <translation>Dispositivo RDMA, GID</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Esperado</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Observações</translation>
    </message>
    <message>
        <source>TCP and RDMA between every pair of nodes</source>
        <translation>TCP e RDMA entre cada par de nós</translation>
    </message>
    <message>
        <source>One-way latency per pair, TCP and RDMA (the table above has the numbers)</source>
        <translation>Latência em um sentido por par, TCP e RDMA (a tabela acima tem os números)</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Nó</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificação</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Encontrado</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detalhe</translation>
    </message>
    <message>
        <source>Configuration checks per node</source>
        <translation>Verificações da configuração por nó</translation>
    </message>
    <message>
        <source>Measuring %1…</source>
        <translation>Medindo %1…</translation>
    </message>
    <message>
        <source>Checking the nodes…</source>
        <translation>Verificando os nós…</translation>
    </message>
    <message>
        <source>verify</source>
        <translation>verificação</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>falha</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>TCP one-way p50 / RDMA one-way p50, same bench, same definition</source>
        <translation>p50 TCP em um sentido / p50 RDMA em um sentido, mesmo benchmark, mesma definição</translation>
    </message>
    <message>
        <source>%1, GID %2</source>
        <translation>%1, GID %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>TCP one-way p50 (half the round trip)</source>
        <translation>p50 TCP em um sentido (metade da ida e volta)</translation>
    </message>
    <message>
        <source>RDMA one-way p50 (half the round trip)</source>
        <translation>p50 RDMA em um sentido (metade da ida e volta)</translation>
    </message>
    <message>
        <source>one-way p50, µs</source>
        <translation>p50 em um sentido, µs</translation>
    </message>
    <message>
        <source>&amp;Confirm and Save</source>
        <translation>&amp;Confirmar e salvar</translation>
    </message>
    <message>
        <source>&amp;Verify Again</source>
        <translation>Verificar de &amp;novo</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>%1: RDMA %2, TCP %3, speed-up %4</source>
        <translation>%1: RDMA %2, TCP %3, ganho de %4</translation>
    </message>
    <message>
        <source>%1: RDMA %2, TCP %3</source>
        <translation>%1: RDMA %2, TCP %3</translation>
    </message>
    <message>
        <source>No pair measured yet.</source>
        <translation>Nenhum par medido ainda.</translation>
    </message>
    <message>
        <source>One-way latency p50 per pair: %1.</source>
        <translation>Latência p50 em um sentido por par: %1.</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Ignorada</translation>
    </message>
    <message>
        <source>Automatic rollback deadline</source>
        <translation>Prazo da reversão automática</translation>
    </message>
    <message>
        <source>Verified: every check passes and RDMA works between every pair. %1 keeps the change on every node and saves the cluster.</source>
        <translation>Verificado: todas as verificações passam e o RDMA funciona entre todos os pares. %1 mantém a alteração em todos os nós e salva o cluster.</translation>
    </message>
    <message numerus="yes">
        <source>RDMA works between every pair; %n pair(s) have notes worth reading. %1 keeps the change and saves the cluster.</source>
        <translation>
            <numerusform>O RDMA funciona entre todos os pares; %n par tem observações que valem a leitura. %1 mantém a alteração e salva o cluster.</numerusform>
            <numerusform>O RDMA funciona entre todos os pares; %n pares têm observações que valem a leitura. %1 mantém a alteração e salva o cluster.</numerusform>
        </translation>
    </message>
    <message>
        <source>Verification found problems (see the tables). You can verify again, go back and roll back, or %1 anyway.</source>
        <translation>A verificação encontrou problemas (veja as tabelas). Você pode verificar de novo, voltar e reverter, ou usar %1 mesmo assim.</translation>
    </message>
    <message>
        <source>The rollback deadline (%1) has passed: the nodes undo the change by themselves. Go back to Apply to apply it again.</source>
        <translation>O prazo de reversão (%1) passou: os nós desfazem a alteração sozinhos. Volte para Aplicar para aplicá-la de novo.</translation>
    </message>
    <message>
        <source>Not confirmed yet: the change will be rolled back at %1 (in %2) unless you press %3.</source>
        <extracomment>%1 the time of day, %2 minutes:seconds left, %3 the button&apos;s text</extracomment>
        <translation>Ainda não confirmado: a alteração será revertida às %1 (em %2), a menos que você pressione %3.</translation>
    </message>
    <message>
        <source>Expected: %1</source>
        <translation>Esperado: %1</translation>
    </message>
</context>
<context>
    <name>halolink::ui::VirtualClusterDialog</name>
    <message>
        <source>Try a Virtual Cluster</source>
        <translation>Experimentar um cluster virtual</translation>
    </message>
    <message>
        <source>HaloLink boots small virtual machines on this computer, each running Linux with Soft-RoCE (the kernel&apos;s RDMA over an ordinary network link), joined by a virtual data link. They are added to your nodes marked virtual, reached over SSH with a key of their own, and work like real nodes: the setup wizard (with the Soft-RoCE backend), the dashboards and the latency mesh run on them for real. Nothing is downloaded but the Debian kernel package, once. Stop them here, or they stop when HaloLink quits.</source>
        <translation>O HaloLink inicia pequenas máquinas virtuais neste computador, cada uma rodando Linux com Soft-RoCE (o RDMA do kernel sobre um enlace de rede comum), ligadas por um enlace de dados virtual. Elas são adicionadas aos seus nós marcadas como virtuais, são acessadas por SSH com uma chave própria e funcionam como nós reais: o assistente de configuração (com o backend Soft-RoCE), os painéis e a malha de latência rodam nelas de verdade. Nada é baixado além do pacote do kernel do Debian, uma única vez. Pare-as aqui, ou elas param quando o HaloLink for encerrado.</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> nós</translation>
    </message>
    <message>
        <source>Number of virtual nodes</source>
        <translation>Número de nós virtuais</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>&amp;Nós:</translation>
    </message>
    <message>
        <source>/dev/kvm is here: the lab first checks that a guest really runs under KVM (near this computer&apos;s own speed) and emulates the processor otherwise, which is slow; it says which below. Each machine takes 640 MiB of memory.</source>
        <translation>/dev/kvm está presente: o lab primeiro verifica se um convidado roda mesmo sob KVM (perto da velocidade do próprio computador) e, se não, emula o processador, o que é lento; o resultado aparece abaixo. Cada máquina ocupa 640 MiB de memória.</translation>
    </message>
    <message>
        <source>No KVM here (%1): QEMU emulates the processor, so the machines are slow. Expect a minute or more to boot and RDMA far slower than on real hardware: right for trying HaloLink, not for measuring RDMA. Each takes 640 MiB of memory.</source>
        <translation>Sem KVM aqui (%1): o QEMU emula o processador, então as máquinas ficam lentas. Conte com um minuto ou mais para iniciar e um RDMA muito mais lento que em hardware real: serve para experimentar o HaloLink, não para medir o RDMA. Cada uma ocupa 640 MiB de memória.</translation>
    </message>
    <message>
        <source>What the virtual cluster is doing</source>
        <translation>O que o cluster virtual está fazendo</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Iniciar</translation>
    </message>
    <message>
        <source>S&amp;top Virtual Cluster</source>
        <translation>&amp;Parar cluster virtual</translation>
    </message>
    <message>
        <source>Could not tell whether a virtual cluster runs: %1</source>
        <translation>Não foi possível saber se um cluster virtual está rodando: %1</translation>
    </message>
    <message>
        <source>/dev/kvm is missing</source>
        <translation>/dev/kvm está ausente</translation>
    </message>
    <message>
        <source>this account may not use /dev/kvm (group %1)</source>
        <translation>esta conta não tem permissão para usar /dev/kvm (grupo %1)</translation>
    </message>
    <message>
        <source>Checking this computer…</source>
        <translation>Verificando este computador…</translation>
    </message>
    <message>
        <source>Fetching the Debian kernel package (once)…</source>
        <translation>Baixando o pacote do kernel do Debian (uma única vez)…</translation>
    </message>
    <message>
        <source>Booting the virtual machines…</source>
        <translation>Iniciando as máquinas virtuais…</translation>
    </message>
    <message>
        <source>Connecting over SSH…</source>
        <translation>Conectando por SSH…</translation>
    </message>
    <message>
        <source>The virtual cluster runs.</source>
        <translation>O cluster virtual está rodando.</translation>
    </message>
    <message>
        <source>Stopping the virtual machines…</source>
        <translation>Parando as máquinas virtuais…</translation>
    </message>
    <message>
        <source>Looking for a virtual cluster already running…</source>
        <translation>Procurando um cluster virtual que já esteja rodando…</translation>
    </message>
    <message>
        <source>The virtual cluster cannot start now: it is busy.</source>
        <translation>O cluster virtual não pode iniciar agora: ele está ocupado.</translation>
    </message>
    <message>
        <source>The virtual machines run, but they cannot be added to the nodes: %1</source>
        <translation>As máquinas virtuais estão rodando, mas não podem ser adicionadas aos nós: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (KVM). Next: Cluster &gt; Set Up Cluster… configures RoCE v2 on them.</source>
        <translation type="vanished">
            <numerusform>%n nó virtual adicionado (KVM). Próximo passo: Cluster &gt; Configurar cluster… configura o RoCE v2 nele.</numerusform>
            <numerusform>%n nós virtuais adicionados (KVM). Próximo passo: Cluster &gt; Configurar cluster… configura o RoCE v2 neles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (emulated CPU, slow). Next: Cluster &gt; Set Up Cluster… configures RoCE v2 on them.</source>
        <translation type="vanished">
            <numerusform>%n nó virtual adicionado (CPU emulada, lenta). Próximo passo: Cluster &gt; Configurar cluster… configura o RoCE v2 nele.</numerusform>
            <numerusform>%n nós virtuais adicionados (CPU emulada, lenta). Próximo passo: Cluster &gt; Configurar cluster… configura o RoCE v2 neles.</numerusform>
        </translation>
    </message>
    <message>
        <source>The virtual cluster cannot run on this computer: %1</source>
        <translation>O cluster virtual não pode rodar neste computador: %1</translation>
    </message>
    <message>
        <source>The virtual cluster did not start: %1</source>
        <translation>O cluster virtual não iniciou: %1</translation>
    </message>
    <message>
        <source>Cancelled; the virtual machines were stopped.</source>
        <translation>Cancelado; as máquinas virtuais foram paradas.</translation>
    </message>
    <message>
        <source>The virtual cluster cannot be stopped now: it is busy.</source>
        <translation>O cluster virtual não pode ser parado agora: ele está ocupado.</translation>
    </message>
    <message>
        <source>The virtual machines were stopped and taken out of the nodes.</source>
        <translation>As máquinas virtuais foram paradas e retiradas dos nós.</translation>
    </message>
    <message>
        <source>Stopping the virtual machines failed: %1</source>
        <translation>Não foi possível parar as máquinas virtuais: %1</translation>
    </message>
    <message numerus="yes">
        <source>A virtual cluster of %n node(s) is already up (left by an earlier run); stop it, or start again to replace it.</source>
        <translation>
            <numerusform>Um cluster virtual de %n nó já está ativo (deixado por uma execução anterior); pare-o ou inicie de novo para substituí-lo.</numerusform>
            <numerusform>Um cluster virtual de %n nós já está ativo (deixado por uma execução anterior); pare-o ou inicie de novo para substituí-lo.</numerusform>
        </translation>
    </message>
    <message>
        <source>a node named %1 is already in the inventory and is not virtual; rename it first</source>
        <translation>um nó chamado %1 já está no inventário e não é virtual; renomeie-o primeiro</translation>
    </message>
    <message>
        <source>&amp;Start Again</source>
        <translation>Iniciar &amp;de novo</translation>
    </message>
    <message>
        <source>&amp;Cancel Boot</source>
        <translation>&amp;Cancelar a inicialização</translation>
    </message>
    <message>
        <source>Set &amp;Up the Cluster…</source>
        <translation>&amp;Configurar o cluster…</translation>
    </message>
    <message>
        <source>The setup wizard on the virtual nodes: Soft-RoCE, addresses, QoS, and RDMA measured against TCP</source>
        <translation>O assistente de configuração nos nós virtuais: Soft-RoCE, endereços, QoS e RDMA medido contra TCP</translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (KVM). Next: Set Up the Cluster… configures RoCE v2 on them.</source>
        <translation>
            <numerusform>%n nó virtual adicionado (KVM). Próximo passo: Configurar o cluster… configura o RoCE v2 nele.</numerusform>
            <numerusform>%n nós virtuais adicionados (KVM). Próximo passo: Configurar o cluster… configura o RoCE v2 neles.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n virtual node(s) added (emulated CPU, slow). Next: Set Up the Cluster… configures RoCE v2 on them.</source>
        <translation>
            <numerusform>%n nó virtual adicionado (CPU emulada, lenta). Próximo passo: Configurar o cluster… configura o RoCE v2 nele.</numerusform>
            <numerusform>%n nós virtuais adicionados (CPU emulada, lenta). Próximo passo: Configurar o cluster… configura o RoCE v2 neles.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>halolink::ui::WelcomePage</name>
    <message>
        <source>Welcome to HaloLink</source>
        <translation>Bem-vindo ao HaloLink</translation>
    </message>
    <message>
        <source>HaloLink sets up RDMA (RoCE v2) between your Strix Halo machines, shows whether it works and what it delivers (latency and bandwidth against TCP, errors, GPU and memory use), and runs tensor-parallel LLMs across them with vLLM over Ray or llama.cpp RPC, with proof that RDMA carried the traffic.</source>
        <translation>O HaloLink configura o RDMA (RoCE v2) entre as suas máquinas Strix Halo, mostra se ele funciona e o que entrega (latência e largura de banda em comparação com o TCP, erros, uso de GPU e de memória) e roda LLMs com paralelismo de tensor entre elas com vLLM sobre Ray ou llama.cpp RPC, com a prova de que o RDMA carregou o tráfego.</translation>
    </message>
    <message>
        <source>There is no cluster yet. Three ways in:</source>
        <translation>Ainda não há cluster. Três formas de começar:</translation>
    </message>
    <message>
        <source>Set up a cluster</source>
        <translation>Configurar um cluster</translation>
    </message>
    <message>
        <source>The guided setup: your machines over SSH, a check of each, RoCE v2 (mode, MTU, addresses, QoS) as a plan you review and that rolls back by itself unless you confirm it, and a measurement of RDMA against TCP between every pair.</source>
        <translation>A configuração guiada: suas máquinas por SSH, uma verificação de cada uma, o RoCE v2 (modo, MTU, endereços, QoS) como um plano que você revisa e que se reverte sozinho a menos que você o confirme, e uma medição do RDMA em comparação com o TCP entre cada par.</translation>
    </message>
    <message>
        <source>Add nodes</source>
        <translation>Adicionar nós</translation>
    </message>
    <message>
        <source>Add machines by their SSH address to see their hardware, GPUs and RDMA devices before changing anything.</source>
        <translation>Adicione máquinas pelo endereço SSH para ver o hardware, as GPUs e os dispositivos RDMA delas antes de mudar qualquer coisa.</translation>
    </message>
    <message>
        <source>Import nodes from ~/.ssh/config</source>
        <translation>Importar nós do ~/.ssh/config</translation>
    </message>
    <message>
        <source>Pick the hosts you already reach with ssh.</source>
        <translation>Escolha os hosts que você já acessa com ssh.</translation>
    </message>
    <message>
        <source>Try a virtual cluster</source>
        <translation>Experimentar um cluster virtual</translation>
    </message>
    <message>
        <source>No Strix Halo boxes or RDMA NICs at hand? Boot two to four small virtual machines with Soft-RoCE on this computer and try the setup, the dashboards and the latency mesh on them for real.</source>
        <translation>Não tem máquinas Strix Halo nem NICs RDMA à mão? Inicie de duas a quatro pequenas máquinas virtuais com Soft-RoCE neste computador e experimente nelas, de verdade, a configuração, os painéis e a malha de latência.</translation>
    </message>
    <message>
        <source>Probing this computer…</source>
        <translation>Sondando este computador…</translation>
    </message>
    <message>
        <source>This computer&apos;s page</source>
        <translation>Página deste computador</translation>
    </message>
</context>
<context>
    <name>halolinkctl</name>
    <message>
        <source>Run &apos;halolinkctl --help&apos; for usage.</source>
        <translation>Execute &apos;halolinkctl --help&apos; para ver como usar.</translation>
    </message>
    <message>
        <source>Run &apos;halolinkctl %1 --help&apos; for usage.</source>
        <translation>Execute &apos;halolinkctl %1 --help&apos; para ver como usar.</translation>
    </message>
    <message>
        <source>Usage: halolinkctl %1 %2</source>
        <translation>Uso: halolinkctl %1 %2</translation>
    </message>
    <message>
        <source>warning:</source>
        <translation>aviso:</translation>
    </message>
    <message>
        <source>no node &apos;%1&apos; in the inventory. &apos;halolinkctl nodes list&apos; shows the nodes; &apos;halolinkctl nodes add&apos; adds one.</source>
        <translation>não há nó &apos;%1&apos; no inventário. &apos;halolinkctl nodes list&apos; mostra os nós; &apos;halolinkctl nodes add&apos; adiciona um.</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>Mostra esta ajuda.</translation>
    </message>
    <message>
        <source>Subcommands:
  list [--json]                 The nodes: This computer and the SSH nodes.
  add NAME [options]            Add an SSH node (host defaults to NAME, e.g. an ssh config alias).
  edit NAME [options]           Change a node (This computer: data-plane fields only).
  remove NAME...                Remove nodes.
  import-ssh-config [ALIAS...]  Add the Host entries of ~/.ssh/config (all, or the ones named).

The inventory is the same file the halolink app uses. Run &apos;halolinkctl nodes SUBCOMMAND --help&apos;.
</source>
        <translation>Subcomandos:
  list [--json]                 Os nós: Este computador e os nós SSH.
  add NAME [options]            Adiciona um nó SSH (o host padrão é NAME, p. ex. um alias do ssh).
  edit NAME [options]           Altera um nó (Este computador: só os campos do plano de dados).
  remove NAME...                Remove nós.
  import-ssh-config [ALIAS...]  Adiciona as entradas Host do ~/.ssh/config (todas, ou as citadas).

O inventário é o mesmo arquivo que o app halolink usa. Execute &apos;halolinkctl nodes SUBCOMMAND --help&apos;.
</translation>
    </message>
    <message>
        <source>SSH host: name, address or ~/.ssh/config alias.</source>
        <translation>Host SSH: nome, endereço ou alias do ~/.ssh/config.</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>SSH user (default: from the ssh config).</source>
        <translation>Usuário SSH (padrão: o da configuração do ssh).</translation>
    </message>
    <message>
        <source>user</source>
        <translation>usuário</translation>
    </message>
    <message>
        <source>SSH port (default: from the ssh config, else 22).</source>
        <translation>Porta SSH (padrão: a da configuração do ssh; senão, 22).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>porta</translation>
    </message>
    <message>
        <source>Private key file (default: agent and the ssh config&apos;s keys).</source>
        <translation>Arquivo de chave privada (padrão: o agente e as chaves da configuração do ssh).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Data-plane (RDMA) network interface, e.g. enp194s0np0.</source>
        <translation>Interface de rede do plano de dados (RDMA), p. ex. enp194s0np0.</translation>
    </message>
    <message>
        <source>ifname</source>
        <translation>interface</translation>
    </message>
    <message>
        <source>Data-plane IPv4 address, optionally with prefix, e.g. 192.168.100.1/30. Benchmarks and the latency mesh use it (never the SSH address).</source>
        <translation>Endereço IPv4 do plano de dados, opcionalmente com prefixo, p. ex. 192.168.100.1/30. Os benchmarks e a malha de latência o usam (nunca o endereço SSH).</translation>
    </message>
    <message>
        <source>address</source>
        <translation>endereço</translation>
    </message>
    <message>
        <source>List the nodes of the inventory.</source>
        <translation>Lista os nós do inventário.</translation>
    </message>
    <message>
        <source>Print {&quot;nodes&quot;: [...]} as JSON.</source>
        <translation>Imprime {&quot;nodes&quot;: [...]} como JSON.</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;.</source>
        <translation>argumento inesperado &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NOME</translation>
    </message>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>DATA PLANE</source>
        <translation>PLANO DE DADOS</translation>
    </message>
    <message>
        <source>(local)</source>
        <translation>(local)</translation>
    </message>
    <message>
        <source>Change a node. Options not given stay as they are; an empty value (--user &apos;&apos;) clears a field.</source>
        <translation>Altera um nó. As opções não informadas ficam como estão; um valor vazio (--user &apos;&apos;) limpa um campo.</translation>
    </message>
    <message>
        <source>Add an SSH node to the inventory.</source>
        <translation>Adiciona um nó SSH ao inventário.</translation>
    </message>
    <message>
        <source>New name.</source>
        <translation>Novo nome.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>The node&apos;s name.</source>
        <translation>O nome do nó.</translation>
    </message>
    <message>
        <source>give exactly one NAME.</source>
        <translation>informe exatamente um NAME.</translation>
    </message>
    <message>
        <source>no node &apos;%1&apos; in the inventory.</source>
        <translation>não há nó &apos;%1&apos; no inventário.</translation>
    </message>
    <message>
        <source>This computer has no SSH settings and keeps its name; only --data-interface and --data-address apply.</source>
        <translation>Este computador não tem configurações SSH e mantém o nome; só --data-interface e --data-address se aplicam.</translation>
    </message>
    <message>
        <source>Changed %1.</source>
        <translation>%1 alterado.</translation>
    </message>
    <message>
        <source>Added %1 (%2).</source>
        <translation>%1 adicionado (%2).</translation>
    </message>
    <message>
        <source>Remove nodes from the inventory.</source>
        <translation>Remove nós do inventário.</translation>
    </message>
    <message>
        <source>The nodes to remove.</source>
        <translation>Os nós a remover.</translation>
    </message>
    <message>
        <source>name at least one node.</source>
        <translation>cite pelo menos um nó.</translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation>%1 removido.</translation>
    </message>
    <message>
        <source>Add Host entries of an ssh config as nodes. Patterns (*, ?, !) are skipped, Include is followed, Match blocks are skipped with a note. A node keeps the alias as its host, so the ssh config stays where user, port, keys and ProxyJump are set. Hosts already in the inventory (same name or host) are left out.</source>
        <translation>Adiciona como nós as entradas Host de uma configuração do ssh. Padrões (*, ?, !) são pulados, Include é seguido, blocos Match são pulados com uma nota. Um nó mantém o alias como host, então a configuração do ssh continua sendo onde ficam usuário, porta, chaves e ProxyJump. Hosts que já estão no inventário (mesmo nome ou host) ficam de fora.</translation>
    </message>
    <message>
        <source>The ssh config to read (default ~/.ssh/config).</source>
        <translation>A configuração do ssh a ler (padrão ~/.ssh/config).</translation>
    </message>
    <message>
        <source>Show what would be added; change nothing.</source>
        <translation>Mostra o que seria adicionado; não altera nada.</translation>
    </message>
    <message>
        <source>Print the hosts found as JSON.</source>
        <translation>Imprime os hosts encontrados como JSON.</translation>
    </message>
    <message>
        <source>Import only these (default: all).</source>
        <translation>Importa só estes (padrão: todos).</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>não é possível ler %1</translation>
    </message>
    <message>
        <source>note:</source>
        <translation>nota:</translation>
    </message>
    <message>
        <source>%1 has no Host &apos;%2&apos;.</source>
        <translation>%1 não tem Host &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>%1 is already in the inventory; skipped.</source>
        <translation>%1 já está no inventário; pulado.</translation>
    </message>
    <message>
        <source>would add %1</source>
        <translation>adicionaria %1</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>%1 adicionado</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No hosts to import in %1.</source>
        <translation>Nenhum host a importar em %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) added.</source>
        <translation>
            <numerusform>%n nó adicionado.</numerusform>
            <numerusform>%n nós adicionados.</numerusform>
        </translation>
    </message>
    <message>
        <source>no subcommand given.</source>
        <translation>nenhum subcomando informado.</translation>
    </message>
    <message>
        <source>Usage: halolinkctl nodes SUBCOMMAND [options]</source>
        <translation>Uso: halolinkctl nodes SUBCOMMAND [options]</translation>
    </message>
    <message>
        <source>unknown subcommand &apos;%1&apos;.</source>
        <translation>subcomando desconhecido &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Trust and save the host key of a node seen for the first time (its fingerprint is printed). A changed key is never accepted.</source>
        <translation>Confia na chave de host de um nó visto pela primeira vez e a salva (a impressão digital dela é impressa). Uma chave alterada nunca é aceita.</translation>
    </message>
    <message>
        <source>--%1 needs a positive number of seconds.</source>
        <translation>--%1 precisa de um número positivo de segundos.</translation>
    </message>
    <message>
        <source>Probe nodes: host, GPUs, NICs, RDMA ports and preflight checks. Nodes are probed in parallel; with no NODE, this computer.

--json: with one NODE (or none), the engine&apos;s halolink.probe/1 document as it is; with several (or --all), one JSON object keyed by node name whose values are the nodes&apos; halolink.probe/1 documents, or {&quot;error&quot;: {&quot;code&quot;, &quot;message&quot;}} for a node that could not be probed. The exit code is 1 when any node failed.</source>
        <translation>Sonda nós: host, GPUs, NICs, portas RDMA e verificações prévias. Os nós são sondados em paralelo; sem NODE, este computador.

--json: com um NODE (ou nenhum), o documento halolink.probe/1 do engine como está; com vários (ou --all), um objeto JSON com o nome de cada nó como chave e, como valores, os documentos halolink.probe/1 dos nós, ou {&quot;error&quot;: {&quot;code&quot;, &quot;message&quot;}} para um nó que não pôde ser sondado. O código de saída é 1 quando algum nó falhou.</translation>
    </message>
    <message>
        <source>Print JSON (see above).</source>
        <translation>Imprime JSON (veja acima).</translation>
    </message>
    <message>
        <source>Probe every node of the inventory.</source>
        <translation>Sonda todos os nós do inventário.</translation>
    </message>
    <message>
        <source>Give up after &lt;seconds&gt; (default 60).</source>
        <translation>Desiste após &lt;segundos&gt; (padrão 60).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <source>Nodes by name (&apos;local&apos; is this computer; default: local).</source>
        <translation>Nós pelo nome (&apos;local&apos; é este computador; padrão: local).</translation>
    </message>
    <message>
        <source>give NODE names or --all, not both.</source>
        <translation>informe nomes de NODE ou --all, não ambos.</translation>
    </message>
    <message>
        <source>unknown node</source>
        <translation>nó desconhecido</translation>
    </message>
    <message>
        <source>Measure the data plane between two nodes: starts a reflector on NODE_B (through its agent), runs the benchmark from NODE_A to NODE_B&apos;s data-plane address, and prints the result (--json: the halolink.bench/1 document). NODE_B needs a data-plane address (&apos;halolinkctl nodes edit NODE_B --data-address A.B.C.D/P&apos;).</source>
        <translation>Mede o plano de dados entre dois nós: inicia um refletor em NODE_B (pelo agente dele), roda o benchmark de NODE_A até o endereço do plano de dados de NODE_B e imprime o resultado (--json: o documento halolink.bench/1). NODE_B precisa de um endereço do plano de dados (&apos;halolinkctl nodes edit NODE_B --data-address A.B.C.D/P&apos;).</translation>
    </message>
    <message>
        <source>tcp or rdma (default tcp).</source>
        <translation>tcp ou rdma (padrão tcp).</translation>
    </message>
    <message>
        <source>transport</source>
        <translation>transporte</translation>
    </message>
    <message>
        <source>latency or bandwidth (default latency).</source>
        <translation>latency ou bandwidth (padrão latency).</translation>
    </message>
    <message>
        <source>test</source>
        <translation>teste</translation>
    </message>
    <message>
        <source>Message size in bytes.</source>
        <translation>Tamanho da mensagem em bytes.</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <source>Timed iterations (latency).</source>
        <translation>Iterações cronometradas (latency).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Warm-up iterations (latency).</source>
        <translation>Iterações de aquecimento (latency).</translation>
    </message>
    <message>
        <source>Seconds (bandwidth).</source>
        <translation>Segundos (bandwidth).</translation>
    </message>
    <message>
        <source>Reflector port on NODE_B (default 7471; any free port when that one is taken).</source>
        <translation>Porta do refletor em NODE_B (padrão 7471; qualquer porta livre quando essa estiver ocupada).</translation>
    </message>
    <message>
        <source>Print the halolink.bench/1 document.</source>
        <translation>Imprime o documento halolink.bench/1.</translation>
    </message>
    <message>
        <source>Connecting gives up after &lt;seconds&gt; (default 60).</source>
        <translation>A conexão desiste após &lt;segundos&gt; (padrão 60).</translation>
    </message>
    <message>
        <source>Where the benchmark runs.</source>
        <translation>Onde o benchmark roda.</translation>
    </message>
    <message>
        <source>Where the reflector runs.</source>
        <translation>Onde o refletor roda.</translation>
    </message>
    <message>
        <source>give two nodes: NODE_A (runs the benchmark) and NODE_B (reflects).</source>
        <translation>informe dois nós: NODE_A (roda o benchmark) e NODE_B (reflete).</translation>
    </message>
    <message>
        <source>--transport must be tcp or rdma.</source>
        <translation>--transport deve ser tcp ou rdma.</translation>
    </message>
    <message>
        <source>--test must be latency or bandwidth.</source>
        <translation>--test deve ser latency ou bandwidth.</translation>
    </message>
    <message>
        <source>--%1 needs a whole number.</source>
        <translation>--%1 precisa de um número inteiro.</translation>
    </message>
    <message>
        <source>--port needs a port number.</source>
        <translation>--port precisa de um número de porta.</translation>
    </message>
    <message>
        <source>NODE_A and NODE_B are the same node (%1).</source>
        <translation>NODE_A e NODE_B são o mesmo nó (%1).</translation>
    </message>
    <message>
        <source>%1 has no data-plane address, and the benchmark measures the data plane (never the SSH address). Set one: halolinkctl nodes edit %2 --data-address A.B.C.D/P</source>
        <translation>%1 não tem endereço do plano de dados, e o benchmark mede o plano de dados (nunca o endereço SSH). Defina um: halolinkctl nodes edit %2 --data-address A.B.C.D/P</translation>
    </message>
    <message>
        <source>the reflector on %1 did not start: %2</source>
        <translation>o refletor em %1 não iniciou: %2</translation>
    </message>
    <message>
        <source>note: the reflector on %1 has no RDMA: %2</source>
        <translation>nota: o refletor em %1 não tem RDMA: %2</translation>
    </message>
    <message>
        <source>%1 -&gt; %2: %3</source>
        <translation>%1 -&gt; %2: %3</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (%3), %4 %5, %6 bytes</source>
        <translation>%1 -&gt; %2 (%3), %4 %5, %6 bytes</translation>
    </message>
    <message>
        <source>  one way:    p50 %1  p99 %2  max %3</source>
        <translation>  um sentido:       p50 %1  p99 %2  máx %3</translation>
    </message>
    <message>
        <source>  round trip: p50 %1  p99 %2  max %3</source>
        <translation>  ida e volta:      p50 %1  p99 %2  máx %3</translation>
    </message>
    <message>
        <source>  bandwidth:  %1 Gbit/s</source>
        <translation>  largura de banda: %1 Gbit/s</translation>
    </message>
    <message>
        <source>the output was too large</source>
        <translation>a saída era grande demais</translation>
    </message>
    <message>
        <source>Save a node snapshot (what probe reads; a support bundle without secrets) as DIR/&lt;node&gt;-&lt;time&gt;.tar.gz. On an SSH node the engine writes it to a temporary folder there, it is downloaded, and the temporary folder is removed. Replay it with &apos;halolink-engine probe --root FILE.tar.gz&apos;.</source>
        <translation>Salva um snapshot do nó (o que a sondagem lê; um pacote de suporte sem segredos) como DIR/&lt;nó&gt;-&lt;hora&gt;.tar.gz. Num nó SSH, o engine o grava numa pasta temporária de lá, ele é baixado e a pasta temporária é removida. Reproduza-o com &apos;halolink-engine probe --root FILE.tar.gz&apos;.</translation>
    </message>
    <message>
        <source>Folder to save the snapshot in (created if needed).</source>
        <translation>Pasta onde salvar o snapshot (criada se necessário).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>dir</translation>
    </message>
    <message>
        <source>Print {&quot;node&quot;, &quot;snapshot&quot;, &quot;bytes&quot;} as JSON.</source>
        <translation>Imprime {&quot;node&quot;, &quot;snapshot&quot;, &quot;bytes&quot;} como JSON.</translation>
    </message>
    <message>
        <source>Give up after &lt;seconds&gt; (default 120).</source>
        <translation>Desiste após &lt;segundos&gt; (padrão 120).</translation>
    </message>
    <message>
        <source>The node.</source>
        <translation>O nó.</translation>
    </message>
    <message>
        <source>give one NODE and --out DIR.</source>
        <translation>informe um NODE e --out DIR.</translation>
    </message>
    <message>
        <source>cannot create %1.</source>
        <translation>não é possível criar %1.</translation>
    </message>
    <message>
        <source>no SSH session to the node</source>
        <translation>nenhuma sessão SSH com o nó</translation>
    </message>
    <message>
        <source>the engine&apos;s snapshot failed: %1</source>
        <translation>o snapshot do engine falhou: %1</translation>
    </message>
    <message>
        <source>what came back is not a .tar.gz file</source>
        <translation>o que voltou não é um arquivo .tar.gz</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>não é possível gravar %1: %2</translation>
    </message>
    <message>
        <source>Saved the snapshot of %1 as %2 (%3 KiB).</source>
        <translation>Snapshot de %1 salvo como %2 (%3 KiB).</translation>
    </message>
    <message>
        <source>Plan for %1 (backend %2, device %3):</source>
        <translation>Plano para %1 (backend %2, dispositivo %3):</translation>
    </message>
    <message>
        <source> (already done)</source>
        <translation> (já feito)</translation>
    </message>
    <message>
        <source>writes %1</source>
        <translation>grava %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>aviso: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Verify %1: %2 %3 (backend %4, RDMA device %5)</source>
        <translation>Verificação de %1: %2 %3 (backend %4, dispositivo RDMA %5)</translation>
    </message>
    <message>
        <source>(expected %1, actual %2)</source>
        <translation>(esperado %1, atual %2)</translation>
    </message>
    <message>
        <source>Peers (RDMA latency from %1):</source>
        <translation>Pares (latência RDMA a partir de %1):</translation>
    </message>
    <message>
        <source>round trip p50 %1 us, p99 %2 us; one way p50 %3 us; GID index %4, ToS %5, %6 samples</source>
        <translation>ida e volta p50 %1 us, p99 %2 us; um sentido p50 %3 us; índice de GID %4, ToS %5, %6 amostras</translation>
    </message>
    <message>
        <source>peer %1</source>
        <translation>par %1</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>não testado</translation>
    </message>
    <message>
        <source>not tested (%1)</source>
        <translation>não testado (%1)</translation>
    </message>
    <message>
        <source>%1: verified, every check passes.</source>
        <translation>%1: verificado, todas as verificações passam.</translation>
    </message>
    <message>
        <source>%1: NOT verified, failed: %2</source>
        <translation>%1: NÃO verificado, falhou: %2</translation>
    </message>
    <message>
        <source>Configure a node&apos;s data-plane NIC for RoCE v2 with the engine (docs/roce-config.md).

  plan NODE --spec FILE     the steps, what is already done, and warnings
  apply NODE --spec FILE [--confirm-within SEC] [--journal FILE]
                            apply (each step printed as it ends); the node rolls back by
                            itself unless confirmed in time
  verify NODE --spec FILE [--no-bench]
                            check the node against the spec (interface, RDMA device, port,
                            RoCE v2 GID, MTUs, address, ToS) and RDMA to each peer; exit 1
                            when a check fails
  confirm NODE [--journal FILE]   keep the applied change (after reaching the node again)
  rollback NODE [--journal FILE]  undo the applied change
  status NODE [--journal FILE]    the change journal&apos;s state

The engine runs as root: directly when the SSH user is root, else with sudo (passwordless first; a sudo password is asked on the terminal, or read as one line from stdin with --sudo-password-stdin, and only ever given to sudo&apos;s stdin on the node, when sudo asks for it). A wrong password fails at once (sudo_password_wrong), a user sudo does not allow with sudo_not_allowed. plan, verify and status run as the SSH user when root is out of reach.
--json prints the engine&apos;s JSON lines as they come. Exit codes: 0 success, 1 failure (the engine&apos;s JSON error with --json; verify: the document, with &quot;ok&quot;: false), 2 bad usage.</source>
        <translation>Configura com o engine a NIC do plano de dados de um nó para RoCE v2 (docs/roce-config.md).

  plan NODE --spec FILE     as etapas, o que já está feito e os avisos
  apply NODE --spec FILE [--confirm-within SEC] [--journal FILE]
                            aplica (cada etapa é impressa ao terminar); o nó se reverte
                            sozinho, a menos que haja confirmação a tempo
  verify NODE --spec FILE [--no-bench]
                            confere o nó com a spec (interface, dispositivo RDMA, porta,
                            GID RoCE v2, MTUs, endereço, ToS) e o RDMA até cada par; sai
                            com 1 quando uma verificação falha
  confirm NODE [--journal FILE]   mantém a alteração aplicada (depois de alcançar o nó de novo)
  rollback NODE [--journal FILE]  desfaz a alteração aplicada
  status NODE [--journal FILE]    o estado do diário de alterações

O engine roda como root: diretamente quando o usuário SSH é root; senão, com sudo (primeiro sem senha; uma senha do sudo é pedida no terminal, ou lida como uma linha da entrada padrão com --sudo-password-stdin, e só é entregue à entrada padrão do sudo no nó, quando o sudo a pede). Uma senha errada falha na hora (sudo_password_wrong); um usuário que o sudo não permite, com sudo_not_allowed. plan, verify e status rodam como o usuário SSH quando o root está fora de alcance.
--json imprime as linhas JSON do engine conforme chegam. Códigos de saída: 0 sucesso, 1 falha (o erro JSON do engine com --json; verify: o documento, com &quot;ok&quot;: false), 2 uso incorreto.</translation>
    </message>
    <message>
        <source>The RoCE spec (JSON) for plan, apply and verify.</source>
        <translation>A spec RoCE (JSON) para plan, apply e verify.</translation>
    </message>
    <message>
        <source>apply: roll back unless confirmed within &lt;seconds&gt; (1-86400, default 120).</source>
        <translation>apply: reverte, a menos que seja confirmado em &lt;segundos&gt; (1-86400, padrão 120).</translation>
    </message>
    <message>
        <source>The change journal on the node (default: the engine&apos;s, /var/lib/halolink/roce-journal.json).</source>
        <translation>O diário de alterações no nó (padrão: o do engine, /var/lib/halolink/roce-journal.json).</translation>
    </message>
    <message>
        <source>verify: the checks only, no RDMA latency test to the peers.</source>
        <translation>verify: só as verificações, sem teste de latência RDMA até os pares.</translation>
    </message>
    <message>
        <source>Print the engine&apos;s JSON as it is.</source>
        <translation>Imprime o JSON do engine como está.</translation>
    </message>
    <message>
        <source>Read the sudo password as one line from stdin (for scripts).</source>
        <translation>Lê a senha do sudo como uma linha da entrada padrão (para scripts).</translation>
    </message>
    <message>
        <source>Give up after &lt;seconds&gt; (default 300).</source>
        <translation>Desiste após &lt;segundos&gt; (padrão 300).</translation>
    </message>
    <message>
        <source>plan, apply, verify, confirm, rollback or status.</source>
        <translation>plan, apply, verify, confirm, rollback ou status.</translation>
    </message>
    <message>
        <source>Run &apos;halolinkctl configure --help&apos; for usage.</source>
        <translation>Execute &apos;halolinkctl configure --help&apos; para ver como usar.</translation>
    </message>
    <message>
        <source>give an action (plan, apply, verify, confirm, rollback, status) and one NODE.</source>
        <translation>informe uma ação (plan, apply, verify, confirm, rollback, status) e um NODE.</translation>
    </message>
    <message>
        <source>unknown action &apos;%1&apos;.</source>
        <translation>ação desconhecida &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>--plan is for apply (tests only).</source>
        <translation>--plan é para apply (só em testes).</translation>
    </message>
    <message>
        <source>give --spec or --plan, not both.</source>
        <translation>informe --spec ou --plan, não ambos.</translation>
    </message>
    <message>
        <source>%1 needs --spec FILE.</source>
        <translation>%1 precisa de --spec FILE.</translation>
    </message>
    <message>
        <source>%1 takes no --spec.</source>
        <translation>%1 não aceita --spec.</translation>
    </message>
    <message>
        <source>--no-bench is for verify.</source>
        <translation>--no-bench é para verify.</translation>
    </message>
    <message>
        <source>--journal is for apply, confirm, rollback and status.</source>
        <translation>--journal é para apply, confirm, rollback e status.</translation>
    </message>
    <message>
        <source>--journal needs a file name.</source>
        <translation>--journal precisa de um nome de arquivo.</translation>
    </message>
    <message>
        <source>--confirm-within is for apply.</source>
        <translation>--confirm-within é para apply.</translation>
    </message>
    <message>
        <source>--confirm-within needs a whole number of seconds, 1-86400.</source>
        <translation>--confirm-within precisa de um número inteiro de segundos, 1-86400.</translation>
    </message>
    <message>
        <source>--timeout needs a positive number of seconds.</source>
        <translation>--timeout precisa de um número positivo de segundos.</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 está vazio.</translation>
    </message>
    <message>
        <source>--sudo-password-stdin: no password line on stdin.</source>
        <translation>--sudo-password-stdin: nenhuma linha de senha na entrada padrão.</translation>
    </message>
    <message>
        <source>configure works on SSH nodes; on this computer run &apos;sudo halolink-engine %1&apos; directly.</source>
        <translation>configure funciona em nós SSH; neste computador, execute &apos;sudo halolink-engine %1&apos; diretamente.</translation>
    </message>
    <message>
        <source>sudo password on %1: </source>
        <translation>senha do sudo em %1: </translation>
    </message>
    <message>
        <source>&apos;configure %1&apos; needs root on %2: the SSH user is not root and sudo is not installed there.</source>
        <translation>&apos;configure %1&apos; precisa de root em %2: o usuário SSH não é root e o sudo não está instalado lá.</translation>
    </message>
    <message>
        <source>sudo on %1 needs a password and stdin is not a terminal; give it with --sudo-password-stdin.</source>
        <translation>o sudo em %1 precisa de uma senha e a entrada padrão não é um terminal; informe-a com --sudo-password-stdin.</translation>
    </message>
    <message>
        <source>sudo on %1 did not accept the password; nothing was run.</source>
        <translation>o sudo em %1 não aceitou a senha; nada foi executado.</translation>
    </message>
    <message>
        <source>the node does not match the spec (see the failed checks).</source>
        <translation>o nó não corresponde à spec (veja as verificações com falha).</translation>
    </message>
    <message>
        <source>The steps already applied were rolled back.</source>
        <translation>As etapas já aplicadas foram revertidas.</translation>
    </message>
    <message>
        <source>Applied on %1; the change is NOT confirmed. It is rolled back at %2 (in %3 s) unless you run:</source>
        <translation>Aplicado em %1; a alteração NÃO está confirmada. Ela será revertida às %2 (em %3 s), a menos que você execute:</translation>
    </message>
    <message>
        <source>Confirm only once you reach the node again (a new SSH connection).</source>
        <translation>Confirme só depois de alcançar o nó de novo (uma nova conexão SSH).</translation>
    </message>
    <message>
        <source>(rolled back at %1, %2 s left)</source>
        <translation>(revertido às %1, faltam %2 s)</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>motivo: %1</translation>
    </message>
    <message>
        <source>time to first token %1 ms</source>
        <translation>tempo até o primeiro token %1 ms</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>tokens/s n/a</source>
        <translation>tokens/s n/d</translation>
    </message>
    <message>
        <source>answer: %1</source>
        <translation>resposta: %1</translation>
    </message>
    <message>
        <source>smoke test failed: %1</source>
        <translation>o teste rápido falhou: %1</translation>
    </message>
    <message>
        <source>traffic: %1</source>
        <translation>tráfego: %1</translation>
    </message>
    <message>
        <source>likely cause: %1</source>
        <translation>causa provável: %1</translation>
    </message>
    <message>
        <source>give the job&apos;s name.</source>
        <translation>informe o nome do job.</translation>
    </message>
    <message>
        <source>--lines needs a number.</source>
        <translation>--lines precisa de um número.</translation>
    </message>
    <message>
        <source>no SSH nodes in the inventory.</source>
        <translation>nenhum nó SSH no inventário.</translation>
    </message>
    <message>
        <source>running</source>
        <translation>rodando</translation>
    </message>
    <message>
        <source>partly running</source>
        <translation>rodando em parte</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>parado</translation>
    </message>
    <message>
        <source>%1  %2  %3 on %4  model %5  %6  started %7
</source>
        <translation>%1  %2  %3 em %4  modelo %5  %6  iniciado em %7
</translation>
    </message>
    <message>
        <source>unknown (not reachable)</source>
        <translation>desconhecido (inacessível)</translation>
    </message>
    <message>
        <source>no job &apos;%1&apos; on %2.</source>
        <translation>nenhum job &apos;%1&apos; em %2.</translation>
    </message>
    <message>
        <source>the inventory&apos;s nodes</source>
        <translation>os nós do inventário</translation>
    </message>
    <message>
        <source>%1 (a node of the job) is no longer in the inventory.</source>
        <translation>%1 (um nó do job) não está mais no inventário.</translation>
    </message>
    <message>
        <source>the job &apos;%1&apos; is not running on every node (halolinkctl job status).</source>
        <translation>o job &apos;%1&apos; não está rodando em todos os nós (halolinkctl job status).</translation>
    </message>
    <message>
        <source>Print what would run where; start nothing.</source>
        <translation>Imprime o que rodaria onde; não inicia nada.</translation>
    </message>
    <message>
        <source>vllm (default) or llama-rpc.</source>
        <translation>vllm (padrão) ou llama-rpc.</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>engine</translation>
    </message>
    <message>
        <source>podman (default), toolbox, docker or host.</source>
        <translation>podman (padrão), toolbox, docker ou host.</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>runtime</translation>
    </message>
    <message>
        <source>Container image (podman, docker) or toolbox name.</source>
        <translation>Imagem de contêiner (podman, docker) ou nome do toolbox.</translation>
    </message>
    <message>
        <source>image</source>
        <translation>imagem</translation>
    </message>
    <message>
        <source>Model path on every node, or a model id (vLLM).</source>
        <translation>Caminho do modelo em todos os nós, ou o id de um modelo (vLLM).</translation>
    </message>
    <message>
        <source>model</source>
        <translation>modelo</translation>
    </message>
    <message>
        <source>Job name (default tp).</source>
        <translation>Nome do job (padrão tp).</translation>
    </message>
    <message>
        <source>API port on the head (default 8000).</source>
        <translation>Porta da API no nó principal (padrão 8000).</translation>
    </message>
    <message>
        <source>vLLM (default 0.90).</source>
        <translation>vLLM (padrão 0.90).</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>fração</translation>
    </message>
    <message>
        <source>vLLM --enforce-eager (default: on gfx1151).</source>
        <translation>vLLM --enforce-eager (padrão: ligado em gfx1151).</translation>
    </message>
    <message>
        <source>Never --enforce-eager.</source>
        <translation>Nunca --enforce-eager.</translation>
    </message>
    <message>
        <source>Context length.</source>
        <translation>Comprimento do contexto.</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <source>NCCL_IB_DISABLE=1: no RDMA.</source>
        <translation>NCCL_IB_DISABLE=1: sem RDMA.</translation>
    </message>
    <message>
        <source>tos</source>
        <translation>tos</translation>
    </message>
    <message>
        <source>NAME=VALUE on every node (repeatable; wins).</source>
        <translation>NAME=VALUE em todos os nós (pode repetir; prevalece).</translation>
    </message>
    <message>
        <source>NAME=VALUE</source>
        <translation>NAME=VALUE</translation>
    </message>
    <message>
        <source>Use this halolink.probe/1 document for NODE instead of probing it (repeatable; --dry-run only).</source>
        <translation>Usa este documento halolink.probe/1 para NODE em vez de sondá-lo (pode repetir; só com --dry-run).</translation>
    </message>
    <message>
        <source>NODE=FILE</source>
        <translation>NODE=FILE</translation>
    </message>
    <message>
        <source>launch: skip the smoke test.</source>
        <translation>launch: pula o teste rápido.</translation>
    </message>
    <message>
        <source>launch: seconds for Ray to have every node (default 180).</source>
        <translation>launch: segundos para o Ray ter todos os nós (padrão 180).</translation>
    </message>
    <message>
        <source>launch: seconds for the server to load the model and answer (default 2400).</source>
        <translation>launch: segundos para o servidor carregar o modelo e responder (padrão 2400).</translation>
    </message>
    <message>
        <source>smoke test: the question asked.</source>
        <translation>teste rápido: a pergunta feita.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>smoke test: tokens asked for (default 64).</source>
        <translation>teste rápido: tokens pedidos (padrão 64).</translation>
    </message>
    <message>
        <source>logs: only this node.</source>
        <translation>logs: só este nó.</translation>
    </message>
    <message>
        <source>node</source>
        <translation>nó</translation>
    </message>
    <message>
        <source>logs: only this role (ray-head, ray-worker, vllm, rpc-server, llama-server).</source>
        <translation>logs: só este papel (ray-head, ray-worker, vllm, rpc-server, llama-server).</translation>
    </message>
    <message>
        <source>role</source>
        <translation>papel</translation>
    </message>
    <message>
        <source>logs: the last N lines (default 100).</source>
        <translation>logs: as últimas N linhas (padrão 100).</translation>
    </message>
    <message>
        <source>logs: keep printing new lines until interrupted.</source>
        <translation>logs: continua imprimindo as novas linhas até ser interrompido.</translation>
    </message>
    <message>
        <source>Machine-readable output.</source>
        <translation>Saída legível por máquina.</translation>
    </message>
    <message>
        <source>Connecting: give up after &lt;seconds&gt; (default 120).</source>
        <translation>Conexão: desiste após &lt;segundos&gt; (padrão 120).</translation>
    </message>
    <message>
        <source>Trust and save the host key of a node seen for the first time.</source>
        <translation>Confia na chave de host de um nó visto pela primeira vez e a salva.</translation>
    </message>
    <message>
        <source>launch: the nodes, the head first; others: the job name.</source>
        <translation>launch: os nós, o principal primeiro; os outros: o nome do job.</translation>
    </message>
    <message>
        <source>Run &apos;halolinkctl job --help&apos; for usage.</source>
        <translation>Execute &apos;halolinkctl job --help&apos; para ver como usar.</translation>
    </message>
    <message>
        <source>--max-tokens is 1-4096.</source>
        <translation>--max-tokens vai de 1 a 4096.</translation>
    </message>
    <message>
        <source>give the nodes, the head first.</source>
        <translation>informe os nós, o principal primeiro.</translation>
    </message>
    <message>
        <source>--engine is vllm or llama-rpc.</source>
        <translation>--engine é vllm ou llama-rpc.</translation>
    </message>
    <message>
        <source>--runtime is podman, toolbox, docker or host.</source>
        <translation>--runtime é podman, toolbox, docker ou host.</translation>
    </message>
    <message>
        <source>--port needs a number.</source>
        <translation>--port precisa de um número.</translation>
    </message>
    <message>
        <source>--gpu-memory-utilization needs a number such as 0.90.</source>
        <translation>--gpu-memory-utilization precisa de um número como 0.90.</translation>
    </message>
    <message>
        <source>--eager or --no-eager, not both.</source>
        <translation>--eager ou --no-eager, não ambos.</translation>
    </message>
    <message>
        <source>--max-model-len needs a number.</source>
        <translation>--max-model-len precisa de um número.</translation>
    </message>
    <message>
        <source>--env needs NAME=VALUE, got &apos;%1&apos;.</source>
        <translation>--env precisa de NAME=VALUE, recebido &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>--probe-file needs NODE=FILE, got &apos;%1&apos;.</source>
        <translation>--probe-file precisa de NODE=FILE, recebido &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>--ray-timeout needs a positive number of seconds.</source>
        <translation>--ray-timeout precisa de um número positivo de segundos.</translation>
    </message>
    <message>
        <source>--server-timeout needs a positive number of seconds.</source>
        <translation>--server-timeout precisa de um número positivo de segundos.</translation>
    </message>
    <message>
        <source>--probe-file is for --dry-run: a launch probes the nodes it starts on.</source>
        <translation>--probe-file é para --dry-run: um launch sonda os nós em que inicia.</translation>
    </message>
    <message>
        <source>%1 is not a probe document: %2</source>
        <translation>%1 não é um documento de sondagem: %2</translation>
    </message>
    <message>
        <source>%1: jobs run on SSH nodes.</source>
        <translation>%1: os jobs rodam em nós SSH.</translation>
    </message>
    <message>
        <source>probe failed: %1</source>
        <translation>a sondagem falhou: %1</translation>
    </message>
    <message>
        <source>The job &apos;%1&apos; runs: %2/v1 (halolinkctl job stop %1 stops it).</source>
        <translation>O job &apos;%1&apos; está rodando: %2/v1 (halolinkctl job stop %1 o para).</translation>
    </message>
    <message>
        <source>Show which halolink-engine this computer uses: the program the app runs for This computer and uploads to the nodes, its version, and every place looked at, in order ($HALOLINK_ENGINE when set, else next to halolinkctl: ../libexec/halolink/, ../lib/halolink/, then the build tree for a build-tree program).

--json: {&quot;path&quot;, &quot;version&quot;, &quot;protocol&quot;, &quot;tried&quot;: [...]}, or {&quot;error&quot;: {&quot;code&quot;, &quot;message&quot;}} with exit code 1 when none is usable.</source>
        <translation>Mostra qual halolink-engine este computador usa: o programa que o app executa para Este computador e envia aos nós, a versão dele e todos os locais verificados, em ordem ($HALOLINK_ENGINE quando definida; senão, ao lado do halolinkctl: ../libexec/halolink/, ../lib/halolink/, e por fim a árvore de build, para um programa da árvore de build).

--json: {&quot;path&quot;, &quot;version&quot;, &quot;protocol&quot;, &quot;tried&quot;: [...]}, ou {&quot;error&quot;: {&quot;code&quot;, &quot;message&quot;}} com código de saída 1 quando nenhum pode ser usado.</translation>
    </message>
    <message>
        <source>takes no arguments.</source>
        <translation>não aceita argumentos.</translation>
    </message>
    <message>
        <source>%1 --version failed: %2</source>
        <translation>%1 --version falhou: %2</translation>
    </message>
    <message>
        <source>%1 does not look like halolink-engine: `--version` printed &quot;%2&quot;.</source>
        <translation>%1 não parece ser o halolink-engine: `--version` imprimiu &quot;%2&quot;.</translation>
    </message>
    <message>
        <source>engine:   %1</source>
        <translation>engine:   %1</translation>
    </message>
    <message>
        <source>version:  %1 (protocol %2)</source>
        <translation>versão:   %1 (protocolo %2)</translation>
    </message>
    <message>
        <source>looked at:</source>
        <translation>locais verificados:</translation>
    </message>
    <message>
        <source>warning: this engine speaks protocol %1; halolinkctl speaks %2.</source>
        <translation>aviso: este engine fala o protocolo %1; o halolinkctl fala o %2.</translation>
    </message>
    <message>
        <source>HaloLink command line: the same nodes, settings and engine as the halolink app.</source>
        <translation>Linha de comando do HaloLink: os mesmos nós, configurações e engine do app halolink.</translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation>Mostra a versão.</translation>
    </message>
    <message>
        <source>What to do (see Commands).</source>
        <translation>O que fazer (veja Comandos).</translation>
    </message>
    <message>
        <source>no command given.</source>
        <translation>nenhum comando informado.</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;.</source>
        <translation>comando desconhecido &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 em %2</translation>
    </message>
    <message numerus="yes">
        <source>smoke test: %n token(s)</source>
        <translation>
            <numerusform>teste rápido: %n token</numerusform>
            <numerusform>teste rápido: %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No jobs on %n node(s).</source>
        <translation>
            <numerusform>Nenhum job em %n nó.</numerusform>
            <numerusform>Nenhum job em %n nós.</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the node as saved, as JSON.</source>
        <translation>Imprime o nó como foi salvo, em JSON.</translation>
    </message>
    <message>
        <source>Print {&quot;removed&quot;: [...]} as JSON.</source>
        <translation>Imprime {&quot;removed&quot;: [...]} em JSON.</translation>
    </message>
    <message>
        <source> (read when it runs)</source>
        <translation> (lido quando roda)</translation>
    </message>
    <message>
        <source>not readable now: %1</source>
        <translation>não dá para ler agora: %1</translation>
    </message>
    <message>
        <source>NCCL_IB_TC, 0-255, or &apos;unset&apos; for none (default: the ToS the cluster setup saved for the nodes, when they all have the same).</source>
        <translation>NCCL_IB_TC, 0-255, ou &apos;unset&apos; para nenhuma (padrão: o ToS que a configuração do cluster salvou para os nós, quando todos têm o mesmo).</translation>
    </message>
    <message>
        <source>--traffic-class is 0-255, or unset.</source>
        <translation>--traffic-class é 0-255, ou unset.</translation>
    </message>
    <message>
        <source>traffic class %1, %2.</source>
        <translation>classe de tráfego %1, %2.</translation>
    </message>
    <message>
        <source>NCCL_IB_TC %1 Give --traffic-class to set one.</source>
        <translation>NCCL_IB_TC %1 Use --traffic-class para definir uma.</translation>
    </message>
    <message>
        <source>the job &apos;%1&apos; has no API key.</source>
        <translation>o job &apos;%1&apos; não tem chave de API.</translation>
    </message>
    <message>
        <source>NAME: a secret (e.g. HF_TOKEN) taken from halolinkctl&apos;s own environment and handed to every node on standard input, never on a command line (repeatable).</source>
        <translation>NAME: um segredo (p. ex. HF_TOKEN) tirado do próprio ambiente do halolinkctl e entregue a cada nó pela entrada padrão, nunca numa linha de comando (pode repetir).</translation>
    </message>
    <message>
        <source>Where the API listens on the head: its data-plane address (default), 127.0.0.1, 0.0.0.0 or another of its addresses.</source>
        <translation>Onde a API escuta no nó principal: o endereço do plano de dados dele (padrão), 127.0.0.1, 0.0.0.0 ou outro dos endereços dele.</translation>
    </message>
    <message>
        <source>Serve without an API key (by default each job gets one: halolinkctl job api-key NAME prints it).</source>
        <translation>Serve sem chave de API (por padrão, cada job recebe uma: halolinkctl job api-key NAME a imprime).</translation>
    </message>
    <message>
        <source>launch, status, logs, stop, restart, smoke or api-key</source>
        <translation>launch, status, logs, stop, restart, smoke ou api-key</translation>
    </message>
    <message>
        <source>--secret-env %1: %1 is not set in halolinkctl&apos;s environment.</source>
        <translation>--secret-env %1: %1 não está definida no ambiente do halolinkctl.</translation>
    </message>
    <message>
        <source>bench, compare: requests in flight, a level each (default 1,4,16).</source>
        <translation>bench, compare: requisições simultâneas, um nível cada (padrão 1,4,16).</translation>
    </message>
    <message>
        <source>list</source>
        <translation>listar</translation>
    </message>
    <message>
        <source>bench, compare: requests per level (default: the engine&apos;s).</source>
        <translation>bench, compare: requisições por nível (padrão: o do engine).</translation>
    </message>
    <message>
        <source>bench, compare: the sampling seed (default 1234).</source>
        <translation>bench, compare: a semente de amostragem (padrão 1234).</translation>
    </message>
    <message>
        <source>compare: the table as CSV.</source>
        <translation>compare: a tabela em CSV.</translation>
    </message>
    <message>
        <source>compare: the comparisons kept with the cluster.</source>
        <translation>compare: as comparações guardadas com o cluster.</translation>
    </message>
    <message>
        <source>--requests is 1-100000.</source>
        <translation>--requests é de 1 a 100000.</translation>
    </message>
    <message>
        <source>--seed needs a number of 0 or more.</source>
        <translation>--seed precisa de um número maior ou igual a 0.</translation>
    </message>
    <message>
        <source>--csv or --json, not both.</source>
        <translation>--csv ou --json, não os dois.</translation>
    </message>
    <message>
        <source>--csv and --list are for compare.</source>
        <translation>--csv e --list são para compare.</translation>
    </message>
    <message>
        <source>no comparison of &apos;%1&apos; kept in %2.</source>
        <translation>nenhuma comparação de &apos;%1&apos; guardada em %2.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>traffic: %1 - %2</source>
        <translation>tráfego: %1 - %2</translation>
    </message>
    <message>
        <source>concurrency %1: %2 tok/s in all, time to first token p50 %3 ms, inter-token p50 %4 ms</source>
        <translation>concorrência %1: %2 tok/s no total, tempo até o primeiro token p50 %3 ms, entre tokens p50 %4 ms</translation>
    </message>
    <message>
        <source>the job is not as it was: %1</source>
        <translation>o job não está como estava: %1</translation>
    </message>
    <message>
        <source>Tensor-parallel inference jobs (vLLM over Ray, or llama.cpp RPC) across nodes.

  launch [--dry-run] --model M [options] NODE...
      --dry-run prints what would run where: per node the environment (RDMA values from that
      node&apos;s probe, each with its source) and the commands in order, and starts nothing.
      Without it the job is checked on every node (runtime, image, model, ports, memory),
      started detached in order with readiness waits, and smoke-tested: one chat completion
      (time to first token, tokens/s) with the RDMA port counters of every node as proof of
      the transport. A failed launch stops what it started. The first NODE is the head;
      nodes need a data-plane interface and address (the cluster setup writes them).
  status [NODE...]             jobs found on the nodes (default: every SSH node) and what runs
  logs NAME [--node N] [--role R] [--lines N] [--follow]
  stop NAME | restart NAME | smoke NAME   [NODE...: where to look for it]
  bench NAME [--concurrency 1,4,16] [--requests N] [--max-tokens N] [--seed S]
      the serving benchmark on the head against the job&apos;s API (greedy, fixed prompts): time to
      first token, inter-token latency, tokens/s per concurrency, with the transport&apos;s proof.
  compare NAME [the bench options] [--csv] [--secret-env NAME...]
      the benchmark with the job as it runs, the job relaunched with the other transport
      (TCP-only, or RDMA), the benchmark again, and the job relaunched as it was: the speed-up
      per concurrency and whether the greedy outputs matched. Ctrl-C cancels (the job is put
      back). Kept with the cluster: compare NAME --list [--json|--csv] shows the kept ones.
  advise --model M [--context N] [--concurrency N] [--prompt-tokens N] [--answer-tokens N]
         [--links reference|measure] NODE...
      before a launch: whether the model (its files, read on the first NODE) fits on one node,
      tensor parallel over the nodes or in llama.cpp&apos;s layer split, its largest context and KV
      cache per token, and the decode speed and time to first token predicted over RDMA and
      TCP, with the parts of each (docs/advise.md). The links are the reference setup&apos;s unless
      --links measure measures them between the first two nodes.

Exit codes: 0 success, 1 failure (e.g. a check failed, the job did not become ready, the
smoke test failed), 2 bad usage.</source>
        <translation type="vanished">Jobs de inferência com paralelismo de tensor (vLLM sobre Ray, ou llama.cpp RPC) entre nós.

  launch [--dry-run] --model M [options] NODE...
      --dry-run imprime o que rodaria onde: por nó, o ambiente (valores RDMA da sondagem
      daquele nó, cada um com sua origem) e os comandos em ordem, e não inicia nada.
      Sem ele, o job é verificado em cada nó (runtime, imagem, modelo, portas, memória),
      iniciado em segundo plano, em ordem, esperando cada parte ficar pronta, e testado:
      um chat completion (tempo até o primeiro token, tokens/s) com os contadores das
      portas RDMA de cada nó como prova do transporte. Um início que falha para o que
      iniciou. O primeiro NODE é o principal; os nós precisam de interface e endereço do
      plano de dados (a configuração do cluster os grava).
  status [NODE...]             jobs encontrados nos nós (padrão: todo nó SSH) e o que roda
  logs NAME [--node N] [--role R] [--lines N] [--follow]
  stop NAME | restart NAME | smoke NAME   [NODE...: onde procurá-lo]
  bench NAME [--concurrency 1,4,16] [--requests N] [--max-tokens N] [--seed S]
      o benchmark de serviço no nó principal contra a API do job (gulosa, prompts fixos):
      tempo até o primeiro token, latência entre tokens, tokens/s por concorrência, com a
      prova do transporte.
  compare NAME [as opções de bench] [--csv] [--secret-env NAME...]
      o benchmark com o job como ele roda, o job reiniciado com o outro transporte (somente
      TCP, ou RDMA), o benchmark de novo e o job reiniciado como estava: a aceleração por
      concorrência e se as saídas gulosas coincidiram. Ctrl-C cancela (o job volta a ser
      como estava). Guardadas com o cluster: compare NAME --list [--json|--csv] mostra as
      guardadas.
  advise --model M [--context N] [--concurrency N] [--prompt-tokens N] [--answer-tokens N]
         [--links reference|measure] NODE...
      antes de iniciar: se o modelo (os arquivos dele, lidos no primeiro NODE) cabe em um
      nó, com paralelismo de tensor entre os nós ou na divisão por camadas do llama.cpp, o
      maior contexto e o cache KV por token, e a velocidade de decodificação e o tempo até
      o primeiro token previstos via RDMA e via TCP, com as partes de cada um
      (docs/advise.md). Os enlaces são os da configuração de referência, a menos que
      --links measure os meça entre os dois primeiros nós.

Códigos de saída: 0 sucesso, 1 falha (p. ex. uma verificação falhou, o job não ficou
pronto, o teste rápido falhou), 2 uso incorreto.</translation>
    </message>
    <message>
        <source>advise: tokens each sequence holds, prompt and answer (default 8192).</source>
        <translation>advise: os tokens que cada sequência comporta, prompt e resposta (padrão 8192).</translation>
    </message>
    <message>
        <source>advise: the prompt of one request, for the time to first token (default 512).</source>
        <translation>advise: o prompt de uma requisição, para o tempo até o primeiro token (padrão 512).</translation>
    </message>
    <message>
        <source>advise: the answer&apos;s length, for the decode&apos;s average depth (default 128).</source>
        <translation>advise: o comprimento da resposta, para a profundidade média da decodificação (padrão 128).</translation>
    </message>
    <message>
        <source>advise: reference (the reference setup&apos;s figures, default) or measure (RDMA and TCP between the first two nodes, now).</source>
        <translation type="vanished">advise: reference (os valores da configuração de referência, padrão) ou measure (RDMA e TCP entre os dois primeiros nós, agora).</translation>
    </message>
    <message>
        <source>source</source>
        <translation>origem</translation>
    </message>
    <message>
        <source>the action is launch, status, logs, stop, restart, smoke, api-key, bench, compare or advise.</source>
        <translation>a ação é launch, status, logs, stop, restart, smoke, api-key, bench, compare ou advise.</translation>
    </message>
    <message>
        <source>--context, --prompt-tokens, --answer-tokens and --links are for advise.</source>
        <translation>--context, --prompt-tokens, --answer-tokens e --links são para advise.</translation>
    </message>
    <message>
        <source>measuring RDMA and TCP between %1 and %2…</source>
        <translation>medindo RDMA e TCP entre %1 e %2…</translation>
    </message>
    <message>
        <source>  %1 latency…</source>
        <translation>  latência %1…</translation>
    </message>
    <message>
        <source>  %1 bandwidth (%2 s)…</source>
        <translation>  largura de banda %1 (%2 s)…</translation>
    </message>
    <message>
        <source>%1 %2 not measured: the reflector on %3 did not start: %4</source>
        <translation>%1 %2 não medido: o refletor em %3 não iniciou: %4</translation>
    </message>
    <message>
        <source>RDMA not measured: %1 has no RDMA (%2)</source>
        <translation>RDMA não medido: %1 não tem RDMA (%2)</translation>
    </message>
    <message>
        <source>%1 %2 not measured: %3</source>
        <translation>%1 %2 não medido: %3</translation>
    </message>
    <message>
        <source>%1 latency: the benchmark gave no one-way p50</source>
        <translation>latência %1: o benchmark não deu o p50 unidirecional</translation>
    </message>
    <message>
        <source>%1 bandwidth: the benchmark gave no bandwidth</source>
        <translation>largura de banda %1: o benchmark não deu a largura de banda</translation>
    </message>
    <message>
        <source>give --model PATH: the model&apos;s .gguf file or Hugging Face folder, as the nodes see it.</source>
        <translation>informe --model PATH: o arquivo .gguf ou a pasta do Hugging Face do modelo, como os nós o veem.</translation>
    </message>
    <message>
        <source>give the nodes, the head first (it reads the model&apos;s files).</source>
        <translation>informe os nós, o principal primeiro (ele lê os arquivos do modelo).</translation>
    </message>
    <message>
        <source>--context is a number of tokens from 1 to %1.</source>
        <translation>--context é um número de tokens de 1 a %1.</translation>
    </message>
    <message>
        <source>--concurrency is one number of sequences decoded together, 1 to 4096 (advise).</source>
        <translation>--concurrency é um único número de sequências decodificadas juntas, de 1 a 4096 (advise).</translation>
    </message>
    <message>
        <source>--prompt-tokens is a number of tokens from 0 to %1.</source>
        <translation>--prompt-tokens é um número de tokens de 0 a %1.</translation>
    </message>
    <message>
        <source>--answer-tokens is a number of tokens from 0 to %1.</source>
        <translation>--answer-tokens é um número de tokens de 0 a %1.</translation>
    </message>
    <message>
        <source>--links is reference or measure.</source>
        <translation type="vanished">--links é reference ou measure.</translation>
    </message>
    <message>
        <source>--links measure needs two nodes at least: it measures between the first two.</source>
        <translation>--links measure precisa de pelo menos dois nós: ele mede entre os dois primeiros.</translation>
    </message>
    <message>
        <source>--links measure needs two different nodes.</source>
        <translation>--links measure precisa de dois nós diferentes.</translation>
    </message>
    <message>
        <source>%1 has no data-plane address, and --links measure measures the data plane. Set one (halolinkctl nodes edit %1 --data-address A.B.C.D/P), or leave out --links measure.</source>
        <translation>%1 não tem endereço do plano de dados, e --links measure mede o plano de dados. Defina um (halolinkctl nodes edit %1 --data-address A.B.C.D/P) ou deixe de fora o --links measure.</translation>
    </message>
    <message numerus="yes">
        <source>connecting to %n node(s)…</source>
        <translation>
            <numerusform>conectando a %n nó…</numerusform>
            <numerusform>conectando a %n nós…</numerusform>
        </translation>
    </message>
    <message>
        <source>reading the shape of %1 on %2…</source>
        <translation>lendo a estrutura de %1 em %2…</translation>
    </message>
    <message>
        <source>%1: its engine cannot read model shapes (model_shape); update it (halolinkctl engine).</source>
        <translation>%1: o engine dele não sabe ler a estrutura de modelos (model_shape); atualize-o (halolinkctl engine).</translation>
    </message>
    <message>
        <source>%1: the model could not be read: %2</source>
        <translation>%1: não foi possível ler o modelo: %2</translation>
    </message>
    <message>
        <source>%1: the model&apos;s shape could not be read: %2</source>
        <translation>%1: não foi possível ler a estrutura do modelo: %2</translation>
    </message>
    <message>
        <source>probing %1…</source>
        <translation>sondando %1…</translation>
    </message>
    <message>
        <source>%1: GPU memory unknown: the probe failed (%2)</source>
        <translation>%1: memória da GPU desconhecida: a sondagem falhou (%2)</translation>
    </message>
    <message>
        <source>links: measured between %1 and %2 only, and taken for every pair of nodes</source>
        <translation>enlaces: medidos só entre %1 e %2, e considerados para todos os pares de nós</translation>
    </message>
    <message>
        <source>links: the reference setup&apos;s figures (FIELD_NOTES), not this cluster&apos;s; --links measure measures them between %1 and %2</source>
        <translation>enlaces: os valores da configuração de referência (FIELD_NOTES), não os deste cluster; --links measure os mede entre %1 e %2</translation>
    </message>
    <message>
        <source>Commands:
  nodes list|add|edit|remove|import-ssh-config
                          The node inventory (the same as the halolink app&apos;s).
  probe [--json] [NODE...] Probe nodes (default: this computer) in parallel: hardware,
                          RDMA setup and preflight checks.
  bench [--transport tcp|rdma] [--test latency|bandwidth] NODE_A NODE_B
                          Measure the data plane from NODE_A to NODE_B.
  snapshot NODE --out DIR  Save a node snapshot (.tar.gz) for support or replay.
  configure plan|apply|verify|confirm|rollback|status NODE [--spec FILE]
                          RoCE v2 on a node&apos;s data-plane NIC; apply rolls back by itself
                          unless &apos;configure confirm NODE&apos; follows in time; verify checks
                          what was applied.
  job launch [--dry-run] --model M [options] NODE...
                          A tensor-parallel job (vLLM over Ray, llama.cpp RPC): what would
                          run where (--dry-run), or checked, started, smoke-tested and the
                          transport proven from the RDMA port counters.
  job status|logs|smoke|restart|stop ...
                          Jobs found on the nodes.
  job bench|compare NAME   A running job&apos;s serving benchmark; RDMA against TCP.
  job advise --model M NODE...
                          Before a launch: does the model fit, how to split it, how fast.
  engine [--json]          Which halolink-engine this computer uses, its version, and
                          every place looked at.
  lab up [N] | down | status [--json]
                          The virtual cluster: N QEMU VMs with Soft-RoCE on this computer
                          (default 2), added to the inventory as virtual nodes vnode1..;
                          exit 77 when it cannot run here (it says what to install).

Nodes are reached over SSH with ~/.ssh/config and ~/.ssh/known_hosts. A node&apos;s host key
seen for the first time is refused unless --accept-new-host-key is given; a changed key
is always refused. Passwords are asked on the terminal and never taken from the command
line; only &apos;configure --sudo-password-stdin&apos; reads sudo&apos;s password as one line on stdin.

Exit codes: 0 success, 1 failure, 2 bad usage.
Run &apos;halolinkctl COMMAND --help&apos; for the options of a command.
</source>
        <translation>Comandos:
  nodes list|add|edit|remove|import-ssh-config
                          O inventário de nós (o mesmo do app halolink).
  probe [--json] [NODE...] Sonda nós (padrão: este computador) em paralelo: hardware,
                          configuração RDMA e verificações prévias.
  bench [--transport tcp|rdma] [--test latency|bandwidth] NODE_A NODE_B
                          Mede o plano de dados de NODE_A até NODE_B.
  snapshot NODE --out DIR  Salva um snapshot do nó (.tar.gz) para suporte ou reprodução.
  configure plan|apply|verify|confirm|rollback|status NODE [--spec FILE]
                          RoCE v2 na NIC do plano de dados de um nó; o apply se reverte
                          sozinho, a menos que &apos;configure confirm NODE&apos; venha a tempo; o
                          verify confere o que foi aplicado.
  job launch [--dry-run] --model M [options] NODE...
                          Um job com paralelismo de tensor (vLLM sobre Ray, llama.cpp
                          RPC): o que rodaria onde (--dry-run), ou verificado, iniciado,
                          testado e com o transporte comprovado pelos contadores RDMA.
  job status|logs|smoke|restart|stop ...
                          Jobs encontrados nos nós.
  job bench|compare NAME   O benchmark de serviço de um job em execução; RDMA contra TCP.
  job advise --model M NODE...
                          Antes de iniciar: se o modelo cabe, como dividi-lo, com que
                          velocidade.
  engine [--json]          Qual halolink-engine este computador usa, a versão dele e
                          todos os locais verificados.
  lab up [N] | down | status [--json]
                          O cluster virtual: N VMs QEMU com Soft-RoCE neste computador
                          (padrão 2), adicionadas ao inventário como nós virtuais vnode1..;
                          sai com 77 quando não pode rodar aqui (diz o que instalar).

Os nós são acessados por SSH com ~/.ssh/config e ~/.ssh/known_hosts. A chave de host
de um nó vista pela primeira vez é recusada, a menos que se use --accept-new-host-key;
uma chave alterada é sempre recusada. As senhas são pedidas no terminal e nunca tiradas
da linha de comando; só &apos;configure --sudo-password-stdin&apos; lê a senha do sudo como uma
linha na stdin.

Códigos de saída: 0 sucesso, 1 falha, 2 uso incorreto.
Execute &apos;halolinkctl COMMAND --help&apos; para ver as opções de um comando.
</translation>
    </message>
    <message>
        <source>%1 (virtual)</source>
        <translation>%1 (virtual)</translation>
    </message>
    <message>
        <source>starting the reflector on %1…</source>
        <translation>iniciando o refletor em %1…</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 (%3)</source>
        <translation>%1 -&gt; %2 (%3)</translation>
    </message>
    <message>
        <source>measuring the %1 bandwidth, %2…</source>
        <translation>medindo a largura de banda %1, %2…</translation>
    </message>
    <message>
        <source>measuring the %1 latency, %2…</source>
        <translation>medindo a latência %1, %2…</translation>
    </message>
    <message>
        <source>stopping the reflector on %1…</source>
        <translation>parando o refletor em %1…</translation>
    </message>
    <message>
        <source>Subcommands:
  up [N] [--json]   Boot N virtual nodes (2 to 8, default 2) on this computer: QEMU VMs with
                    Soft-RoCE on a shared data link, reached over SSH on 127.0.0.1 with the
                    lab&apos;s own key and pinned host keys. Adds them to the inventory as virtual
                    nodes vnode1..vnodeN (replacing the ones of an earlier virtual cluster).
  down              Stop every VM and remove the virtual nodes from the inventory.
  status [--json]   Whether the virtual cluster is up, and each VM.

The VMs use KVM where it works, else software emulation (much slower; up says so).
Exit codes: 0 success, 1 failure, 2 bad usage, 77 the virtual cluster cannot run here
(up says what to install). Run &apos;halolinkctl lab SUBCOMMAND --help&apos;.
</source>
        <translation>Subcomandos:
  up [N] [--json]   Inicia N nós virtuais (2 a 8, padrão 2) neste computador: VMs QEMU com
                    Soft-RoCE num enlace de dados compartilhado, acessadas por SSH em
                    127.0.0.1 com a chave própria do lab e chaves de host fixadas. Adiciona-as
                    ao inventário como nós virtuais vnode1..vnodeN (substituindo os de um
                    cluster virtual anterior).
  down              Para todas as VMs e remove os nós virtuais do inventário.
  status [--json]   Se o cluster virtual está ativo, e cada VM.

As VMs usam KVM onde ele funciona; senão, emulação por software (bem mais lenta; o up avisa).
Códigos de saída: 0 sucesso, 1 falha, 2 uso incorreto, 77 o cluster virtual não pode rodar
aqui (o up diz o que instalar). Execute &apos;halolinkctl lab SUBCOMMAND --help&apos;.
</translation>
    </message>
    <message>
        <source>Boot the virtual cluster and add its nodes to the inventory.</source>
        <translation>Inicia o cluster virtual e adiciona os nós dele ao inventário.</translation>
    </message>
    <message>
        <source>Print the lab and its nodes as JSON.</source>
        <translation>Imprime o lab e os nós dele como JSON.</translation>
    </message>
    <message>
        <source>How many nodes (2 to 8, default 2).</source>
        <translation>Quantos nós (2 a 8, padrão 2).</translation>
    </message>
    <message>
        <source>N must be a number from %1 to %2, not &apos;%3&apos;.</source>
        <translation>N deve ser um número de %1 a %2, não &apos;%3&apos;.</translation>
    </message>
    <message>
        <source>the inventory cannot be changed: %1</source>
        <translation>o inventário não pode ser alterado: %1</translation>
    </message>
    <message>
        <source>the inventory already has a node named %1 that is not virtual; rename or remove it (&apos;halolinkctl nodes edit %1 --name NEW&apos;) before booting the virtual cluster.</source>
        <translation>o inventário já tem um nó chamado %1 que não é virtual; renomeie-o ou remova-o (&apos;halolinkctl nodes edit %1 --name NEW&apos;) antes de iniciar o cluster virtual.</translation>
    </message>
    <message>
        <source>%1 belongs to another virtual cluster (%2); remove it first.</source>
        <translation>%1 pertence a outro cluster virtual (%2); remova-o primeiro.</translation>
    </message>
    <message>
        <source>interrupted; stopping the virtual machines</source>
        <translation>interrompido; parando as máquinas virtuais</translation>
    </message>
    <message>
        <source>could not start.</source>
        <translation>não foi possível iniciar.</translation>
    </message>
    <message>
        <source>the virtual cluster cannot run on this computer: %1</source>
        <translation>o cluster virtual não pode rodar neste computador: %1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>falhou: %1</translation>
    </message>
    <message>
        <source>could not remove %1 from the inventory: %2</source>
        <translation>não foi possível remover %1 do inventário: %2</translation>
    </message>
    <message>
        <source>could not add %1 to the inventory: %2</source>
        <translation>não foi possível adicionar %1 ao inventário: %2</translation>
    </message>
    <message numerus="yes">
        <source>virtual cluster up: %n node(s) (%1) in %2</source>
        <translation>
            <numerusform>cluster virtual ativo: %n nó (%1) em %2</numerusform>
            <numerusform>cluster virtual ativo: %n nós (%1) em %2</numerusform>
        </translation>
    </message>
    <message>
        <source>KVM</source>
        <translation>KVM</translation>
    </message>
    <message>
        <source>emulated, TCG</source>
        <translation>emulado, TCG</translation>
    </message>
    <message>
        <source>data %1 on %2</source>
        <translation>dados %1 em %2</translation>
    </message>
    <message>
        <source>Stop the virtual cluster and remove its nodes from the inventory.</source>
        <translation>Para o cluster virtual e remove os nós dele do inventário.</translation>
    </message>
    <message>
        <source>stopping the virtual machines failed: %1</source>
        <translation>não foi possível parar as máquinas virtuais: %1</translation>
    </message>
    <message numerus="yes">
        <source>virtual cluster down (%1); %n virtual node(s) removed from the inventory.</source>
        <translation>
            <numerusform>cluster virtual desligado (%1); %n nó virtual removido do inventário.</numerusform>
            <numerusform>cluster virtual desligado (%1); %n nós virtuais removidos do inventário.</numerusform>
        </translation>
    </message>
    <message>
        <source>Whether the virtual cluster is up, and each of its VMs.</source>
        <translation>Se o cluster virtual está ativo, e cada uma das VMs dele.</translation>
    </message>
    <message>
        <source>Print it as JSON.</source>
        <translation>Imprime como JSON.</translation>
    </message>
    <message>
        <source>no virtual cluster is up (%1)</source>
        <translation>nenhum cluster virtual ativo (%1)</translation>
    </message>
    <message>
        <source>virtual cluster up (%1) in %2</source>
        <translation>cluster virtual ativo (%1) em %2</translation>
    </message>
    <message>
        <source>(not in the inventory)</source>
        <translation>(fora do inventário)</translation>
    </message>
    <message>
        <source>STOPPED</source>
        <translation>PARADA</translation>
    </message>
    <message>
        <source>Usage: halolinkctl lab SUBCOMMAND [options]</source>
        <translation>Uso: halolinkctl lab SUBCOMMAND [options]</translation>
    </message>
    <message>
        <source>Tensor-parallel inference jobs (vLLM over Ray, or llama.cpp RPC) across nodes.

  launch [--dry-run] --model M [options] NODE...
      --dry-run prints what would run where: per node the environment (RDMA values from that
      node&apos;s probe, each with its source) and the commands in order, and starts nothing.
      Without it the job is checked on every node (runtime, image, model, ports, memory),
      started detached in order with readiness waits, and smoke-tested: one chat completion
      (time to first token, tokens/s) with the RDMA port counters of every node as proof of
      the transport. A failed launch stops what it started. The first NODE is the head;
      nodes need a data-plane interface and address (the cluster setup writes them).
  status [NODE...]             jobs found on the nodes (default: every SSH node) and what runs
  logs NAME [--node N] [--role R] [--lines N] [--follow]
  stop NAME | restart NAME | smoke NAME   [NODE...: where to look for it]
  bench NAME [--concurrency 1,4,16] [--requests N] [--max-tokens N] [--seed S]
      the serving benchmark on the head against the job&apos;s API (greedy, fixed prompts): time to
      first token, inter-token latency, tokens/s per concurrency, with the transport&apos;s proof.
  compare NAME [the bench options] [--csv] [--secret-env NAME...]
      the benchmark with the job as it runs, the job relaunched with the other transport
      (TCP-only, or RDMA), the benchmark again, and the job relaunched as it was: the speed-up
      per concurrency and whether the greedy outputs matched. Ctrl-C cancels (the job is put
      back). Kept with the cluster: compare NAME --list [--json|--csv] shows the kept ones.
  advise --model M [--context N] [--concurrency N] [--prompt-tokens N] [--answer-tokens N]
         [--links cluster|reference|measure] NODE...
      before a launch: whether the model (its files, read on the first NODE) fits on one node,
      tensor parallel over the nodes or in llama.cpp&apos;s layer split, its largest context and KV
      cache per token, and the decode speed and time to first token predicted over RDMA and
      TCP, with the parts of each (docs/advise.md). The links are the kept cluster&apos;s
      verification where it measured every pair of the nodes, else the reference setup&apos;s;
      --links measure measures them between the first two nodes.

Exit codes: 0 success, 1 failure (e.g. a check failed, the job did not become ready, the
smoke test failed), 2 bad usage.</source>
        <translation>Jobs de inferência com paralelismo de tensor (vLLM sobre Ray, ou llama.cpp RPC) entre nós.

  launch [--dry-run] --model M [options] NODE...
      --dry-run imprime o que rodaria onde: por nó, o ambiente (valores RDMA da sondagem
      daquele nó, cada um com sua origem) e os comandos em ordem, e não inicia nada.
      Sem ele, o job é verificado em cada nó (runtime, imagem, modelo, portas, memória),
      iniciado em segundo plano, em ordem, esperando cada parte ficar pronta, e testado:
      um chat completion (tempo até o primeiro token, tokens/s) com os contadores das
      portas RDMA de cada nó como prova do transporte. Um início que falha para o que
      iniciou. O primeiro NODE é o principal; os nós precisam de interface e endereço do
      plano de dados (a configuração do cluster os grava).
  status [NODE...]             jobs encontrados nos nós (padrão: todo nó SSH) e o que roda
  logs NAME [--node N] [--role R] [--lines N] [--follow]
  stop NAME | restart NAME | smoke NAME   [NODE...: onde procurá-lo]
  bench NAME [--concurrency 1,4,16] [--requests N] [--max-tokens N] [--seed S]
      o benchmark de serviço no nó principal contra a API do job (gulosa, prompts fixos):
      tempo até o primeiro token, latência entre tokens, tokens/s por concorrência, com a
      prova do transporte.
  compare NAME [as opções de bench] [--csv] [--secret-env NAME...]
      o benchmark com o job como ele roda, o job reiniciado com o outro transporte (somente
      TCP, ou RDMA), o benchmark de novo e o job reiniciado como estava: a aceleração por
      concorrência e se as saídas gulosas coincidiram. Ctrl-C cancela (o job volta a ser
      como estava). Guardadas com o cluster: compare NAME --list [--json|--csv] mostra as
      guardadas.
  advise --model M [--context N] [--concurrency N] [--prompt-tokens N] [--answer-tokens N]
         [--links cluster|reference|measure] NODE...
      antes de iniciar: se o modelo (os arquivos dele, lidos no primeiro NODE) cabe em um
      nó, com paralelismo de tensor entre os nós ou na divisão por camadas do llama.cpp, o
      maior contexto e o cache KV por token, e a velocidade de decodificação e o tempo até
      o primeiro token previstos via RDMA e via TCP, com as partes de cada um
      (docs/advise.md). Os enlaces são os da verificação do cluster guardado quando ela
      mediu todos os pares dos nós, senão os da configuração de referência;
      --links measure os mede entre os dois primeiros nós.

Códigos de saída: 0 sucesso, 1 falha (p. ex. uma verificação falhou, o job não ficou
pronto, o teste rápido falhou), 2 uso incorreto.</translation>
    </message>
    <message>
        <source>advise: cluster (the kept cluster&apos;s verification; by default when it measured every pair of the nodes), reference (the reference setup&apos;s figures; the default otherwise) or measure (RDMA and TCP between the first two nodes, now).</source>
        <translation>advise: cluster (a verificação do cluster guardado; o padrão quando ela mediu todos os pares dos nós), reference (os valores da configuração de referência; o padrão nos outros casos) ou measure (RDMA e TCP entre os dois primeiros nós, agora).</translation>
    </message>
    <message>
        <source>--links is cluster, reference or measure.</source>
        <translation>--links é cluster, reference ou measure.</translation>
    </message>
    <message>
        <source>the kept cluster&apos;s verification did not measure every pair of these nodes (set up or verify the cluster in the app, or use --links measure).</source>
        <translation>a verificação do cluster guardado não mediu todos os pares destes nós (configure ou verifique o cluster no app, ou use --links measure).</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cluster manager for RDMA-linked Strix Halo GPU nodes.</source>
        <translation>Gerenciador de clusters de nós de GPU Strix Halo ligados por RDMA.</translation>
    </message>
    <message>
        <source>Colours: system (default), light or dark.</source>
        <translation>Cores: system (padrão), light ou dark.</translation>
    </message>
    <message>
        <source>halolink: --color-scheme must be system, light or dark.</source>
        <translation>halolink: --color-scheme deve ser system, light ou dark.</translation>
    </message>
    <message>
        <source>Boot a virtual Soft-RoCE cluster of N nodes (2 to 4) at start.</source>
        <translation>Inicia, ao abrir, um cluster virtual Soft-RoCE de N nós (2 a 4).</translation>
    </message>
    <message>
        <source>halolink: --virtual-cluster takes a number of nodes from 2 to 4.</source>
        <translation>halolink: --virtual-cluster recebe um número de nós de 2 a 4.</translation>
    </message>
</context>
</TS>
