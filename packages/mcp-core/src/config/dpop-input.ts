/**
 * The `auth.dpop` option of a remote server (SPEC §3.7), shared by every `auth` type.
 * @module
 */

/**
 * `auth.dpop`: sender-constrained tokens (RFC 9449). A settings object, on when given; its
 * `enabled: false` turns off the default (DPoP whenever the authorization server advertises ES256).
 */
export interface DpopInput {
  /** `false`: tokens stay Bearer even where the authorization server offers DPoP. @default true */
  enabled?: boolean | undefined;
}
