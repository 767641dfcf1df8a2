/** Types of redis-launcher.mjs (see its module comment). */
import type { ChildProcess } from "node:child_process";

export declare const START_BOUND_MS: number;
export declare const STOP_BOUND_MS: number;
export declare function freePort(): Promise<number>;
export declare function redisArgs(port: number, dir: string, extra?: string[]): string[];
export declare function startRedisProcess(
  command: string,
  args: string[],
  what?: string,
): Promise<ChildProcess>;
export declare function stopProcess(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
export interface LaunchedRedis {
  port: number;
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}
export declare function startRedisServer(
  dir: string,
  extra?: string[] | ((port: number) => string[]),
): Promise<LaunchedRedis>;
export declare function clusterNodeArgs(port: number): string[];
export declare function joinCluster(ports: number[], replicas?: number): Promise<void>;
