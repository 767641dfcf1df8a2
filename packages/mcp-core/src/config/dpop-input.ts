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
  /**
   * A secret of at least 32 characters shared by the processes of a fleet (`${VAR}`): the DPoP key
   * is then sealed with it (AES-256-GCM) into the token store beside the tokens, and every process
   * presents the same DPoP-bound token. Without it the key never leaves its process.
   */
  sealingKey?: string | undefined;
}
