/**
 * Decides once per run whether the Redis suite runs (see `redisAvailable` in redis-server.ts), so
 * a machine without Redis prints ONE line for the whole suite; the test files `inject` the answer.
 * @module
 */
import type { TestProject } from "vitest/node";
import { checkRedisAvailable } from "./redis-available.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisAvailable: boolean;
  }
}

export default function setup(project: TestProject): void {
  project.provide("redisAvailable", checkRedisAvailable());
}
