/**
 * What watches a running session: the health check (missed pings count as a dead transport).
 * @module
 */

import type { ResolvedHealthCheck } from "../config/resolved-policies.js";
import { McpCoreError } from "../errors.js";
import { serverLabel } from "../server-message.js";
import type { McpSession } from "../transport/session.js";
import { HealthMonitor } from "./health-monitor.js";

export class Supervision {
  private health: HealthMonitor | undefined;

  constructor(
    private readonly policy: ResolvedHealthCheck,
    private readonly server: string,
    /** `session` missed its health checks: `error` says how many. */
    private readonly onDead: (session: McpSession, error: McpCoreError) => void,
  ) {}

  /** Starts watching a session that just became `running`. */
  arm(session: McpSession): void {
    this.disarm();
    this.health = new HealthMonitor(
      this.policy,
      (ms) => session.healthCheck(ms),
      (missed) =>
        this.onDead(
          session,
          new McpCoreError(
            "CONNECTION_CLOSED",
            `${serverLabel(this.server)} missed ${missed} health checks`,
            {
              server: this.server,
            },
          ),
        ),
    );
    this.health.start();
  }

  /** Stops watching (the session ended or is being stopped). */
  disarm(): void {
    this.health?.stop();
    this.health = undefined;
  }
}
