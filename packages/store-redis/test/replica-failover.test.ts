// A rotated grant survives a failover that loses it (issue 40, item 14): the replica lags (paused
// 300 ms), the primary is killed right after a worker wrote the rotated grant, and the sentinel
// promotes the replica that never had it. The worker that rotated holds the grant until a replica
// acknowledges it and writes it again on the new primary, so no worker ever spends the old refresh
// token: 0 `invalid_grant` (nor reuse) over 3 failovers here, 20 in soak/replica-failover.test.ts.
import { laggingFailoverSuite } from "./support/lagging-failover.js";

laggingFailoverSuite(3, 200_000);
