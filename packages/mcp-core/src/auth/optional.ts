/** `{ [key]: value }` when value is defined, else `{}`: for option objects under exactOptionalPropertyTypes. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
