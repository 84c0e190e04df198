// The built-in prompts of `api bench`: twelve, from a line to a few
// paragraphs, so that time to first token is measured over prompts of
// different lengths and the outputs are the same for everyone who runs the
// benchmark. Written for HaloLink; request i uses prompt i % 12.

#include "api/serve_bench.h"

namespace halolink::api {

const std::vector<std::string> &builtinPrompts()
{
    static const std::vector<std::string> prompts {
        "Name three prime numbers greater than fifty.",
        "Explain in two sentences why the sky looks blue during the day and red at sunset.",
        "Write a short haiku about a cluster of small computers working together through the night.",
        "List the planets of the solar system in order from the sun, with one fact about each.",
        "A train leaves a station at 9:00 and travels at 80 km/h. A second train leaves the same station at "
        "10:00 on a parallel track at 120 km/h. At what time does the second train catch up with the first? "
        "Show each step of the calculation.",
        "Describe how a hash table works, what a collision is, and two common ways of resolving collisions. "
        "Keep it suitable for a student who knows arrays and linked lists but has not seen hashing before.",
        "Translate the following sentence into French, German and Spanish: 'The meeting has been moved to "
        "Thursday afternoon because the projector in the main room is broken.'",
        "Summarise the following paragraph in one sentence. Remote direct memory access lets one computer "
        "read or write the memory of another without involving the remote processor in each transfer. The "
        "network card moves the data itself, after the two sides have registered memory regions and "
        "exchanged keys. This removes copies and system calls from the data path, so latency falls to a few "
        "microseconds and a single core can drive links of a hundred gigabits per second. The price is a more "
        "complex programming model: queues, completion events and explicit memory registration.",
        "Write a Python function that returns the n-th Fibonacci number using iteration, then explain its "
        "time and memory complexity, and finally show how the same function could be written with "
        "memoisation instead.",
        "You are planning a three-day hiking trip in the mountains in early autumn. Make a packing list grouped "
        "into clothing, food, navigation, safety and shelter. For each group, say briefly why the items matter "
        "and which single item you would never leave behind. Assume nights can fall below freezing, there is "
        "no mobile coverage, and water can be found at streams along the way but must be treated before "
        "drinking.",
        "Compare tensor parallelism and pipeline parallelism for serving a large language model across several "
        "machines. Cover how the model is split in each case, what travels over the network and how often, "
        "how each one affects the time to the first token and the time between tokens, and which one suffers "
        "more from a slow link between the machines. Finish with a recommendation for four machines joined by "
        "a 100 Gb/s network with RDMA, and another for the same machines joined by 5 Gb/s Ethernet without "
        "RDMA.",
        "Read the following log excerpt and say what most likely went wrong and what to check first.\n\n"
        "12:00:01 worker-2 starting engine, tensor parallel rank 1 of 2\n"
        "12:00:03 worker-2 NCCL INFO NET/IB : No device found.\n"
        "12:00:03 worker-2 NCCL INFO NET/Socket : Using [0]eth0:192.168.1.12<0>\n"
        "12:00:04 head NCCL INFO NET/IB : Using [0]rxe0:1/RoCE ; OOB eth1:10.77.0.1<0>\n"
        "12:00:34 head NCCL WARN NET/IB : Got completion from peer 10.77.0.2<0> with status=12\n"
        "12:00:34 head RuntimeError: NCCL error: remote process exited or there was a network error\n\n"
        "Explain the meaning of each line in plain words before giving the diagnosis, and end with the exact "
        "environment variables you would set on each node to make both ranks use the same transport.",
    };
    return prompts;
}

} // namespace halolink::api
