// The 20-failover run of soak/replica-failover-short.test.ts (issue 40, item 14): a replica that lags
// (paused 300 ms, 64 MB of replication stream before the rotated grant), the primary killed right
// after each rotation, the sentinel promoting the replica that never had the grant. The worker that
// rotated holds the grant and writes it again on the new primary: 0 `invalid_grant` (nor reuse) in
// 20 failovers, and the fleet still refreshes after the last.
import { laggingFailoverSuite } from "../test/support/lagging-failover.js";

laggingFailoverSuite(20, 900_000);
