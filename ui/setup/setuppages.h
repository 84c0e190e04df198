#pragma once
// The setup wizard's pages (see setupwizard.h), one file each. Each page shows
// and edits the SetupController's state; none talks to a node itself. Widgets
// that tests drive carry object names.

#include "setup/nodespage.h"      // 1. Nodes
#include "setup/preflightpage.h"  // 2. Preflight
#include "setup/topologypage.h"   // 3. Topology and addressing
#include "setup/qospage.h"        // 4. QoS
#include "setup/reviewpage.h"     // 5. Review
#include "setup/applypage.h"      // 6. Apply
#include "setup/verifypage.h"     // 7. Verify
