#include "commands.h"

int main(int argc, char **argv)
{
    return halolink::runEngine(argc, argv);
}
