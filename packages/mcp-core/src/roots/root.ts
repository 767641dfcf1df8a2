/**
 * A root as the host gives it: a directory the servers may work in. The protocol's roots are
 * `file://` URIs; a plain path is turned into one.
 * @module
 */

/** A root: a `file:` URI (or a directory path, turned into one) and an optional display name. */
export interface Root {
  /** A `file:` URI, or a directory path (absolute, or relative to where it was given). */
  uri: string;
  /** A name a server may show for the root. */
  name?: string | undefined;
}

/** The roots servers are offered: a list, or a function called for every `roots/list` request. */
export type RootsOption =
  | readonly (string | Root)[]
  | (() => readonly (string | Root)[] | Promise<readonly (string | Root)[]>);

/** A root after validation: `uri` is an absolute, normalized `file:` URI. */
export interface ResolvedRoot {
  uri: string;
  name?: string;
}
