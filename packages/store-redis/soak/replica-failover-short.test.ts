// The CI run of the lagging-replica failovers (issue 40, item 14): 5 failovers (about 1 min),
// called by `npm run test:soak` in .ci/run. (`npm test` ran a 3-failover copy of it too, 42–47 s of
// mostly waiting and ~10 CPU-s; it left, since CI runs this one on every change anyway.) Each round as in soak/replica-failover.test.ts (a
// replica paused 300 ms with 64 MB of replication stream before the rotated grant, the primary
// killed right after the rotation): 0 `invalid_grant` (nor reuse). The 20-failover run is
// `npm run test:soak:replica`, by hand.
import { laggingFailoverSuite } from "../test/support/lagging-failover.js";

laggingFailoverSuite(5, 240_000);
