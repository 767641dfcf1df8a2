/**
 * The versions of token writes a worker has heard announced but not read (SPEC.md 19.8.8). A sealed
 * write announces `written <version>` on its entry's channel in the script that makes it, and a
 * subscriber connected to that primary receives it at once, with no replica involved. So a worker
 * that heard a write of version v and then reads an older entry knows a failover lost it — even
 * when it never read the newer entry, noticed no outage (a Sentinel client that moved to the new
 * primary without an error, a `ready` or a topology event), and however late the worker holding
 * the write learns of the new primary — and the read fails for now instead of handing out a
 * refresh token the authorization server has spent. An announced version is never taken as a
 * version seen (a forged announcement must not make the current entry read as a replayed one, a
 * miss), and it counts for `holdMs` from when it was heard (the holder holds the write no longer):
 * a forged one costs that entry's reads at most that.
 * @module
 */

/** Most entries whose announced version is kept (the least recently heard is forgotten first). */
const MAX_ENTRIES = 10_000;

const ANNOUNCED = /^written (\d{1,16})$/;

/** Announced versions per Redis value key, heard on the entries' channels. */
export class AnnouncedVersions {
  /** Per channel, the value key it announces (the entries this worker follows). */
  private readonly valueKeys = new Map<string, string>();
  /** Per value key, the highest announced version above what the worker has seen, and when it was heard. */
  private readonly versions = new Map<string, { version: number; at: number }>();

  /** @param keepMs how long an announcement counts (the holder of a lost write holds it that long). */
  constructor(private readonly keepMs: number) {}

  /** `channel` announces writes of `valueKey` (a followed entry). */
  follow(channel: string, valueKey: string): void {
    this.valueKeys.delete(channel); // re-inserted last: the least recently followed go first
    this.valueKeys.set(channel, valueKey);
    if (this.valueKeys.size > MAX_ENTRIES)
      this.valueKeys.delete(this.valueKeys.keys().next().value as string);
  }

  /** A message on `channel`; `seen` is the highest version the worker has read or written of its entry. */
  heard(channel: string, message: string, seen: (valueKey: string) => number | undefined): void {
    const valueKey = this.valueKeys.get(channel);
    const match = valueKey === undefined ? null : ANNOUNCED.exec(message);
    if (!valueKey || !match) return;
    const version = Number(match[1]);
    if (!Number.isSafeInteger(version) || version <= (seen(valueKey) ?? 0)) return;
    if (version <= (this.versions.get(valueKey)?.version ?? 0)) return;
    this.versions.delete(valueKey);
    this.versions.set(valueKey, { version, at: Date.now() });
    if (this.versions.size > MAX_ENTRIES) this.versions.delete(this.versions.keys().next().value as string);
  }

  /**
   * The version of `valueKey` announced within `keepMs` above `version` (an entry read of that
   * version misses a write a failover lost), if any; one at or below it, or older, is forgotten.
   */
  above(valueKey: string, version: number): number | undefined {
    const announced = this.versions.get(valueKey);
    if (announced === undefined) return undefined;
    if (announced.version > version && Date.now() - announced.at < this.keepMs) return announced.version;
    this.versions.delete(valueKey); // the entry read has it (or a later one), or its holder gave up
    return undefined;
  }
}
