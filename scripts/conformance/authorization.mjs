// The person of the OAuth scenarios, played through the public API only: when the server goes to
// `needs-auth`, follow the authorization URL that `onStateChange` carried (the suite's authorization
// endpoint approves at once and redirects), and hand the redirect — `code`, `state`, maybe `iss` —
// to `source.authorize()`. Whether that redirect is trustworthy (state, iss) is the library's call.

/**
 * Follows an authorization URL as a browser would, without following the redirect back: resolves
 * with the redirect's absolute URL, or rejects when the endpoint answers anything else.
 */
export async function followAuthorizationUrl(url, timeoutMs) {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (response.status < 300 || response.status > 399 || !location) {
    throw new Error(`the authorization endpoint answered ${response.status}, not a redirect`);
  }
  return new URL(location, url).href;
}

/**
 * Authorizes one server whenever it waits for a person, at most `maxAuthorizations` times in all
 * (a server that challenges again after every authorization must not loop forever).
 */
export class Authorizer {
  #server;
  #maxAuthorizations;
  #timeoutMs;
  #authorizations = 0;
  /** The latest authorization URL `onStateChange` reported, until it is used. */
  #pendingUrl;
  /** Every URL followed: an authorization request is never made twice. */
  #followed = new Set();

  constructor(server, { maxAuthorizations, timeoutMs }) {
    this.#server = server;
    this.#maxAuthorizations = maxAuthorizations;
    this.#timeoutMs = timeoutMs;
  }

  /** How many authorizations were handed to the library. */
  get count() {
    return this.#authorizations;
  }

  /** Starts listening to the source's state changes; returns the unsubscribe function. */
  watch(source) {
    return source.onStateChange((server, state, info) => {
      if (server === this.#server && state === "needs-auth" && info.authorizationUrl) {
        this.#pendingUrl = info.authorizationUrl;
      }
    });
  }

  /**
   * While the server waits for a person, authorizes it; resolves when it no longer waits. The URL
   * of a server that went to `needs-auth` before `watch` (during the load) is in its snapshot.
   */
  async settle(source) {
    while (source.state(this.#server) === "needs-auth") {
      const url = this.#pendingUrl ?? this.#snapshotUrl(source);
      this.#pendingUrl = undefined;
      if (url === undefined || this.#followed.has(url)) {
        throw new Error(`${this.#server} needs authorization but gave no new authorization URL`);
      }
      if (this.#authorizations >= this.#maxAuthorizations) {
        throw new Error(`still unauthorized after ${this.#authorizations} authorizations; giving up`);
      }
      this.#followed.add(url);
      this.#authorizations++;
      const redirect = await followAuthorizationUrl(url, this.#timeoutMs);
      console.log(`authorization ${this.#authorizations}: redirected with ${redirectParams(redirect)}`);
      // A rejection because the server challenged again at once (a step-up while listing) is the
      // next round's business; any other rejection (a refused redirect) ends it.
      await source.authorize(this.#server, redirect).catch((error) => {
        if (this.#pendingUrl === undefined) throw error;
      });
    }
  }

  #snapshotUrl(source) {
    return source.servers().find((snapshot) => snapshot.name === this.#server)?.authorizationUrl;
  }
}

/** The names of a redirect's query parameters (their values are secrets or noise). */
function redirectParams(redirect) {
  return [...new URL(redirect).searchParams.keys()].join(", ") || "no parameters";
}
